import { z } from "zod";
import { isPlainText } from "./plain-text.js";
import { isTronAddress } from "./tron-address.js";

export const payoutTypes = ["Wise", "Crypto (TRON)", "Wire Transfer"] as const;
export type PayoutType = (typeof payoutTypes)[number];

export const accountTypes = ["Checking", "Savings"] as const;
export type AccountType = (typeof accountTypes)[number];

/** The payout details as stored on the affiliate and fetched by the app (SPEC.md §3's field names). */
export interface PayoutDetails {
  name: string;
  country: string;
  city: string;
  address: string;
  post_code: string;
  company: string;
  invoice_email: string;
  tax: string;
  payout_type: PayoutType;
  /** The Wise account e-mail (the field keeps the original PayPal name, SPEC.md §3). */
  paypal_payout_account: string;
  tron_address: string;
  fedwire_routing_number: string;
  swift_BIC: string;
  bank_account_number: string;
  account_type: AccountType;
}

export const emptyPayoutDetails: PayoutDetails = {
  name: "",
  country: "",
  city: "",
  address: "",
  post_code: "",
  company: "",
  invoice_email: "",
  tax: "",
  payout_type: "Wise",
  paypal_payout_account: "",
  tron_address: "",
  fedwire_routing_number: "",
  swift_BIC: "",
  bank_account_number: "",
  account_type: "Checking",
};

export type DetailField = Exclude<keyof PayoutDetails, "payout_type">;

/** Each field's label on the details form, used in every message about it. */
export const detailLabels: Record<DetailField, string> = {
  name: "Full Name",
  country: "Country",
  city: "City",
  address: "Address",
  post_code: "Post/Zip Code",
  company: "Company",
  invoice_email: "Invoice Email",
  tax: "VAT/Tax",
  paypal_payout_account: "Wise Account Email",
  tron_address: "TRON Address",
  fedwire_routing_number: "Fedwire Routing Number",
  swift_BIC: "SWIFT/BIC",
  bank_account_number: "Bank Account Number",
  account_type: "Account Type",
};

/** Where a payout goes: the method and every field staff need to send the money, in full. */
export interface PayoutDestination {
  method: PayoutType;
  /** [label, value], in the order a payment form asks for them; empty optional fields left out. */
  fields: [string, string][];
}

export function payoutDestination(payee: PayoutDetails): PayoutDestination {
  const field = (key: DetailField): [string, string] => [detailLabels[key], payee[key]];
  const fields: [string, string][] = (() => {
    switch (payee.payout_type) {
      case "Wise":
        return [field("paypal_payout_account")];
      case "Crypto (TRON)":
        return [field("tron_address")];
      case "Wire Transfer":
        return [
          ["Account holder", payee.company || payee.name],
          field("bank_account_number"),
          field("fedwire_routing_number"),
          field("account_type"),
          field("swift_BIC"),
        ];
    }
  })();
  return { method: payee.payout_type, fields: fields.filter(([, value]) => value !== "") };
}

/** Always required on the form (SPEC.md §5). VAT/Tax is not marked required but a payout needs it. */
const alwaysRequired: DetailField[] = ["name", "country", "city", "address", "post_code", "company", "invoice_email"];

/** What each payout method needs (SPEC.md §5); swiftBIC travels with wire transfers but is optional. */
export const requiredForPayoutType: Record<PayoutType, DetailField[]> = {
  Wise: ["paypal_payout_account"],
  "Crypto (TRON)": ["tron_address"],
  "Wire Transfer": ["fedwire_routing_number", "bank_account_number", "account_type"],
};

/**
 * The fields still empty. Without `forPayout` this is the account's completeness (links are shown only when
 * nothing is missing, SPEC.md §5); with it, VAT/Tax counts too, as a payout request needs it.
 */
export function missingDetailFields(details: PayoutDetails, { forPayout = false } = {}): DetailField[] {
  const needed = [
    ...alwaysRequired,
    ...(forPayout ? (["tax"] as const) : []),
    ...requiredForPayoutType[details.payout_type],
  ];
  return needed.filter((field) => details[field].trim() === "");
}

/** Labels of the fields still empty (missingDetailFields), for messages. */
export function missingDetails(details: PayoutDetails, options: { forPayout?: boolean } = {}): string[] {
  return missingDetailFields(details, options).map((field) => detailLabels[field]);
}

export function isAccountComplete(details: PayoutDetails): boolean {
  return missingDetails(details).length === 0;
}

// ---------------------------------------------------------------------------------------------------------
// The update_paypal_account request (SPEC.md §7): its field names are the original front-end's.

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
const swiftPattern = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

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
  swiftBIC: optionalFormatted(
    detailLabels.swift_BIC,
    11,
    (v) => swiftPattern.test(v.toUpperCase()),
    "must be 8 or 11 letters and digits.",
  ),
  bankAccountNumber: optionalFormatted(
    detailLabels.bank_account_number,
    34,
    (v) => bankAccountPattern.test(v),
    "must be 4 to 34 letters and digits.",
  ),
  accountType: z.enum(accountTypes, { error: `Account type must be Checking or Savings.` }),
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
    swift_BIC: body.swiftBIC.toUpperCase(),
    bank_account_number: body.bankAccountNumber,
    account_type: body.accountType,
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
  };
}
