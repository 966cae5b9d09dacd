/**
 * The daily look at refund and chargeback rates (issue 33, domain/refund-rate.ts), run by the `riskReview`
 * schedule: every affiliate with a refund or chargeback recorded since the last look has their 30- and
 * 90-day rates compared with the programme's, and a rate far above it raises a `refund_rate` signal into
 * their case, with the rule's action. Off the ledger's path: a refund costs nothing more when it is applied,
 * and the look costs a few aggregation reads per affiliate refunded that day.
 */
import { refundRateFindings, refundRateSignal, refundRateWindows, type WindowCounts } from "../domain/refund-rate.js";
import { riskFamilyInfo } from "../domain/risk-rules.js";
import { affiliateRateCounts, affiliatesRefundedSince, programmeRateCounts } from "../data/refund-counts.js";
import { lookAt, type Look } from "./look.js";

/** How far back a look reaches for refunds: a day, and an hour more so a late run misses none. */
export const lookBackMs = 25 * 60 * 60 * 1000;
/** The most ledger entries one look reads to find who was refunded (logged when reached). */
export const maxRefundEntries = 10_000;

/** Compares the rates of every affiliate refunded since `since` with the programme's; raises their signals. */
export async function lookAtRefundRates(now: Date, since = new Date(now.getTime() - lookBackMs)): Promise<Look> {
  let programme: Promise<WindowCounts["programme"][]> | undefined;
  return lookAt("refund_rate", now, {
    candidates: () => affiliatesRefundedSince(since, maxRefundEntries),
    limit: maxRefundEntries,
    signalFor: async (uid, rule) => {
      // The programme's counts, read once for the look (and only when someone was refunded).
      programme ??= Promise.all(refundRateWindows.map(({ days }) => programmeRateCounts(days, now)));
      const programmeCounts = await programme;
      const windows: WindowCounts[] = await Promise.all(
        refundRateWindows.map(async ({ days }, index) => ({
          days,
          affiliate: await affiliateRateCounts(uid, days, now),
          programme: programmeCounts[index]!,
        })),
      );
      const factor = rule.threshold ?? riskFamilyInfo.refund_rate.threshold!.default;
      return refundRateSignal(refundRateFindings(windows, factor), rule.action);
    },
  });
}
