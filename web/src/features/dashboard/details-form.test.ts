import { expect, test } from "vitest";
import { toDetailsRequest } from "@domain/payout-details-request";
import { emptyPayoutDetails } from "@domain/payout-details";
import { completeDetails } from "./affiliate-fixture";
import type { DetailsForm } from "./dashboard-api";
import { detailsErrors, detailsRequest, differsFrom, formFieldOf, type FormField } from "./details-form";

const saved = toDetailsRequest({
  ...emptyPayoutDetails,
  ...completeDetails,
  paypal_payout_account: "",
  payout_type: "Crypto (TRON)",
  tron_address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
}) as DetailsForm;
const common: FormField[] = ["name", "company", "address", "city", "postCode", "country", "invoiceEmail", "tax"];
const wire: FormField[] = [
  ...common,
  "payoutType",
  "fedwireRoutingNumber",
  "bankAccountNumber",
  "accountType",
  "swiftBIC",
];

test("every shown field's error at once, in the domain's words; fields not shown are not judged", () => {
  const form = {
    ...saved,
    name: " ",
    invoiceEmail: "dana@",
    payoutType: "Wire Transfer",
    fedwireRoutingNumber: "123456789",
    tronAddress: "T-nope",
  };
  expect(detailsErrors(form, wire)).toEqual({
    name: "Full Name is required.",
    invoiceEmail: "Invoice Email must be an e-mail address.",
    fedwireRoutingNumber: "Fedwire Routing Number must be a valid 9-digit routing number.",
    bankAccountNumber: "Bank Account Number is required.",
  });
  expect(detailsErrors(saved, [...common, "payoutType", "tronAddress"])).toEqual({});
});

test("a field not shown goes as typed if its rule takes it, else as saved, else empty", () => {
  const typed = { ...saved, payoutType: "Wire Transfer", tronAddress: "T-nope", paypalEmail: "new@wise.test" };
  const request = detailsRequest(typed, saved, wire);
  expect(request.tronAddress).toBe(saved.tronAddress);
  expect(request.paypalEmail).toBe("new@wise.test");
  expect(detailsRequest(typed, { ...saved, tronAddress: "also-bad" }, wire).tronAddress).toBe("");
});

test("the form differs from the saved details only by what saving would change", () => {
  const shown: FormField[] = [...common, "payoutType", "tronAddress"];
  expect(differsFrom({ ...saved, name: "  Dana " }, saved, shown)).toBe(false);
  expect(differsFrom({ ...saved, name: "Dana B" }, saved, shown)).toBe(true);
  // A half-typed address for a method not chosen would not be saved.
  expect(
    differsFrom({ ...saved, payoutType: "Wise", paypalEmail: "x" }, saved, [...common, "payoutType", "paypalEmail"]),
  ).toBe(true);
  expect(differsFrom({ ...saved, fedwireRoutingNumber: "12" }, saved, shown)).toBe(false);
});

test("a stored field's form field", () => {
  expect(formFieldOf("post_code")).toBe("postCode");
  expect(formFieldOf("paypal_payout_account")).toBe("paypalEmail");
});
