/**
 * The payout details form's checks (issue 32): every field's error at once, each from the domain's own
 * rules (payout-details-request.ts's per-field schemas, payout-details.ts's required fields), so the page
 * says exactly what update_paypal_account would refuse, field by field, before anything is sent.
 */
import { detailLabels, missingDetailFields, type DetailField, type PayoutDetails } from "@domain/payout-details";
import { payoutDetailsFields, toStoredDetails } from "@domain/payout-details-request";
import type { DetailsForm } from "./dashboard-api";

export type FormField = keyof DetailsForm;

/** Each field's error, by field; a field that is fine has none. */
export type FormErrors = Partial<Record<FormField, string>>;

/** The form's field names (SPEC.md §7's request) to the stored ones (SPEC.md §3). */
export const storedField: Record<FormField, keyof PayoutDetails> = {
  name: "name",
  country: "country",
  city: "city",
  address: "address",
  postCode: "post_code",
  company: "company",
  invoiceEmail: "invoice_email",
  tax: "tax",
  payoutType: "payout_type",
  paypalEmail: "paypal_payout_account",
  tronAddress: "tron_address",
  fedwireRoutingNumber: "fedwire_routing_number",
  swiftBIC: "swift_BIC",
  bankAccountNumber: "bank_account_number",
  accountType: "account_type",
  iban: "iban",
  accountHolder: "account_holder",
};

/** The form's field (its control's id) for a stored field. */
export const formFieldOf = (stored: keyof PayoutDetails): FormField =>
  (Object.keys(storedField) as FormField[]).find((field) => storedField[field] === stored)!;

/** A field's label in messages: the details' own label ("Payout method" for the method, which has none). */
export const fieldLabel = (field: FormField): string => {
  const stored = storedField[field];
  return stored === "payout_type" ? "Payout method" : detailLabels[stored as DetailField];
};

/** The form as stored details, each value trimmed as the server stores it. */
export function storedDetailsOf(form: DetailsForm): PayoutDetails {
  const trimmed = Object.fromEntries(Object.entries(form).map(([field, value]) => [field, value.trim()]));
  return toStoredDetails(trimmed as Parameters<typeof toStoredDetails>[0]);
}

/** What is wrong with one value of a field under its rule, or null. */
function formatError(field: FormField, value: string): string | null {
  const checked = payoutDetailsFields[field].safeParse(value);
  return checked.success ? null : (checked.error.issues[0]?.message ?? `${fieldLabel(field)} is not valid.`);
}

/**
 * The errors of the fields shown (`fields`, the form's own order), all at once: a value its rule refuses,
 * then a required field left empty. Fields not shown (another payout method's) are not judged.
 */
export function detailsErrors(form: DetailsForm, fields: readonly FormField[]): FormErrors {
  const missing = new Set<keyof PayoutDetails>(missingDetailFields(storedDetailsOf(form)));
  const errors: FormErrors = {};
  for (const field of fields) {
    const error =
      formatError(field, form[field]) ?? (missing.has(storedField[field]) ? `${fieldLabel(field)} is required.` : null);
    if (error) errors[field] = error;
  }
  return errors;
}

/**
 * The request to send: the fields shown as typed, and each field not shown (another payout method's) as
 * typed only if its rule takes it, else as saved, else empty. A TRON address half typed before switching to
 * Wire Transfer is not what the affiliate is saving, and must not refuse the save.
 */
export function detailsRequest(form: DetailsForm, saved: DetailsForm, shown: readonly FormField[]): DetailsForm {
  const request = { ...form };
  for (const field of Object.keys(form) as FormField[]) {
    if (shown.includes(field)) continue;
    request[field] = [form[field], saved[field]].find((value) => formatError(field, value) === null) ?? "";
  }
  return request;
}

/** Whether saving `form` would change the saved details. */
export function differsFrom(form: DetailsForm, saved: DetailsForm, shown: readonly FormField[]): boolean {
  const typed = storedDetailsOf(detailsRequest(form, saved, shown));
  const stored = storedDetailsOf(saved);
  return (Object.keys(stored) as (keyof PayoutDetails)[]).some((field) => typed[field] !== stored[field]);
}
