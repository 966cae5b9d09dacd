import { dayKey, type DayKey } from "./days.js";
import type { AffiliateDoc, InvoiceSnapshot } from "./model.js";
import type { Cents } from "./money.js";
import { riskHeldCentsOf } from "./risk.js";

export interface BalanceInputs {
  earningsCents: Cents;
  refundedCents: Cents;
  payoutsCents: Cents;
}

/**
 * What the affiliate is owed (SPEC.md §4): earnings − refunded − payouts, floored at 0. A clawback after a
 * payout can take the raw figure below zero; the debt is not shown, and the next payout nets it.
 */
export function balanceCents({ earningsCents, refundedCents, payoutsCents }: BalanceInputs): Cents {
  return Math.max(0, earningsCents - refundedCents - payoutsCents);
}

/** The affiliate document's fields the balance is made of. */
export type BalanceSource = Pick<AffiliateDoc, "total_earnings_cents" | "total_refunded_cents" | "total_payouts_cents">;

/** The affiliate's balance (balanceCents of its all-time totals): what every screen, row and payout uses. */
export function balanceOf(affiliate: BalanceSource): Cents {
  return balanceCents({
    earningsCents: affiliate.total_earnings_cents,
    refundedCents: affiliate.total_refunded_cents,
    payoutsCents: affiliate.total_payouts_cents,
  });
}

/** The affiliate document's fields that say whether a payout is pending, and of how much. */
export type PendingSource = Pick<AffiliateDoc, "payout_pending" | "pending_payout_id" | "latest_invoice">;

/** The pending payout's invoice, or null when no payout is pending. */
export function pendingInvoiceOf(affiliate: PendingSource): InvoiceSnapshot | null {
  // request_payout writes the pending payout's invoice as the latest one in the same transaction.
  const invoice = affiliate.latest_invoice;
  return affiliate.payout_pending && invoice && invoice.invoice_number === affiliate.pending_payout_id ? invoice : null;
}

/**
 * The affiliate document's fields that hold commission back: the hold period's buckets, and an open risk
 * case's (issue 33; absent in documents and views that predate it).
 */
export type HeldSource = Pick<AffiliateDoc, "held"> & Partial<Pick<AffiliateDoc, "risk_held">>;

/**
 * Commission still in its hold period (issue 19): the sum of the `held` buckets that mature after today.
 * A bucket matures at 00:00 UTC on its day; matured buckets still stored (pruned by the next ledger write)
 * count for nothing.
 */
export function heldCentsOf(affiliate: HeldSource, now: Date): Cents {
  const today = dayKey(now);
  let held = 0;
  for (const [day, cents] of Object.entries(affiliate.held ?? {})) if (day > today) held += cents;
  return held;
}

/** The next day commission matures on, and how much: null when nothing is held. */
export function nextMaturityOf(affiliate: HeldSource, now: Date): { day: DayKey; cents: Cents } | null {
  const today = dayKey(now);
  const next = Object.entries(affiliate.held ?? {})
    .filter(([day, cents]) => day > today && cents > 0)
    .sort(([a], [b]) => (a < b ? -1 : 1))[0];
  return next ? { day: next[0], cents: next[1] } : null;
}

/** The held buckets that have matured by `now`, for the next ledger write to delete. */
export function maturedHeldDays(affiliate: HeldSource, now: Date): DayKey[] {
  const today = dayKey(now);
  return Object.keys(affiliate.held ?? {}).filter((day) => day <= today);
}

/**
 * What can be paid out: the balance less the commission still held (in its hold period, or by an open risk
 * case), floored at 0. SPEC.md's payout rules (the $200 minimum) apply to this, and a payout request pays
 * exactly this.
 */
export function payableOf(affiliate: BalanceSource & HeldSource, now: Date): Cents {
  return Math.max(0, balanceOf(affiliate) - heldCentsOf(affiliate, now) - riskHeldCentsOf(affiliate));
}

/**
 * What the affiliate could still ask for: the payable balance less a payout already requested and not yet
 * paid (the balance counts a payout only once it is paid), floored at 0 as the balance is.
 */
export function availableBalanceOf(affiliate: BalanceSource & PendingSource & HeldSource, now: Date): Cents {
  return Math.max(0, payableOf(affiliate, now) - (pendingInvoiceOf(affiliate)?.amount_cents ?? 0));
}
