import { describe, expect, test } from "vitest";
import {
  isRoutingNumber,
  payoutDetailsRequestSchema,
  toDetailsRequest,
  type PayoutDetailsRequest,
} from "./payout-details-request.js";
import {
  emptyPayoutDetails,
  isAccountComplete,
  missingDetails,
  payoutDestination,
  type PayoutDetails,
} from "./payout-details.js";

const wise: PayoutDetailsRequest = {
  name: "Dana Demo",
  country: "Portugal",
  city: "Lisbon",
  address: "Rua Augusta 1",
  postCode: "1100-048",
  company: "Demo Media Lda",
  invoiceEmail: "invoices@demo.test",
  tax: "PT123456789",
  payoutType: "Wise",
  paypalEmail: "dana@wise.test",
  tronAddress: "",
  fedwireRoutingNumber: "",
  swiftBIC: "",
  bankAccountNumber: "",
  accountType: "Checking",
  iban: "",
  accountHolder: "",
};

const problem = (body: unknown) => {
  const result = payoutDetailsRequestSchema.safeParse(body);
  return result.success ? undefined : result.error.issues.map((issue) => issue.message).join(" | ");
};

describe("payoutDetailsRequestSchema", () => {
  test("maps the request's field names to the stored ones, trimming whitespace", () => {
    const stored = payoutDetailsRequestSchema.parse({ ...wise, name: "  Dana Demo ", swiftBIC: "" });
    expect(stored).toMatchObject({
      name: "Dana Demo",
      post_code: "1100-048",
      invoice_email: "invoices@demo.test",
      payout_type: "Wise",
      paypal_payout_account: "dana@wise.test",
      account_type: "Checking",
    });
    expect(toDetailsRequest(stored)).toEqual(wise);
  });

  test("accepts names and places in any script", () => {
    expect(problem({ ...wise, name: "José Müller-Łukasz", city: "東京", company: "Société Générale" })).toBeUndefined();
  });

  test.each([
    ["Wise without its account e-mail", { paypalEmail: "" }, "Required: Wise Account Email."],
    ["Crypto (TRON) without an address", { payoutType: "Crypto (TRON)" }, "Required: TRON Address."],
    [
      "Wire Transfer without bank details",
      { payoutType: "Wire Transfer" },
      "Required: Fedwire Routing Number, Bank Account Number.",
    ],
    ["no name or company", { name: " ", company: "" }, "Required: Full Name, Company."],
  ])("%s is refused", (_, change, message) => {
    expect(problem({ ...wise, ...change })).toBe(message);
  });

  test("each payout method is accepted with what it needs", () => {
    expect(problem({ ...wise, payoutType: "Crypto (TRON)", tronAddress: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t" })).toBe(
      undefined,
    );
    expect(
      problem({
        ...wise,
        payoutType: "Wire Transfer",
        fedwireRoutingNumber: "021000021",
        bankAccountNumber: "000123456789",
        accountType: "Savings",
        swiftBIC: "chasus33",
      }),
    ).toBeUndefined();
    expect(payoutDetailsRequestSchema.parse({ ...wise, swiftBIC: "chasus33xxx" }).swift_BIC).toBe("CHASUS33XXX");
  });

  test.each([
    ["an invalid invoice e-mail", { invoiceEmail: "not-an-email" }, "Invoice Email must be an e-mail address."],
    ["an invalid Wise e-mail", { paypalEmail: "dana@" }, "Wise Account Email must be an e-mail address."],
    ["a mistyped TRON address", { tronAddress: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u" }, "TRON Address is not a valid"],
    ["a routing number failing its check digit", { fedwireRoutingNumber: "021000022" }, "valid 9-digit routing"],
    ["a bank account with symbols", { bankAccountNumber: "12-34" }, "4 to 34 letters and digits"],
    ["a malformed SWIFT/BIC", { swiftBIC: "CHAS" }, "SWIFT/BIC must be 8 or 11"],
    [
      "an unknown payout method",
      { payoutType: "PayPal" },
      "Payout method must be one of Wise, Crypto (TRON), Wire Transfer, Bank Transfer (IBAN).",
    ],
    ["an unknown account type", { accountType: "Brokerage" }, "Account type must be Checking or Savings."],
    ["a name of 101 characters", { name: "x".repeat(101) }, "Full Name must be at most 100 characters."],
    ["a script tag", { company: "<script>alert(1)</script>" }, "Company contains characters that are not allowed."],
    ["a control character", { address: "Main St\u0000" }, "Address contains characters that are not allowed."],
    ["a bidi override", { name: "Dana\u202e" }, "Full Name contains characters that are not allowed."],
    ["a number for text", { city: 12 }, "City must be text."],
    ["an unknown extra field", { isAdmin: true }, 'Unrecognized key: "isAdmin"'],
  ])("refuses %s", (_, change, message) => {
    expect(problem({ ...wise, ...change })).toContain(message);
  });

  test("a body of SPEC.md's fields alone (the original front-end's) is taken: the IBAN fields are ours", () => {
    const { iban: _iban, accountHolder: _holder, ...spec } = wise;
    expect(payoutDetailsRequestSchema.parse(spec)).toMatchObject({ iban: "", account_holder: "" });
  });

  test("Bank Transfer (IBAN) needs the IBAN and the BIC, and stores them normalised", () => {
    const iban = { ...wise, payoutType: "Bank Transfer (IBAN)" };
    expect(problem(iban)).toBe("Required: IBAN, SWIFT/BIC.");
    const stored = payoutDetailsRequestSchema.parse({
      ...iban,
      iban: " pt50 0002 0123 1234 5678 9015 4 ",
      swiftBIC: "bcom pt pl",
      accountHolder: " Dana Demo ",
    });
    expect(stored).toMatchObject({
      payout_type: "Bank Transfer (IBAN)",
      iban: "PT50000201231234567890154",
      swift_BIC: "BCOMPTPL",
      account_holder: "Dana Demo",
    });
    // The form shows it back in groups of four.
    expect(toDetailsRequest(stored).iban).toBe("PT50 0002 0123 1234 5678 9015 4");
  });

  test.each([
    ["a mistyped IBAN", { iban: "PT50000201231234567890155" }, "This IBAN's check digits do not match"],
    ["an IBAN cut short", { iban: "PT5000020123123456789015" }, "An IBAN from Portugal has 25 characters"],
    ["a US account number as IBAN", { iban: "US64SVBKUS6S3300958879" }, "choose Wire Transfer"],
    ["a BIC of 9", { swiftBIC: "BCOMPTPL1" }, "SWIFT/BIC must be 8 or 11 letters and digits."],
    ["a BIC with no country", { swiftBIC: "BCOMXXPL" }, "SWIFT/BIC has no country in its 5th and 6th letters"],
  ])("Bank Transfer (IBAN) refuses %s", (_, change, message) => {
    const iban = {
      ...wise,
      payoutType: "Bank Transfer (IBAN)",
      iban: "PT50000201231234567890154",
      swiftBIC: "BCOMPTPL",
    };
    expect(problem(iban)).toBeUndefined();
    expect(problem({ ...iban, ...change })).toContain(message);
  });

  test("refuses a body missing a field", () => {
    const { tax: _tax, ...withoutTax } = wise;
    expect(problem(withoutTax)).toContain("VAT/Tax must be text.");
  });
});

describe("completeness", () => {
  const complete: PayoutDetails = payoutDetailsRequestSchema.parse(wise);

  test("an account with every required field is complete; VAT/Tax is needed only for a payout", () => {
    const noTax = { ...complete, tax: "" };
    expect(isAccountComplete(noTax)).toBe(true);
    expect(missingDetails(noTax, { forPayout: true })).toEqual(["VAT/Tax"]);
  });

  test("a new account is incomplete", () => {
    expect(isAccountComplete(emptyPayoutDetails)).toBe(false);
    expect(missingDetails(emptyPayoutDetails)).toContain("Wise Account Email");
  });

  test("switching the method asks for that method's details", () => {
    expect(missingDetails({ ...complete, payout_type: "Crypto (TRON)" })).toEqual(["TRON Address"]);
    expect(missingDetails({ ...complete, payout_type: "Bank Transfer (IBAN)" })).toEqual(["IBAN", "SWIFT/BIC"]);
    expect(
      isAccountComplete({
        ...complete,
        payout_type: "Bank Transfer (IBAN)",
        iban: "DE89370400440532013000",
        swift_BIC: "COBADEFF",
      }),
    ).toBe(true);
  });
});

test.each([
  ["011000015", true],
  ["021000021", true],
  ["121000358", true],
  ["021000022", false],
  ["12345678", false],
  ["12345678a", false],
])("isRoutingNumber(%s) is %s", (value, valid) => {
  expect(isRoutingNumber(value)).toBe(valid);
});

describe("payoutDestination: where staff send the money, in full", () => {
  const payee: PayoutDetails = {
    ...emptyPayoutDetails,
    name: "Dana Demo",
    company: "Demo Media Lda",
    paypal_payout_account: "dana@wise.test",
    tron_address: "TLsV52sRDL79HXGGm9yzwKibb6BeruhUzy",
    fedwire_routing_number: "021000021",
    bank_account_number: "000123456789",
    account_type: "Savings",
  };

  test("Wise: the account e-mail, unmasked", () => {
    expect(payoutDestination({ ...payee, payout_type: "Wise" })).toEqual({
      method: "Wise",
      fields: [["Wise Account Email", "dana@wise.test"]],
    });
  });

  test("TRON: the address", () => {
    expect(payoutDestination({ ...payee, payout_type: "Crypto (TRON)" })).toEqual({
      method: "Crypto (TRON)",
      fields: [["TRON Address", "TLsV52sRDL79HXGGm9yzwKibb6BeruhUzy"]],
    });
  });

  test("wire: holder, account, routing, type; SWIFT/BIC only when given", () => {
    const wire = { ...payee, payout_type: "Wire Transfer" as const };
    expect(payoutDestination(wire)).toEqual({
      method: "Wire Transfer",
      fields: [
        ["Account holder", "Demo Media Lda"],
        ["Bank Account Number", "000123456789"],
        ["Fedwire Routing Number", "021000021"],
        ["Account Type", "Savings"],
      ],
    });
    expect(payoutDestination({ ...wire, swift_BIC: "DEUTDEFF", company: "" }).fields).toEqual([
      ["Account holder", "Dana Demo"],
      ["Bank Account Number", "000123456789"],
      ["Fedwire Routing Number", "021000021"],
      ["Account Type", "Savings"],
      ["SWIFT/BIC", "DEUTDEFF"],
    ]);
  });

  test("Bank Transfer (IBAN): holder (given, else company, else name), the IBAN in groups of four, the BIC", () => {
    const iban = {
      ...payee,
      payout_type: "Bank Transfer (IBAN)" as const,
      iban: "DE89370400440532013000",
      swift_BIC: "COBADEFF",
    };
    expect(payoutDestination(iban)).toEqual({
      method: "Bank Transfer (IBAN)",
      fields: [
        ["Account holder", "Demo Media Lda"],
        ["IBAN", "DE89 3704 0044 0532 0130 00"],
        ["SWIFT/BIC", "COBADEFF"],
      ],
    });
    expect(payoutDestination({ ...iban, account_holder: "Dana D. Demo" }).fields[0]).toEqual([
      "Account holder",
      "Dana D. Demo",
    ]);
    expect(payoutDestination({ ...iban, company: "" }).fields[0]).toEqual(["Account holder", "Dana Demo"]);
  });
});
