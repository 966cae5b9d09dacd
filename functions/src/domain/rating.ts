import type { Cents } from "./money.js";

/** SPEC.md §4's labels, word for word. */
export const ratingLabels = {
  none: "No signups",
  highRisk: "HIGH RISK",
  high: "High Performance",
  neutral: "Neutral Performance",
  low: "Low Performance",
} as const;

export type RatingLabel = (typeof ratingLabels)[keyof typeof ratingLabels];

export interface Rating {
  label: RatingLabel;
  /** Earnings per sign-up in dollars, or null when there are no sign-ups. */
  earningsPerSignUp: number | null;
}

/**
 * SPEC.md §4's lines between the bands, in earnings per sign-up, each $1 ÷ its divisor (so comparisons stay
 * in whole numbers): above $1 is HIGH RISK; from $1/3 to $1 inclusive High Performance; from $1/8 up to
 * below $1/3 Neutral Performance; below $1/8 Low Performance. Screens that explain a rating print these.
 */
export const ratingLineDivisors = {
  highRiskAbove: 1,
  highFrom: 3,
  neutralFrom: 8,
} as const;

/**
 * Rates an affiliate by earnings per sign-up (SPEC.md §4, the lines above): none → 'No signups'. The
 * comparisons are done in integers (cents × divisors), so the boundaries are exact: no floating-point
 * rounding can move an affiliate across one.
 */
export function rateEarningsPerSignUp(earningsCents: Cents, signUps: number): Rating {
  if (signUps <= 0) return { label: ratingLabels.none, earningsPerSignUp: null };
  const earningsPerSignUp = earningsCents / 100 / signUps;
  const dollarInCents = 100 * signUps; // earnings of exactly $1 per sign-up
  const { highRiskAbove, highFrom, neutralFrom } = ratingLineDivisors;
  let label: RatingLabel;
  if (highRiskAbove * earningsCents > dollarInCents) label = ratingLabels.highRisk;
  else if (highFrom * earningsCents >= dollarInCents) label = ratingLabels.high;
  else if (neutralFrom * earningsCents >= dollarInCents) label = ratingLabels.neutral;
  else label = ratingLabels.low;
  return { label, earningsPerSignUp };
}

const perSignUpFormat = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 3,
  maximumFractionDigits: 3,
});

/** Earnings per sign-up as shown: dollars with 3 decimals (SPEC.md §9), "$0.333"; "—" when there are no sign-ups. */
export function formatEarningsPerSignUp(rating: Rating): string {
  return rating.earningsPerSignUp === null ? "—" : perSignUpFormat.format(rating.earningsPerSignUp);
}

/** Earnings per sign-up for exports: a plain number with 3 decimals, "0.333"; "" when there are no sign-ups. */
export function earningsPerSignUpText(rating: Rating): string {
  return rating.earningsPerSignUp === null ? "" : rating.earningsPerSignUp.toFixed(3);
}
