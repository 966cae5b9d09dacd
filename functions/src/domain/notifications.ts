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
import { dayStart } from "./days.js";
import { formatRatePercent } from "./numbers.js";
import { renewalsOf, type PromisedRates } from "./promised-terms.js";

export type MailCause =
  | "payout_requested"
  | "payout_issued"
  | "payout_sent"
  | "account_suspended"
  | "staff_digest"
  | "risk_review_opened"
  | "risk_review_ended"
  | "risk_case_staff"
  | "rates_lowered";

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
  /** The affiliate told their account is under review: once per case (a case that only flags sends none). */
  riskReviewOpened: (caseId: string) => `risk-review-opened-${caseId}`,
  /** The affiliate told how their review ended: once per case. */
  riskReviewEnded: (caseId: string) => `risk-review-ended-${caseId}`,
  /** Staff told a case opened, and how it was resolved. */
  riskCaseOpened: (caseId: string) => `risk-case-opened-${caseId}`,
  riskCaseResolved: (caseId: string) => `risk-case-resolved-${caseId}`,
  /** An affiliate told that lower rates reach them from a notice date: once per rate change. */
  ratesLowered: (advertiser: string, version: number, uid: string) => `rates-lowered-${advertiser}-${version}-${uid}`,
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

/** "60% → 50%" per rate that changes, renewals by number: the lines of a rates e-mail. */
function rateLines(now: PromisedRates, next: PromisedRates): string[] {
  const lines: string[] = [];
  if (now.commission_rate !== next.commission_rate) {
    lines.push(`- First sale: ${formatRatePercent(now.commission_rate)} → ${formatRatePercent(next.commission_rate)}`);
  }
  for (const key of renewalsOf(now, next)) {
    const [from, to] = [now.repeat_rates[key] ?? 0, next.repeat_rates[key] ?? 0];
    if (from !== to) lines.push(`- Renewal #${key}: ${formatRatePercent(from)} → ${formatRatePercent(to)}`);
  }
  return lines;
}

/**
 * Lower rates reach an affiliate who joined before them, from a notice date (issue 34, promised terms): what
 * changes, from when, and that sales before then keep today's rates.
 */
export function ratesLoweredMail(
  advertiserName: string,
  now: PromisedRates,
  next: PromisedRates,
  noticeDate: string,
  siteUrl: string,
): Mail {
  const when = formatInvoiceDate(dayStart(noticeDate));
  return {
    subject: `Your ${advertiserName} commission rates change on ${when}`,
    text: [
      `Hello,`,
      `From ${when}, the commission you earn on ${advertiserName} sales changes:\n${rateLines(now, next).join("\n")}`,
      `Sales made before ${when} keep the rates you have now. Your rates and their history are on your dashboard: ${siteUrl}/dashboard`,
      `Questions? Reply to this e-mail or write to ${programme.contactEmail}.`,
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

/**
 * An affiliate's account under review (issue 33): what it means for their money and how to reach us, in the
 * plain words of the families (domain/risk.ts's reviewReasons), never a rule's threshold or the evidence.
 */
export function riskReviewOpenedMail(name: string, reasons: readonly string[]): Mail {
  return {
    subject: `Your ${programme.name} account is under review`,
    text: [
      `Hello ${name || "there"},`,
      `We are reviewing your affiliate account. What we noticed:\n${reasons.map((reason) => `- ${reason}`).join("\n")}`,
      `While the review is open, your links keep working and your sales keep counting, but the commission of new sales is held and payout requests are paused. Nothing you have already been paid is affected.`,
      `Most reviews end within a few business days. If you can help us, for example by explaining how you promote us, reply to this e-mail or write to ${programme.contactEmail}.`,
      signOff,
    ].join("\n\n"),
  };
}

/** How the review ended, for the affiliate: released (money back on its way) or confirmed (money cancelled). */
export function riskReviewEndedMail(
  name: string,
  outcome: "released" | "confirmed",
  heldCents: Cents,
  note: string,
): Mail {
  const released = outcome === "released";
  return {
    subject: released
      ? `Your ${programme.name} account review is over`
      : `Your ${programme.name} account review: commission cancelled`,
    text: [
      `Hello ${name || "there"},`,
      released
        ? `We have finished reviewing your affiliate account and found nothing wrong. ${heldCents > 0 ? `The ${money(heldCents)} of commission held during the review is back on its normal hold period, and becomes available as each sale's hold ends.` : "No commission was held during the review."} You can request payouts again as usual.`
        : `We have finished reviewing your affiliate account and found that some of its sales were not genuine. ${heldCents > 0 ? `The ${money(heldCents)} of commission held during the review has been cancelled.` : "No commission was held during the review, so none was cancelled."}${note ? ` Reason: ${note}` : ""}`,
      released
        ? "Thank you for your patience."
        : "If you believe this is a mistake, reply to this e-mail with anything that helps us look again.",
      signOff,
    ].join("\n\n"),
  };
}

/** What staff are told of a case: opened (with its evidence's first lines) or resolved (by whom, and why). */
export function riskCaseStaffMail(
  event:
    | { kind: "opened"; affiliate: string; families: readonly string[]; action: string; details: readonly string[] }
    | {
        kind: "resolved";
        affiliate: string;
        outcome: "released" | "confirmed";
        by: string;
        heldCents: Cents;
        note: string;
      },
  caseUrl: string,
): Mail {
  if (event.kind === "opened") {
    return {
      subject: `Risk case opened: ${event.affiliate} (${event.families.join(", ")})`,
      text: [
        `A risk case opened for ${event.affiliate}. Action: ${event.action}.`,
        event.details.map((detail) => `- ${detail}`).join("\n"),
        `Review it in the Risk section: ${caseUrl}`,
        signOff,
      ].join("\n\n"),
    };
  }
  const what = event.outcome === "released" ? "released" : "confirmed as fraud";
  const fate = event.outcome === "released" ? "returned to its hold period" : "cancelled";
  return {
    subject: `Risk case ${what}: ${event.affiliate}`,
    text: [
      `${event.by} ${event.outcome === "released" ? "released" : "confirmed"} the risk case of ${event.affiliate}${event.outcome === "released" ? "" : " as fraud"}: ${money(event.heldCents)} of held commission ${fate}.`,
      ...(event.note ? [`Reason: ${event.note}`] : []),
      `The case: ${caseUrl}`,
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
