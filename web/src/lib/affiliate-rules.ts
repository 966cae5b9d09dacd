/**
 * The balance and the payout refusal as functions of the affiliate document, over the domain's rules
 * (functions/src/domain/balance.ts, payout-eligibility.ts). They belong in the domain beside those rules;
 * until they move there, every web component calls these instead of spelling the inputs out.
 */
import { balanceCents } from "@domain/balance";
import type { AffiliateDoc } from "@domain/model";
import type { Cents } from "@domain/money";
import type { PayoutDetails } from "@domain/payout-details";
import { payoutRefusal, type PayoutRefusal } from "@domain/payout-eligibility";

type Totals = Pick<AffiliateDoc, "total_earnings_cents" | "total_refunded_cents" | "total_payouts_cents">;

/** What the affiliate is owed: earnings − refunded − payouts, floored at 0 (SPEC.md §4). */
export function balanceOf(affiliate: Totals): Cents {
  return balanceCents({
    earningsCents: affiliate.total_earnings_cents,
    refundedCents: affiliate.total_refunded_cents,
    payoutsCents: affiliate.total_payouts_cents,
  });
}

/** Why the affiliate cannot request a payout at `now`, or null when they can (SPEC.md §5, §8). */
export function payoutRefusalOf(
  affiliate: Totals & PayoutDetails & Pick<AffiliateDoc, "fraud_user" | "payout_pending" | "last_payout">,
  now: Date,
): PayoutRefusal | null {
  return payoutRefusal(
    {
      details: affiliate,
      fraudUser: affiliate.fraud_user,
      payoutPending: affiliate.payout_pending,
      lastPayout: affiliate.last_payout,
      earningsCents: affiliate.total_earnings_cents,
      refundedCents: affiliate.total_refunded_cents,
      payoutsCents: affiliate.total_payouts_cents,
    },
    now,
  );
}
