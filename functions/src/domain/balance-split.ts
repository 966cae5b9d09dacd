/**
 * How the balance splits (issue 32): one vocabulary for every money screen. The balance (SPEC.md §4's,
 * the All Time card's) is what is available to request, what is in hold, and what is a pending payout;
 * what has been paid is apart from it (the All Time card's Payouts).
 */
import { availableBalanceOf, balanceOf, heldCentsOf, pendingInvoiceOf } from "./balance.js";
import type { AffiliateDoc } from "./model.js";
import type { Cents } from "./money.js";
import { riskHeldCentsOf } from "./risk.js";

export interface BalanceSplit {
  /** SPEC.md §4's balance: earnings − refunded − payouts, floored at 0. */
  balance: Cents;
  /** What a payout request would pay now (availableBalanceOf). */
  available: Cents;
  /** Commission still in its hold period. */
  inHold: Cents;
  /** Commission held by an open risk review (issue 33) until staff resolve it; 0 when none. */
  underReview: Cents;
  /** The payout requested and not yet paid; 0 when none is pending. */
  pendingPayout: Cents;
  /**
   * Refunds and chargebacks that came after their commission was set aside (in hold, or in a pending
   * payout), so the parts above are more than the balance by this much: what later earnings net. 0 almost
   * always; available + inHold + underReview + pendingPayout − toNet is the balance, always.
   */
  toNet: Cents;
  /** Paid out, all time (the All Time card's Payouts): not part of the balance. */
  paid: Cents;
}

export type SplitSource = Parameters<typeof availableBalanceOf>[0] & Pick<AffiliateDoc, "total_payouts_cents">;

export function balanceSplitOf(affiliate: SplitSource, now: Date): BalanceSplit {
  const balance = balanceOf(affiliate);
  const available = availableBalanceOf(affiliate, now);
  const inHold = heldCentsOf(affiliate, now);
  const underReview = riskHeldCentsOf(affiliate);
  const pendingPayout = pendingInvoiceOf(affiliate)?.amount_cents ?? 0;
  return {
    balance,
    available,
    inHold,
    underReview,
    pendingPayout,
    toNet: available + inHold + underReview + pendingPayout - balance,
    paid: affiliate.total_payouts_cents,
  };
}
