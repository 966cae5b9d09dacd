/**
 * The daily look at traffic quality (issue 33, domain/traffic-quality.ts), run by the `riskReview` schedule:
 * every affiliate with clicks filtered yesterday or today has the share of their last seven days' clicks that
 * were bots' or datacenters' compared with the rule's threshold, and a share above it raises a
 * `traffic_quality` signal into their case. Off the click's path: a click costs nothing more, and the look
 * costs one query and the window's day documents per affiliate with filtered clicks.
 */
import { lastDays } from "../domain/days.js";
import { riskFamilyInfo } from "../domain/risk-rules.js";
import { trafficFinding, trafficQualitySignal, trafficWindowDays } from "../domain/traffic-quality.js";
import { affiliatesFilteredOn, lastDaysClicks } from "../data/risk-days.js";
import { lookAt, type Look } from "./look.js";

/** The most day documents one look reads to find who had filtered clicks (logged when reached). */
export const maxFilteredDays = 10_000;

export function lookAtTrafficQuality(now: Date): Promise<Look> {
  return lookAt("traffic_quality", now, {
    candidates: () => affiliatesFilteredOn(lastDays(now, 2), maxFilteredDays),
    limit: maxFilteredDays,
    signalFor: async (uid, rule) => {
      const threshold = rule.threshold ?? riskFamilyInfo.traffic_quality.threshold!.default;
      const finding = trafficFinding(await lastDaysClicks(uid, trafficWindowDays, now), threshold);
      return finding ? trafficQualitySignal(finding, rule.action) : null;
    },
  });
}
