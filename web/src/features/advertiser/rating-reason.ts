/**
 * Why an affiliate has its rating, in one line beside it: the earnings per sign-up and the rule of the band
 * they fall in (SPEC.md §4), "$6.878 per sign-up: above $1.000 is HIGH RISK". The lines and the labels are
 * the domain's (@domain/rating), never retyped here, so the reason cannot disagree with the rating.
 */
import { rowCents } from "@domain/advertiser-summary";
import {
  formatEarningsPerSignUp,
  rateEarningsPerSignUp,
  ratingLabels,
  ratingLineDivisors,
  type Rating,
} from "@domain/rating";
import type { AffiliateView } from "./affiliate-view";

/** SPEC.md §9: earnings per sign-up are shown with 3 decimals. */
const shownDecimals = 3;
/**
 * Near a line, up to this many decimals are printed, so that the figure reads on the side of the line it
 * is on: a figure off a line is at least a cent ÷ (8 × sign-ups) away from it, more than half of the 12th
 * decimal for up to a billion sign-ups.
 */
const mostDecimals = 12;

const wholeDollars = new Intl.NumberFormat("en-US");

/** Units of 10^-decimals dollars as "$1,234.5678", exactly (no floating point). */
function dollarsText(units: bigint, decimals: number): string {
  const scale = 10n ** BigInt(decimals);
  return `$${wholeDollars.format(units / scale)}.${(units % scale).toString().padStart(decimals, "0")}`;
}

/**
 * A line ($1 ÷ divisor) as the reason prints it: 3 decimals, cut (not rounded) and followed by "…" when the
 * decimals go on ($1/3 is "$0.333…"), so a line is never printed above where it is.
 */
function lineText(divisor: number): string {
  const thousandths = Math.floor(1000 / divisor);
  return dollarsText(BigInt(thousandths), shownDecimals) + (thousandths * divisor === 1000 ? "" : "…");
}

/**
 * Earnings per sign-up as on the card (3 decimals), or, when rounding to 3 decimals would carry the figure
 * across a line ($1.0004 shows as "$1.000", which reads as High Performance, not HIGH RISK), with as many
 * more decimals as it takes to read on its own side. A figure exactly on a line whose decimals never end
 * ($1/3) is printed as the line is.
 */
function figureText(earningsCents: number, signUps: number, rating: Rating): string {
  const onLine = Object.values(ratingLineDivisors).find((divisor) => earningsCents * divisor === 100 * signUps);
  if (onLine !== undefined && 1000 % onLine !== 0) return lineText(onLine);
  const cents = BigInt(earningsCents);
  const count = BigInt(signUps);
  for (let decimals = shownDecimals; ; decimals++) {
    const perCent = 10n ** BigInt(decimals - 2); // units of 10^-decimals dollars in a cent
    // To 3 decimals, the card's own figure (the digits of "$6.878"), so the two never differ by a rounding;
    // beyond, rounded half up.
    const units =
      decimals === shownDecimals
        ? BigInt(formatEarningsPerSignUp(rating).replace(/\D/g, ""))
        : (2n * cents * perCent + count) / (2n * count);
    // The figure as printed, rated as an exact amount: `units` earned over `perCent` sign-ups.
    const printed = rateEarningsPerSignUp(Number(units), Number(perCent)).label;
    if (printed === rating.label || decimals === mostDecimals) return dollarsText(units, decimals);
  }
}

/** The reason for a rating: the figure and its band's rule, or why there is no figure yet. */
export function ratingReason(view: AffiliateView): string {
  const { row, rating } = view;
  const { highRiskAbove, highFrom, neutralFrom } = ratingLineDivisors;
  let rule: string;
  switch (rating.label) {
    case ratingLabels.none:
      return "No sign-ups yet, so no earnings per sign-up to rate";
    case ratingLabels.highRisk:
      rule = `above ${lineText(highRiskAbove)}`;
      break;
    case ratingLabels.high:
      rule = `from ${lineText(highFrom)} to ${lineText(highRiskAbove)}`;
      break;
    case ratingLabels.neutral:
      rule = `from ${lineText(neutralFrom)} to below ${lineText(highFrom)}`;
      break;
    case ratingLabels.low:
      rule = `below ${lineText(neutralFrom)}`;
      break;
  }
  const figure = figureText(rowCents(row.total_earnings), row.total_sign_ups, rating);
  return `${figure} per sign-up: ${rule} is ${rating.label}`;
}
