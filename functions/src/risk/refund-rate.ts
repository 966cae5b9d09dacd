/**
 * The daily look at refund and chargeback rates (issue 33, domain/refund-rate.ts), run by the `riskReview`
 * schedule: every affiliate with a refund or chargeback recorded since the last look has their 30- and
 * 90-day rates compared with the programme's, and a rate far above it raises a `refund_rate` signal into
 * their case, with the rule's action. Off the ledger's path: a refund costs nothing more when it is applied,
 * and the look costs a few aggregation reads per affiliate refunded that day.
 */
import { daysAfter } from "../domain/days.js";
import { refundRateFindings, refundRateSignal, refundRateWindows, type WindowCounts } from "../domain/refund-rate.js";
import { riskFamilyInfo } from "../domain/risk-rules.js";
import { affiliateRateCounts, affiliatesRefundedSince, programmeRateCounts } from "../data/refund-counts.js";
import { lookAt, measuredNow, type Look, type Measure } from "./look.js";

/** How far back a look reaches for refunds: a day, and an hour more so a late run misses none. */
export const lookBackMs = 25 * 60 * 60 * 1000;
/** The most ledger entries one look reads to find who was refunded (logged when reached). */
export const maxRefundEntries = 10_000;

/**
 * One affiliate's measure, as of `now` (the rates are over the 30 and 90 days up to it, whatever day is
 * reviewed): their counts beside the programme's (read once per measure, and only when someone is read).
 * A finding's hold counts from the start of the longest window above the line: the sales the rate condemns.
 */
export function refundRateMeasure(): Measure<WindowCounts[]> {
  let programme: Promise<WindowCounts["programme"][]> | undefined;
  return {
    read: async (uid, _days, now) => {
      programme ??= Promise.all(refundRateWindows.map(({ days }) => programmeRateCounts(days, now)));
      const programmeCounts = await programme;
      return Promise.all(
        refundRateWindows.map(async ({ days }, index) => ({
          days,
          affiliate: await affiliateRateCounts(uid, days, now),
          programme: programmeCounts[index]!,
        })),
      );
    },
    findingOn: (windows, day, rule) => {
      const factor = rule.threshold ?? riskFamilyInfo.refund_rate.threshold!.default;
      const findings = refundRateFindings(windows, factor);
      const signal = refundRateSignal(findings, rule.action);
      if (!signal) return null;
      const longest = Math.max(...findings.map((finding) => finding.days));
      return { signal, since: daysAfter(new Date(`${day}T00:00:00Z`), -longest) };
    },
  };
}

/** Compares the rates of every affiliate refunded since `since` with the programme's; raises their signals. */
export function lookAtRefundRates(now: Date, since = new Date(now.getTime() - lookBackMs)): Promise<Look> {
  return lookAt("refund_rate", now, {
    candidates: () => affiliatesRefundedSince(since, maxRefundEntries),
    limit: maxRefundEntries,
    signalFor: measuredNow(refundRateMeasure(), now),
  });
}
