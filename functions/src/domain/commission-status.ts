/**
 * Where each commission stands (issue 33, "What affiliates see"): in hold until a day, under review (the
 * review's families in plain words, never a rule's threshold), cancelled (why), available, in a payout
 * requested and not yet paid, or paid (the invoice). Worked out from what the affiliate reads already: the
 * ledger entry, their document's open case, the cancellations among their entries, and their payouts.
 */
import { dayKey, type DayKey } from "./days.js";
import type { PayoutDoc, TransactionDoc } from "./model.js";
import { holdingCase, reviewReasons, type RiskCaseSummary } from "./risk.js";

export type CommissionStatus =
  | { kind: "in_hold"; until: DayKey }
  | { kind: "under_review"; since: Date; reasons: string[] }
  | { kind: "cancelled"; reason: string; on: Date | null }
  | { kind: "available" }
  | { kind: "in_payout"; invoiceNumber: string }
  | { kind: "paid"; invoiceNumber: string; paidAt: Date | null };

export interface StatusContext {
  /** The affiliate's open case, as their document carries it. */
  riskCase: RiskCaseSummary | null;
  /** The ledger's entries at hand: a confirmed case's cancellation names the case it cancelled. */
  entries: readonly TransactionDoc[];
  /** The affiliate's payouts (requested or paid). */
  payouts: readonly Pick<PayoutDoc, "status" | "requested_at" | "paid_at" | "invoice">[];
}

/** Why a cancelled commission earns nothing, in the affiliate's words. */
export const cancelledReasons = {
  refunded: "the sale was refunded or charged back.",
  review: "a risk review found the sales were not genuine.",
} as const;

/** When a day's commission leaves its hold period: 00:00 UTC that day. */
const startOf = (day: DayKey) => new Date(`${day}T00:00:00.000Z`);

/**
 * The commission's status; null for an entry that is no commission of its own (a refund, an adjustment,
 * a sale that earned nothing). A payout request pays everything payable then, so a commission payable
 * before a payout was requested went in the first such payout.
 */
export function commissionStatusOf(
  entry: TransactionDoc,
  { riskCase, entries, payouts }: StatusContext,
  now: Date,
): CommissionStatus | null {
  if (entry.type === "cancellation") {
    return { kind: "cancelled", reason: cancelledReasons.review, on: entry.timestamp };
  }
  if (entry.type !== "sale" || entry.earnings_cents <= 0) return null;
  if (entry.clawed_back_cents >= entry.earnings_cents) {
    return { kind: "cancelled", reason: cancelledReasons.refunded, on: null };
  }
  if (entry.risk_case_id) {
    const open = holdingCase({ risk_case: riskCase });
    if (open?.id === entry.risk_case_id) {
      return { kind: "under_review", since: open.opened_at, reasons: reviewReasons(open.families) };
    }
    const cancellation = entries.find(
      (other) => other.type === "cancellation" && other.risk_case_id === entry.risk_case_id,
    );
    if (cancellation) return { kind: "cancelled", reason: cancelledReasons.review, on: cancellation.timestamp };
    // Released: the commission is back on its normal hold timeline.
  }
  if (entry.matures_on && entry.matures_on > dayKey(now)) return { kind: "in_hold", until: entry.matures_on };
  const payable = entry.matures_on ? startOf(entry.matures_on) : entry.timestamp;
  const payout = [...payouts]
    .filter((candidate) => candidate.requested_at >= payable)
    .sort((a, b) => a.requested_at.getTime() - b.requested_at.getTime())[0];
  if (!payout) return { kind: "available" };
  const invoiceNumber = payout.invoice.invoice_number;
  return payout.status === "paid"
    ? { kind: "paid", invoiceNumber, paidAt: payout.paid_at }
    : { kind: "in_payout", invoiceNumber };
}
