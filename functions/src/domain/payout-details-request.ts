/**
 * The update_paypal_account request (SPEC.md §7): its field names are the original front-end's, validated
 * field by field and mapped to the stored payout details (payout-details.ts).
 */
import { z } from "zod";
import { friendlyIban, normaliseBic, normaliseIban } from "./iban-format.js";
import { bicProblem, ibanProblem } from "./iban.js";
import { isPlainText } from "./plain-text.js";
import { isTronAddress } from "./tron-address.js";
import { accountTypes, detailLabels, missingDetails, payoutTypes, type PayoutDetails } from "./payout-details.js";

/** Field limits: generous for real addresses, small enough to keep documents and invoices sane. */
const maxLengths = {
  name: 100,
  country: 60,
  city: 80,
  address: 200,
  postCode: 20,
  company: 120,
  tax: 40,
  email: 254,
} as const;

const emailPattern = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[A-Za-z]{2,}$/;
const routingNumberPattern = /^\d{9}$/;
const bankAccountPattern = /^[A-Za-z0-9]{4,34}$/;

function text(label: string, max: number) {
  return z
    .string({ error: `${label} must be text.` })
    .max(max, { error: `${label} must be at most ${max} characters.` })
    .refine(isPlainText, {
      error: `${label} contains characters that are not allowed.`,
    })
    .transform((value) => value.trim());
}

function optionalFormatted(label: string, max: number, valid: (value: string) => boolean, problem: string) {
  return text(label, max).refine((value) => value === "" || valid(value), { error: `${label} ${problem}` });
}

/** An optional field whose rule says what is wrong in its own words (null when nothing is). */
function optionalChecked(label: string, max: number, problemOf: (value: string) => string | null) {
  return text(label, max).superRefine((value, ctx) => {
    const problem = value === "" ? null : problemOf(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });
}

/** The ABA check digit rule that every US routing number satisfies (weights 3, 7, 1). */
export function isRoutingNumber(value: string): boolean {
  if (!routingNumberPattern.test(value)) return false;
  const digits = [...value].map(Number);
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  return digits.reduce((sum, digit, i) => sum + digit * weights[i]!, 0) % 10 === 0;
}

export const isEmail = (value: string): boolean => emailPattern.test(value);

/** The update_paypal_account fields (request_payout sends the same plus price), each checked on its own. */
export const payoutDetailsFields = {
  name: text(detailLabels.name, maxLengths.name),
  country: text(detailLabels.country, maxLengths.country),
  city: text(detailLabels.city, maxLengths.city),
  address: text(detailLabels.address, maxLengths.address),
  postCode: text(detailLabels.post_code, maxLengths.postCode),
  company: text(detailLabels.company, maxLengths.company),
  invoiceEmail: optionalFormatted(detailLabels.invoice_email, maxLengths.email, isEmail, "must be an e-mail address."),
  tax: text(detailLabels.tax, maxLengths.tax),
  payoutType: z.enum(payoutTypes, { error: `Payout method must be one of ${payoutTypes.join(", ")}.` }),
  paypalEmail: optionalFormatted(
    detailLabels.paypal_payout_account,
    maxLengths.email,
    isEmail,
    "must be an e-mail address.",
  ),
  tronAddress: optionalFormatted(
    detailLabels.tron_address,
    64,
    isTronAddress,
    "is not a valid TRON address (34 characters starting with T).",
  ),
  fedwireRoutingNumber: optionalFormatted(
    detailLabels.fedwire_routing_number,
    9,
    isRoutingNumber,
    "must be a valid 9-digit routing number.",
  ),
  // Spaces are allowed as typed ("DEUT DE FF"); stored without them, upper case (toStoredDetails).
  swiftBIC: optionalChecked(detailLabels.swift_BIC, 14, (value) => {
    const problem = bicProblem(value);
    return problem ? `${detailLabels.swift_BIC} ${problem}` : null;
  }),
  bankAccountNumber: optionalFormatted(
    detailLabels.bank_account_number,
    34,
    (v) => bankAccountPattern.test(v),
    "must be 4 to 34 letters and digits.",
  ),
  accountType: z.enum(accountTypes, { error: `Account type must be Checking or Savings.` }),
  // Issue 32's Bank Transfer (IBAN), after SPEC.md's fields: 34 characters at most, with a space every four.
  iban: optionalChecked(detailLabels.iban, 42, ibanProblem).optional(),
  accountHolder: text(detailLabels.account_holder, maxLengths.name).optional(),
};

/**
 * The update_paypal_account body, as the details to store. Strict: an unknown field is refused rather than
 * silently dropped, so a client bug or a probe is visible. Required fields are checked per payout type.
 */
export const payoutDetailsRequestSchema = z
  .strictObject(payoutDetailsFields)
  .transform(toStoredDetails)
  .superRefine(requireCompleteDetails);

export type PayoutDetailsRequest = z.input<typeof payoutDetailsRequestSchema>;

/** Refuses details that leave a required field empty, naming every one of them. */
export function requireCompleteDetails(details: PayoutDetails, ctx: z.RefinementCtx): void {
  const missing = missingDetails(details);
  if (missing.length > 0) ctx.addIssue({ code: "custom", message: `Required: ${missing.join(", ")}.` });
}

/** Request field names (SPEC.md §7) to stored ones (SPEC.md §3). */
export function toStoredDetails(body: z.output<z.ZodObject<typeof payoutDetailsFields>>): PayoutDetails {
  return {
    name: body.name,
    country: body.country,
    city: body.city,
    address: body.address,
    post_code: body.postCode,
    company: body.company,
    invoice_email: body.invoiceEmail,
    tax: body.tax,
    payout_type: body.payoutType,
    paypal_payout_account: body.paypalEmail,
    tron_address: body.tronAddress,
    fedwire_routing_number: body.fedwireRoutingNumber,
    swift_BIC: normaliseBic(body.swiftBIC),
    bank_account_number: body.bankAccountNumber,
    account_type: body.accountType,
    iban: normaliseIban(body.iban ?? ""),
    account_holder: body.accountHolder ?? "",
  };
}

/** The form's values for stored details: the inverse of the request mapping, for the web form. */
export function toDetailsRequest(details: PayoutDetails): PayoutDetailsRequest {
  return {
    name: details.name,
    country: details.country,
    city: details.city,
    address: details.address,
    postCode: details.post_code,
    company: details.company,
    invoiceEmail: details.invoice_email,
    tax: details.tax,
    payoutType: details.payout_type,
    paypalEmail: details.paypal_payout_account,
    tronAddress: details.tron_address,
    fedwireRoutingNumber: details.fedwire_routing_number,
    swiftBIC: details.swift_BIC,
    bankAccountNumber: details.bank_account_number,
    accountType: details.account_type,
    iban: friendlyIban(details.iban),
    accountHolder: details.account_holder,
  };
}
