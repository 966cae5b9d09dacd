import { balanceCents, payableOf, type BalanceInputs, type BalanceSource, type HeldSource } from "./balance.js";
import type { AffiliateDoc } from "./model.js";
import { dayMs } from "./days.js";
import type { Cents } from "./money.js";
import { missingDetails, type PayoutDetails } from "./payout-details.js";
import { holdingCase, underReviewMessage } from "./risk.js";

/**
 * The payout rules (SPEC.md §1, §9): a minimum payout, and a new payout only once more than `intervalDays`
 * have passed since the last. Programme settings (issue 19) can change both; these are SPEC.md's values.
 */
export interface PayoutRules {
  minimumCents: Cents;
  intervalDays: number;
}

export const defaultPayoutRules: PayoutRules = { minimumCents: 20_000, intervalDays: 30 };

/** Minimum payout: $200 (SPEC.md §9), unless the programme settings say otherwise. */
export const minimumPayoutCents: Cents = defaultPayoutRules.minimumCents;

const intervalMs = (rules: PayoutRules) => rules.intervalDays * dayMs;

/** SPEC.md's interval between payouts, in milliseconds (30 days). */
export const payoutIntervalMs = intervalMs(defaultPayoutRules);

/** A number of days as messages write it: "1 day", "30 days". */
export const daysText = (days: number) => `${days} day${days === 1 ? "" : "s"}`;

/** Dollars as SPEC.md's messages write them: "$200", "$150.50". */
const money = (cents: Cents) => `$${cents % 100 === 0 ? cents / 100 : (cents / 100).toFixed(2)}`;

/** The smallest payable balance that can be paid out: the minimum, and never nothing (a $0 minimum is 1 cent). */
const effectiveMinimum = (rules: PayoutRules): Cents => Math.max(rules.minimumCents, 1);

/** The minimum payout as messages write it: "$200", "$150.50". */
export const minimumPayoutText = (rules: PayoutRules) => money(effectiveMinimum(rules));

/** The rules as the dashboard states them: "Minimum payout $200, one payout a month." */
export function payoutRulesText(rules: PayoutRules): string {
  const cadence =
    rules.intervalDays === 30
      ? "one payout a month"
      : rules.intervalDays === 0
        ? "a new payout as soon as the last is paid"
        : `one payout every ${daysText(rules.intervalDays)}`;
  return `Minimum payout ${minimumPayoutText(rules)}, ${cadence}.`;
}

/** A refusal's message under the rules: SPEC.md's words, with the programme's own amount and days. */
export function payoutMessage(refusal: PayoutRefusal, rules: PayoutRules = defaultPayoutRules): string {
  if (refusal === "belowMinimum" && rules.minimumCents !== defaultPayoutRules.minimumCents) {
    return payoutMessages.belowMinimum.replace("$200", minimumPayoutText(rules));
  }
  if (refusal === "recentPayout" && rules.intervalDays !== defaultPayoutRules.intervalDays) {
    return payoutMessages.recentPayout.replace("30 days", daysText(rules.intervalDays));
  }
  return payoutMessages[refusal];
}

/**
 * SPEC.md §8's messages, word for word (its spellings included), and issue 33's for an account under a
 * risk review that holds commission (not in SPEC.md, which has no reviews).
 */
export const payoutMessages = {
  suspended: "Your account has been permanantly suspended due to fraudulent activity.",
  underReview: underReviewMessage,
  recentPayout: "You have already recieved a payout in the last 30 days.",
  pending: "You already have a pending payout in progress. Please wait until the payout is complete.",
  incomplete: "Please complete all fields before requesting a payout.",
  belowMinimum: "Minimum payout is $200. Your current available balance is less than the required amount.",
} as const;

export type PayoutRefusal = keyof typeof payoutMessages;

/** Whether a payout made at `lastPayout` still blocks another at `now`. */
export function isWithinPayoutInterval(
  lastPayout: Date | null,
  now: Date,
  rules: PayoutRules = defaultPayoutRules,
): boolean {
  return lastPayout !== null && now.getTime() - lastPayout.getTime() <= intervalMs(rules);
}

/** When the next payout may be requested, or null when one may be requested now. */
export function nextPayoutAllowedAt(
  lastPayout: Date | null,
  now: Date,
  rules: PayoutRules = defaultPayoutRules,
): Date | null {
  if (!isWithinPayoutInterval(lastPayout, now, rules)) return null;
  return new Date(lastPayout!.getTime() + intervalMs(rules) + 1);
}

export interface PayoutState extends BalanceInputs {
  details: PayoutDetails;
  fraudUser: boolean;
  /** Whether an open risk case holds the affiliate's commission (issue 33). */
  underReview?: boolean;
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
export function payoutRefusal(
  state: PayoutState,
  now: Date,
  rules: PayoutRules = defaultPayoutRules,
): PayoutRefusal | null {
  return refusalFor({ ...state, balance: balanceCents(state) }, now, rules);
}

/** The affiliate document's fields a payout request is judged on (its payout details included). */
export type PayoutSubject = BalanceSource &
  HeldSource &
  PayoutDetails &
  Pick<AffiliateDoc, "fraud_user" | "payout_pending" | "last_payout"> &
  Partial<Pick<AffiliateDoc, "risk_case">>;

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
  rules: PayoutRules = defaultPayoutRules,
): PayoutRefusal | null {
  return refusalFor(
    {
      details,
      fraudUser: affiliate.fraud_user,
      underReview: holdingCase({ risk_case: affiliate.risk_case ?? null }) !== null,
      payoutPending: affiliate.payout_pending,
      lastPayout: affiliate.last_payout,
      balance: payableOf(affiliate, now),
    },
    now,
    rules,
  );
}

function refusalFor(
  state: Omit<PayoutState, keyof BalanceInputs> & { balance: Cents },
  now: Date,
  rules: PayoutRules,
): PayoutRefusal | null {
  if (state.fraudUser) return "suspended";
  if (state.underReview) return "underReview";
  if (state.payoutPending) return "pending";
  if (isWithinPayoutInterval(state.lastPayout, now, rules)) return "recentPayout";
  if (state.balance < effectiveMinimum(rules)) return "belowMinimum";
  if (missingDetails(state.details, { forPayout: true }).length > 0) return "incomplete";
  return null;
}
