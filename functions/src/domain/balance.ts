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
