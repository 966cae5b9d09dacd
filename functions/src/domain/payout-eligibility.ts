import { balanceCents, payableOf, type BalanceInputs, type BalanceSource, type HeldSource } from "./balance.js";
import type { AffiliateDoc } from "./model.js";
import type { Cents } from "./money.js";
import { missingDetails, type PayoutDetails } from "./payout-details.js";

/** Minimum payout: $200 (SPEC.md §9). */
export const minimumPayoutCents: Cents = 20_000;

/** One payout per month: a new one only when more than 30 days have passed since the last (SPEC.md §1, §9). */
export const payoutIntervalMs = 30 * 24 * 60 * 60 * 1000;

/** SPEC.md §8's messages, word for word (its spellings included). */
export const payoutMessages = {
  suspended: "Your account has been permanantly suspended due to fraudulent activity.",
  recentPayout: "You have already recieved a payout in the last 30 days.",
  pending: "You already have a pending payout in progress. Please wait until the payout is complete.",
  incomplete: "Please complete all fields before requesting a payout.",
  belowMinimum: "Minimum payout is $200. Your current available balance is less than the required amount.",
} as const;

export type PayoutRefusal = keyof typeof payoutMessages;

/** Whether a payout made at `lastPayout` still blocks another at `now`. */
export function isWithinPayoutInterval(lastPayout: Date | null, now: Date): boolean {
  return lastPayout !== null && now.getTime() - lastPayout.getTime() <= payoutIntervalMs;
}

/** When the next payout may be requested, or null when one may be requested now. */
export function nextPayoutAllowedAt(lastPayout: Date | null, now: Date): Date | null {
  if (!isWithinPayoutInterval(lastPayout, now)) return null;
  return new Date(lastPayout!.getTime() + payoutIntervalMs + 1);
}

export interface PayoutState extends BalanceInputs {
  details: PayoutDetails;
  fraudUser: boolean;
  payoutPending: boolean;
  lastPayout: Date | null;
}

/**
 * Why a payout cannot be requested now, or null when it can. Checked so that the first answer is the one
 * that matters: suspension; then what no form can change (a pending payout, the 30-day window, a balance
 * under the minimum); only then missing details (VAT/Tax included), which are worth filling in only once
 * a payout could actually be made. (Before issue 17 the details came first, so a $12 balance was told to
 * complete its fields instead of hearing about the $200 minimum.)
 */
export function payoutRefusal(state: PayoutState, now: Date): PayoutRefusal | null {
  return refusalFor({ ...state, balance: balanceCents(state) }, now);
}

/** The affiliate document's fields a payout request is judged on (its payout details included). */
export type PayoutSubject = BalanceSource &
  HeldSource &
  PayoutDetails &
  Pick<AffiliateDoc, "fraud_user" | "payout_pending" | "last_payout">;

/**
 * Why the affiliate cannot request a payout at `now`, or null when it can: payoutRefusal of the document,
 * judged on the payable balance (commission still in its hold period cannot be paid out yet).
 * `details` are the payout details the request is made with (the form being submitted); by default the
 * ones the affiliate has stored.
 */
export function payoutRefusalOf(
  affiliate: PayoutSubject,
  now: Date,
  details: PayoutDetails = affiliate,
): PayoutRefusal | null {
  return refusalFor(
    {
      details,
      fraudUser: affiliate.fraud_user,
      payoutPending: affiliate.payout_pending,
      lastPayout: affiliate.last_payout,
      balance: payableOf(affiliate, now),
    },
    now,
  );
}

function refusalFor(
  state: Omit<PayoutState, keyof BalanceInputs> & { balance: Cents },
  now: Date,
): PayoutRefusal | null {
  if (state.fraudUser) return "suspended";
  if (state.payoutPending) return "pending";
  if (isWithinPayoutInterval(state.lastPayout, now)) return "recentPayout";
  if (state.balance < minimumPayoutCents) return "belowMinimum";
  if (missingDetails(state.details, { forPayout: true }).length > 0) return "incomplete";
  return null;
}
