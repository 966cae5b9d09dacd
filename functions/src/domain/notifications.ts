/**
 * The e-mails the programme sends (issue 19): to an affiliate when they request a payout, when it is paid
 * and when their account is suspended, and a daily digest of the payouts due to staff. Each is written as a
 * document for the Firebase "Trigger Email" extension (firestore-send-email) to send through whatever SMTP
 * provider it is set up with (docs/operations.md), under an id that names its cause, so a cause writes its
 * e-mail once whatever retries happen.
 *
 * The text is the message; the HTML is the same text, escaped, in paragraphs, so both say exactly the same.
 */
import { maskIban } from "./iban-format.js";
import { formatInvoiceDate, maskAccount } from "./invoice.js";
import { formatDollars, type Cents } from "./money.js";
import type { InvoiceSnapshot, PayoutDoc } from "./model.js";
import { payoutDestination } from "./payout-details.js";
import { programme } from "./programme.js";

export type MailCause = "payout_requested" | "payout_issued" | "payout_sent" | "account_suspended" | "staff_digest";

/** mail/{id}: what the extension reads (to, message) and what we add to say why it was written. */
export interface MailDoc {
  to: string[];
  message: { subject: string; text: string; html: string };
  cause: MailCause;
  /** The affiliate it concerns; null for the staff digest. */
  uid: string | null;
  created_at: Date;
}

export interface Mail {
  subject: string;
  text: string;
}

const money = (cents: Cents) => formatDollars(cents);
const signOff = `${programme.name}\n${programme.contactEmail}`;

/** The mail document's id for a cause: one e-mail per payout, per suspension, per digest day. */
export const mailIds = {
  payoutRequested: (invoiceNumber: string) => `payout-requested-${invoiceNumber}`,
  payoutSent: (invoiceNumber: string) => `payout-sent-${invoiceNumber}`,
  accountSuspended: (uid: string, at: Date) => `account-suspended-${uid}-${at.getTime()}`,
  staffDigest: (day: string) => `staff-digest-${day}`,
};

/** Where a payout goes, as its affiliate is reminded of it: the method and the account, masked. */
function destinationLine(invoice: InvoiceSnapshot): string {
  const { method, fields } = payoutDestination(invoice.payee);
  const account = fields.find(([label]) => label !== "Account holder" && label !== "Account Type")?.[1] ?? "";
  // An IBAN keeps its groups of four, masked: "DE89 **** **** **** **30 00".
  const mask = method === "Bank Transfer (IBAN)" ? maskIban : maskAccount;
  return account ? `${method} (${mask(account)})` : method;
}

export function payoutRequestedMail(invoice: InvoiceSnapshot): Mail {
  return {
    subject: `Payout requested: ${money(invoice.amount_cents)} (${invoice.invoice_number})`,
    text: [
      `Hello ${invoice.payee.name || "there"},`,
      `We have received your payout request for ${money(invoice.amount_cents)}, invoice ${invoice.invoice_number} for ${invoice.period}.`,
      `It will be paid by ${destinationLine(invoice)} by ${formatInvoiceDate(invoice.due_at)} at the latest. We will e-mail you when it has been sent. You can download the invoice from your dashboard at any time.`,
      `If you did not request this payout, reply to this e-mail at once.`,
      signOff,
    ].join("\n\n"),
  };
}

/** A payout staff issued for an affiliate who had not asked (their balance was due): same invoice, other words. */
export function payoutIssuedMail(invoice: InvoiceSnapshot): Mail {
  return {
    subject: `Payout on its way: ${money(invoice.amount_cents)} (${invoice.invoice_number})`,
    text: [
      `Hello ${invoice.payee.name || "there"},`,
      `Your available balance of ${money(invoice.amount_cents)} is due, so we have issued your payout without waiting for you to request it: invoice ${invoice.invoice_number} for ${invoice.period}.`,
      `It will be paid by ${destinationLine(invoice)} by ${formatInvoiceDate(invoice.due_at)} at the latest, to the payout details on your dashboard. We will e-mail you when it has been sent. You can download the invoice from your dashboard at any time.`,
      `If these details are no longer right, reply to this e-mail at once.`,
      signOff,
    ].join("\n\n"),
  };
}

export function payoutSentMail(payout: Pick<PayoutDoc, "invoice" | "paid_at">): Mail {
  const { invoice } = payout;
  return {
    subject: `Payout sent: ${money(invoice.amount_cents)} (${invoice.invoice_number})`,
    text: [
      `Hello ${invoice.payee.name || "there"},`,
      `Your payout of ${money(invoice.amount_cents)} for invoice ${invoice.invoice_number} was sent by ${destinationLine(invoice)} on ${formatInvoiceDate(payout.paid_at ?? invoice.issued_at)}.`,
      `Depending on the method it can take a few business days to reach your account. If it has not arrived within 10 business days, reply to this e-mail with the invoice number.`,
      signOff,
    ].join("\n\n"),
  };
}

export function accountSuspendedMail(name: string, reason: string): Mail {
  return {
    subject: `Your ${programme.name} account has been suspended`,
    text: [
      `Hello ${name || "there"},`,
      `Your affiliate account has been suspended. Reason: ${reason}`,
      `While it is suspended your links still work for your visitors, but new sales earn no commission and payouts cannot be requested or paid.`,
      `If you believe this is a mistake, reply to this e-mail with anything that helps us review it.`,
      signOff,
    ].join("\n\n"),
  };
}

export interface DuePayout {
  invoice_number: string;
  email: string;
  amount_cents: Cents;
  method: string;
  requested_at: Date;
}

/** The staff digest: every payout waiting to be paid, the longest waiting first (the first `listed` of them). */
export function staffDigestMail(day: string, due: DuePayout[], siteUrl: string, listed = 200): Mail {
  const total = due.reduce((sum, payout) => sum + payout.amount_cents, 0);
  const lines = due
    .slice(0, listed)
    .map(
      (payout) =>
        `- ${payout.invoice_number}: ${money(payout.amount_cents)} to ${payout.email} by ${payout.method}, requested ${formatInvoiceDate(payout.requested_at)}`,
    );
  if (due.length > listed) lines.push(`- and ${due.length - listed} more`);
  return {
    subject:
      due.length === 0
        ? `Payouts due ${day}: none`
        : `Payouts due ${day}: ${due.length} payout${due.length === 1 ? "" : "s"}, ${money(total)}`,
    text: [
      due.length === 0
        ? "No payout is waiting to be paid."
        : `${due.length} payout${due.length === 1 ? " is" : "s are"} waiting to be paid, ${money(total)} in all, the longest waiting first:`,
      ...(lines.length > 0 ? [lines.join("\n")] : []),
      siteUrl
        ? `Record them as paid on the advertiser dashboard: ${siteUrl}/advertiser`
        : "Record them as paid on the advertiser dashboard.",
      signOff,
    ].join("\n\n"),
  };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The HTML part: the text, escaped, one paragraph per block and a line break per line. */
export function mailHtml(text: string): string {
  return text
    .split("\n\n")
    .map((block) => `<p>${escapeHtml(block).replace(/\n/g, "<br>")}</p>`)
    .join("\n");
}

export function mailDoc(to: string | string[], mail: Mail, cause: MailCause, uid: string | null, now: Date): MailDoc {
  return {
    to: typeof to === "string" ? [to] : to,
    message: { subject: mail.subject, text: mail.text, html: mailHtml(mail.text) },
    cause,
    uid,
    created_at: now,
  };
}
