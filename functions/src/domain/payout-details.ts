/**
 * Payout details as stored and shown (SPEC.md §3, §5): the fields, their labels, what each payout method
 * needs and where a payout goes. The update request and its validation are in payout-details-request.ts,
 * so what every page shows (an account's completeness, a payout's destination) loads without the
 * validation library.
 */
import { friendlyIban } from "./iban-format.js";

/**
 * SPEC.md's three methods, then ours: a bank transfer by IBAN and BIC (issue 32), for the banks outside the
 * US that SPEC.md's Fedwire wire cannot reach. Named as SPEC.md names TRON's: the method, then what it needs.
 */
export const payoutTypes = ["Wise", "Crypto (TRON)", "Wire Transfer", "Bank Transfer (IBAN)"] as const;
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
  /** Bank Transfer (IBAN): the IBAN, stored without spaces; the BIC is swift_BIC, as for a wire. */
  iban: string;
  /** Bank Transfer (IBAN): the name on the account, when it is neither the company's nor the full name. */
  account_holder: string;
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
  iban: "",
  account_holder: "",
};

export type DetailField = Exclude<keyof PayoutDetails, "payout_type">;

/** Just the payout details of a document that holds them (an affiliate). */
export function payoutDetailsOf(source: PayoutDetails): PayoutDetails {
  return Object.fromEntries(
    (Object.keys(emptyPayoutDetails) as (keyof PayoutDetails)[]).map((field) => [field, source[field]]),
  ) as unknown as PayoutDetails;
}

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
  iban: "IBAN",
  account_holder: "Account Holder Name",
};

/** Where a payout goes: the method and every field staff need to send the money, in full. */
export interface PayoutDestination {
  method: PayoutType;
  /** [label, value], in the order a payment form asks for them; empty optional fields left out. */
  fields: [string, string][];
}

/** Whom a bank transfer is made out to: the account holder given, else the company, else the full name. */
export function accountHolderOf(payee: PayoutDetails): string {
  return payee.account_holder || payee.company || payee.name;
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
      case "Bank Transfer (IBAN)":
        return [
          ["Account holder", accountHolderOf(payee)],
          [detailLabels.iban, friendlyIban(payee.iban)],
          field("swift_BIC"),
        ];
    }
  })();
  return { method: payee.payout_type, fields: fields.filter(([, value]) => value !== "") };
}

/** Always required on the form (SPEC.md §5). VAT/Tax is not marked required but a payout needs it. */
const alwaysRequired: DetailField[] = ["name", "country", "city", "address", "post_code", "company", "invoice_email"];

/**
 * What each payout method needs (SPEC.md §5); swiftBIC travels with wire transfers but is optional. A
 * transfer by IBAN needs the BIC too: outside the euro area's SEPA, it is a SWIFT payment to that bank.
 * Its account holder is optional: the company's name, else the full name, when left empty.
 */
export const requiredForPayoutType: Record<PayoutType, DetailField[]> = {
  Wise: ["paypal_payout_account"],
  "Crypto (TRON)": ["tron_address"],
  "Wire Transfer": ["fedwire_routing_number", "bank_account_number", "account_type"],
  "Bank Transfer (IBAN)": ["iban", "swift_BIC"],
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
