/**
 * The traffic quality signal (issue 33): an affiliate whose clicks come mostly from bots, headless browsers
 * and datacenters (counted apart as filtered clicks, docs/tracking.md) is buying or faking traffic. Over the
 * last `trafficWindowDays` days, the share of their clicks that were filtered is compared with the rule's
 * threshold, a percentage; a window with fewer than `minTrafficClicks` clicks in all says nothing.
 */
import { lastDays, type DayKey } from "./days.js";
import type { RiskAction } from "./risk-rules.js";
import type { RiskSignal } from "./risk.js";

export const trafficWindowDays = 7;
/** The fewest clicks (counted and filtered) a window needs before its share means anything. */
export const minTrafficClicks = 100;
/** The review of a day looks at the affiliates with filtered clicks on it or the day before. */
export const trafficLookedAtDays = 2;

/** One day's clicks, as its day document keeps them. */
export interface DayClicks {
  date: DayKey;
  /** Counted clicks (people's). */
  clicks: number;
  /** Clicks counted apart: bots' and datacenters'. */
  filtered: number;
  /** Of `filtered`, the datacenters'. */
  datacenter: number;
}

export interface TrafficFinding {
  clicks: number;
  filtered: number;
  datacenter: number;
  percent: number;
}

/** The window's share of filtered clicks when it is above `thresholdPercent` with enough clicks; else null. */
export function trafficFinding(days: readonly DayClicks[], thresholdPercent: number): TrafficFinding | null {
  let clicks = 0;
  let filtered = 0;
  let datacenter = 0;
  for (const day of days) {
    clicks += day.clicks;
    filtered += day.filtered;
    datacenter += day.datacenter;
  }
  const all = clicks + filtered;
  if (all < minTrafficClicks) return null;
  const percent = (filtered / all) * 100;
  return percent > thresholdPercent ? { clicks: all, filtered, datacenter, percent } : null;
}

/**
 * What the review of `day` finds in an affiliate's days (any span that holds its week): nothing unless they had
 * filtered clicks on it or the day before (who the review looks at), else the finding of its week, which ends
 * with `day`.
 */
export function trafficFindingOn(
  days: readonly DayClicks[],
  day: DayKey,
  thresholdPercent: number,
): TrafficFinding | null {
  const noon = new Date(`${day}T12:00:00Z`);
  const lookedAt = new Set(lastDays(noon, trafficLookedAtDays));
  if (!days.some((one) => lookedAt.has(one.date) && one.filtered > 0)) return null;
  const week = new Set(lastDays(noon, trafficWindowDays));
  return trafficFinding(
    days.filter((one) => week.has(one.date)),
    thresholdPercent,
  );
}

const count = (value: number) => value.toLocaleString("en-US");

/**
 * The signal for a finding: its key names the counts, so the same window looked at again adds nothing, and
 * a day that changes them adds one event to the open case.
 */
export function trafficQualitySignal(finding: TrafficFinding, action: RiskAction): RiskSignal {
  const { clicks, filtered, datacenter, percent } = finding;
  const bots = filtered - datacenter;
  return {
    key: `traffic_quality:${trafficWindowDays}d:${filtered}/${clicks}`,
    family: "traffic_quality",
    action,
    evidence: {
      detail:
        `Last ${trafficWindowDays} days: ${count(filtered)} of ${count(clicks)} clicks filtered as automated ` +
        `(${Math.round(percent)}%): ${count(bots)} from bots, ${count(datacenter)} from datacenters.`,
    },
  };
}
