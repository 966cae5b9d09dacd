/**
 * The refund and chargeback rate signal (issue 33): an affiliate whose sales come back far more often than
 * the programme's do is sending buyers who never meant to pay (trial and chargeback farming). Over the last
 * 30 and 90 days, the share of sales refunded or charged back is compared with the programme's over the same
 * days, and chargebacks, which cost the advertiser a fee and a mark with the card networks, are compared on
 * their own. A window with too few sales says nothing, and neither does a rate at or below `floorRate`,
 * so a programme with almost no refunds does not flag an affiliate for its first two.
 */
import type { RiskAction } from "./risk-rules.js";
import type { RiskSignal } from "./risk.js";

/** A window's counts: sales (first payments and renewals), refunds and chargebacks recorded in it. */
export interface RateCounts {
  sales: number;
  refunds: number;
  chargebacks: number;
}

/** The windows compared, in days, and the fewest sales in each that can make a rate. */
export const refundRateWindows = [
  { days: 30, minSales: 10 },
  { days: 90, minSales: 20 },
] as const;

export type RefundRateWindow = (typeof refundRateWindows)[number]["days"];

/** Where a window of `days` days up to `now` starts. */
export const windowStart = (now: Date, days: number): Date => new Date(now.getTime() - days * 86_400_000);

/** A rate at or below this (5%) never flags, whatever the programme's average. */
export const floorRate = 0.05;

/** An affiliate's and the programme's counts over one window. */
export interface WindowCounts {
  days: RefundRateWindow;
  affiliate: RateCounts;
  programme: RateCounts;
}

/** What was found above the line: which rate, in which window, against what. */
export interface RateFinding {
  days: RefundRateWindow;
  kind: "refunds" | "chargebacks";
  /** Refunds and chargebacks (kind "refunds") or chargebacks alone, and the sales they are a share of. */
  count: number;
  sales: number;
  rate: number;
  programmeRate: number;
}

const rateOf = (count: number, sales: number) => (sales > 0 ? count / sales : 0);

/**
 * The rates above `factor` times the programme's (and above the floor), in windows with enough sales. Refunds
 * count with chargebacks in the first rate ("refunded or charged back"); chargebacks alone in the second.
 */
export function refundRateFindings(windows: readonly WindowCounts[], factor: number): RateFinding[] {
  const findings: RateFinding[] = [];
  for (const { days, affiliate, programme } of windows) {
    const window = refundRateWindows.find((known) => known.days === days);
    if (!window || affiliate.sales < window.minSales) continue;
    const kinds = [
      ["refunds", affiliate.refunds + affiliate.chargebacks, programme.refunds + programme.chargebacks],
      ["chargebacks", affiliate.chargebacks, programme.chargebacks],
    ] as const;
    for (const [kind, count, programmeCount] of kinds) {
      const rate = rateOf(count, affiliate.sales);
      const programmeRate = rateOf(programmeCount, programme.sales);
      if (rate > floorRate && rate > factor * programmeRate) {
        findings.push({ days, kind, count, sales: affiliate.sales, rate, programmeRate });
      }
    }
  }
  return findings;
}

const percent = (rate: number) => `${(Math.round(rate * 1000) / 10).toLocaleString("en-US")}%`;

/** One line for staff: "30 days: 12 of 20 sales refunded or charged back (60%); the programme's rate is 8%." */
export function findingDetail({ days, kind, count, sales, rate, programmeRate }: RateFinding): string {
  const what = kind === "refunds" ? "refunded or charged back" : "charged back";
  return `Last ${days} days: ${count} of ${sales} sales ${what} (${percent(rate)}); the programme's rate is ${percent(programmeRate)}.`;
}

/**
 * The signal for an affiliate's findings, or null when there are none. Its key names the counts, so the
 * same findings evaluated again add nothing to the open case, and new refunds that keep the rate high add
 * one event (or open a new case after staff released the last one).
 */
export function refundRateSignal(findings: readonly RateFinding[], action: RiskAction): RiskSignal | null {
  const first = findings[0];
  if (!first) return null;
  const key = findings.map(({ days, kind, count, sales }) => `${days}d:${kind}:${count}/${sales}`).join(",");
  return {
    key: `refund_rate:${key}`,
    family: "refund_rate",
    action,
    evidence: { detail: findings.map(findingDetail).join(" ") },
  };
}
