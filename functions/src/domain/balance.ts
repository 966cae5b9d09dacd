import type { AffiliateDoc } from "./model.js";
import type { Cents } from "./money.js";

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
