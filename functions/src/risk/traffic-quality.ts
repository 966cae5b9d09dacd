/**
 * The daily look at traffic quality (issue 33, domain/traffic-quality.ts), run by the `riskReview` schedule:
 * every affiliate with clicks filtered yesterday or today has the share of their last seven days' clicks that
 * were bots' or datacenters' compared with the rule's threshold, and a share above it raises a
 * `traffic_quality` signal into their case. Off the click's path: a click costs nothing more, and the look
 * costs one query and the window's day documents per affiliate with filtered clicks.
 */
import { lastDays } from "../domain/days.js";
import { riskFamilyInfo } from "../domain/risk-rules.js";
import {
  trafficFindingOn,
  trafficLookedAtDays,
  trafficQualitySignal,
  trafficWindowDays,
  type DayClicks,
} from "../domain/traffic-quality.js";
import { affiliatesFilteredOn, lastDaysClicks } from "../data/risk-days.js";
import { lookAt, measuredNow, type Look, type Measure } from "./look.js";

/** The most day documents one look reads to find who had filtered clicks (logged when reached). */
export const maxFilteredDays = 10_000;

/**
 * One affiliate's measure: the day documents of the days reviewed (up to today) and the week before the
 * first of them (at most their count and six more), and the review of a day looks at its week.
 */
export const trafficQualityMeasure: Measure<DayClicks[]> = {
  read: (uid, days, now) => lastDaysClicks(uid, days.length + trafficWindowDays - 1, now),
  findingOn: (clicks, day, rule) => {
    const threshold = rule.threshold ?? riskFamilyInfo.traffic_quality.threshold!.default;
    const finding = trafficFindingOn(clicks, day, threshold);
    return finding ? { signal: trafficQualitySignal(finding, rule.action), since: day } : null;
  },
};

export function lookAtTrafficQuality(now: Date): Promise<Look> {
  return lookAt("traffic_quality", now, {
    candidates: () => affiliatesFilteredOn(lastDays(now, trafficLookedAtDays), maxFilteredDays),
    limit: maxFilteredDays,
    signalFor: measuredNow(trafficQualityMeasure, now),
  });
}
