/**
 * Paying many affiliates at once (issue 19): a batch of pending payouts recorded as paid in one action, and
 * the files a payment provider takes to pay them: Wise's batch payment template ("send by email", for the
 * Wise accounts), PayPal Payouts' CSV, and a generic CSV with every destination in full (a bank transfer's
 * account holder, IBAN and BIC also in columns of their own, as a bank's bulk upload takes them).
 */
import { normaliseIban } from "./iban-format.js";
import { formatDollarsFixed, type Cents } from "./money.js";
import type { PayoutType } from "./payout-details.js";

/** Most payouts one batch records: Wise takes at most 1,000 transfers per file. */
export const maxBatchSize = 1000;

export type BatchItemStatus = "pending" | "paid" | "skipped";

/** One affiliate in a batch: their pending payout as it was when the batch was made. */
export interface BatchItem {
  user_id: string;
  /** The pending payout's invoice number when the batch was made; null when none was pending. */
  invoice_number: string | null;
  amount_cents: Cents;
  status: BatchItemStatus;
  /** Why an item was skipped. */
  reason: string | null;
}

/** payout_batches/{id}: who made it, when, and each item's state (a crashed batch resumes from it). */
export interface BatchDoc {
  created_by: { uid: string; email: string };
  created_at: Date;
  /** Set once every item is paid or skipped. */
  completed_at: Date | null;
  items: BatchItem[];
}

/** What an export needs of each payout: who, how much, and where it goes (frozen on the invoice). */
export interface ExportRow {
  invoice_number: string;
  name: string;
  email: string;
  amount_cents: Cents;
  method: PayoutType;
  /** [label, value] pairs of the destination, as the advertiser page shows them. */
  destination: [string, string][];
}

const field = (row: ExportRow, label: string) => row.destination.find(([name]) => name === label)?.[1] ?? "";

/**
 * Wise's "send by email" batch template: Wise e-mails each recipient a link to claim the money into their
 * Wise account, so the affiliate's Wise e-mail is all it needs. Only the Wise payouts go in it.
 */
export const wiseColumns = [
  "name",
  "recipientEmail",
  "paymentReference",
  "receiverType",
  "amountCurrency",
  "amount",
  "sourceCurrency",
  "targetCurrency",
] as const;

export function wiseRows(rows: readonly ExportRow[]): string[][] {
  return rows
    .filter((row) => row.method === "Wise")
    .map((row) => [
      row.name,
      field(row, "Wise Account Email") || row.email,
      row.invoice_number,
      "PERSON",
      "target",
      formatDollarsFixed(row.amount_cents),
      "USD",
      "USD",
    ]);
}

/**
 * PayPal Payouts' CSV (no header row): recipient, amount, currency, a reference, a note to the recipient.
 * The recipient is the affiliate's payout e-mail.
 */
export const paypalColumns = ["recipient", "amount", "currency", "reference", "note"] as const;

export function paypalRows(rows: readonly ExportRow[]): string[][] {
  return rows
    .filter((row) => row.method === "Wise")
    .map((row) => [
      field(row, "Wise Account Email") || row.email,
      formatDollarsFixed(row.amount_cents),
      "USD",
      row.invoice_number,
      `Affiliate commission, invoice ${row.invoice_number}`,
    ]);
}

/** Every payout, whatever its method, with its destination in full; then a Bank Transfer (IBAN)'s own. */
export const genericColumns = [
  "invoice_number",
  "name",
  "email",
  "method",
  "amount",
  "currency",
  "destination",
  "account_holder",
  "iban",
  "bic",
] as const;

export function genericRows(rows: readonly ExportRow[]): string[][] {
  return rows.map((row) => [
    row.invoice_number,
    row.name,
    row.email,
    row.method,
    formatDollarsFixed(row.amount_cents),
    "USD",
    row.destination.map(([label, value]) => `${label}: ${value}`).join("; "),
    ...(row.method === "Bank Transfer (IBAN)"
      ? [field(row, "Account holder"), normaliseIban(field(row, "IBAN")), field(row, "SWIFT/BIC")]
      : ["", "", ""]),
  ]);
}
