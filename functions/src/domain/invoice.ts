/**
 * Invoices: numbering, dates, what the PDF shows, and SPEC.md §3's "latest invoice" view of a payout's
 * frozen snapshot. The snapshot is taken when a payout is requested and never changes afterwards.
 */
import { maskIban, normaliseIban } from "./iban-format.js";
import { formatDollarsFixed, type Cents } from "./money.js";
import type { InvoiceSnapshot } from "./model.js";
import { accountHolderOf, type PayoutDetails } from "./payout-details.js";

/** INV-2026-000123: the year it was issued and a sequence number that never repeats or skips. */
export function invoiceNumber(sequence: number, issuedAt: Date): string {
  return `INV-${issuedAt.getUTCFullYear()}-${String(sequence).padStart(6, "0")}`;
}

export const invoiceNumberPattern = /^INV-\d{4}-\d{6,}$/;

/** Payment is due within 30 days of the request. */
export const invoiceTermsDays = 30;

const monthFormat = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });
const dateFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** The period an invoice covers: the calendar month before it was issued ("October 2026"). */
export function invoicePeriod(issuedAt: Date): string {
  return monthFormat.format(new Date(Date.UTC(issuedAt.getUTCFullYear(), issuedAt.getUTCMonth() - 1, 1)));
}

export function newInvoice(
  sequence: number,
  issuedAt: Date,
  amountCents: Cents,
  payee: PayoutDetails,
): InvoiceSnapshot {
  return {
    invoice_number: invoiceNumber(sequence, issuedAt),
    issued_at: issuedAt,
    due_at: new Date(issuedAt.getTime() + invoiceTermsDays * 24 * 60 * 60 * 1000),
    period: invoicePeriod(issuedAt),
    amount_cents: amountCents,
    payee: { ...payee },
  };
}

/** A date as invoices, e-mails and the API's messages write it: "21 November 2026". */
export function formatInvoiceDate(date: Date): string {
  return dateFormat.format(date);
}

/** Keeps the ends of an account identifier and hides the middle: "dana@wise.test" → "d***@wise.test". */
export function maskAccount(value: string): string {
  if (value === "") return "";
  const at = value.indexOf("@");
  if (at > 0) return `${value[0]}***${value.slice(at)}`;
  if (value.length <= 4) return "****";
  return value.length > 12 ? `${value.slice(0, 4)}…${value.slice(-4)}` : `****${value.slice(-4)}`;
}

/** The payout method lines an invoice prints, sensitive numbers masked. */
export function payoutMethodLines(payee: PayoutDetails): [string, string][] {
  switch (payee.payout_type) {
    case "Wise":
      return [["Wise account", maskAccount(payee.paypal_payout_account)]];
    case "Crypto (TRON)":
      return [["TRON address", maskAccount(payee.tron_address)]];
    case "Wire Transfer":
      return [
        ["Routing number", maskAccount(payee.fedwire_routing_number)],
        ["Account number", maskAccount(payee.bank_account_number)],
        ["Account type", payee.account_type],
        ...(payee.swift_BIC ? ([["SWIFT/BIC", payee.swift_BIC]] as [string, string][]) : []),
      ];
    case "Bank Transfer (IBAN)":
      return [
        ["Account holder", accountHolderOf(payee)],
        ["IBAN", maskIban(payee.iban)],
        ["SWIFT/BIC", payee.swift_BIC],
      ];
  }
}

/** SPEC.md §3's latest invoice, as the API answers it (the advertiser summary and download_invoice). */
export interface LatestInvoice {
  invoice_number: string;
  invoiceEmail: string;
  today_date: string;
  due_date: string;
  last_month: string;
  name: string;
  country: string;
  company: string;
  city: string;
  address: string;
  postCode: string;
  tax: string;
  payoutType: string;
  price: string;
  paypalEmail: string;
  tronAddress: string;
  accountType: string;
  fedwireRoutingNumber: string;
  bankAccountNumber: string;
  /** Ours, after SPEC.md's fields (issue 32): the Bank Transfer (IBAN) details, and the BIC of either transfer. */
  iban: string;
  swiftBIC: string;
  accountHolder: string;
}

export function latestInvoiceView(invoice: InvoiceSnapshot): LatestInvoice {
  const payee = invoice.payee;
  return {
    invoice_number: invoice.invoice_number,
    invoiceEmail: payee.invoice_email,
    today_date: invoice.issued_at.toISOString().slice(0, 10),
    due_date: invoice.due_at.toISOString().slice(0, 10),
    last_month: invoice.period,
    name: payee.name,
    country: payee.country,
    company: payee.company,
    city: payee.city,
    address: payee.address,
    postCode: payee.post_code,
    tax: payee.tax,
    payoutType: payee.payout_type,
    price: formatDollarsFixed(invoice.amount_cents),
    paypalEmail: payee.paypal_payout_account,
    tronAddress: payee.tron_address,
    accountType: payee.account_type,
    fedwireRoutingNumber: payee.fedwire_routing_number,
    bankAccountNumber: payee.bank_account_number,
    // Snapshots taken before the IBAN method existed have neither field.
    iban: normaliseIban(payee.iban ?? ""),
    swiftBIC: payee.swift_BIC,
    accountHolder: payee.account_holder ?? "",
  };
}
