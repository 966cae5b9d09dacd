/**
 * The daily look at refund and chargeback rates (issue 33, domain/refund-rate.ts), run by the `riskReview`
 * schedule: every affiliate with a refund or chargeback recorded since the last look has their 30- and
 * 90-day rates compared with the programme's, and a rate far above it raises a `refund_rate` signal into
 * their case (data/risk-cases.ts), with the rule's action. Off the ledger's path: a refund costs nothing more
 * when it is applied, and the look costs a few aggregation reads per affiliate refunded that day.
 */
import { logger } from "firebase-functions/logger";
import pMap from "p-map";
import { refundRateFindings, refundRateSignal, refundRateWindows, type WindowCounts } from "../domain/refund-rate.js";
import { riskFamilyInfo, ruleFor } from "../domain/risk-rules.js";
import { affiliateRateCounts, affiliatesRefundedSince, programmeRateCounts } from "../data/refund-counts.js";
import { riskRulesNow } from "../data/programme-settings.js";
import { raiseSignal } from "../data/risk-cases.js";

/** How far back a look reaches for refunds: a day, and an hour more so a late run misses none. */
export const lookBackMs = 25 * 60 * 60 * 1000;
/** The most ledger entries one look reads to find who was refunded (logged when reached). */
export const maxRefundEntries = 10_000;

export interface RefundRateLook {
  /** Affiliates whose rates were compared. */
  looked: number;
  /** Signals that were new to the affiliate's case. */
  raised: number;
}

/** Compares the rates of every affiliate refunded since `since` with the programme's; raises their signals. */
export async function lookAtRefundRates(
  now: Date,
  since = new Date(now.getTime() - lookBackMs),
): Promise<RefundRateLook> {
  const rule = ruleFor(await riskRulesNow(), "refund_rate");
  if (!rule) return { looked: 0, raised: 0 };
  const [uids, programme] = await Promise.all([
    affiliatesRefundedSince(since, maxRefundEntries),
    Promise.all(refundRateWindows.map(({ days }) => programmeRateCounts(days, now))),
  ]);
  if (uids.length === maxRefundEntries) logger.warn("refund rates: the look reached its limit", { since });
  const raised = await pMap(
    uids,
    async (uid) => {
      const windows: WindowCounts[] = await Promise.all(
        refundRateWindows.map(async ({ days }, index) => ({
          days,
          affiliate: await affiliateRateCounts(uid, days, now),
          programme: programme[index]!,
        })),
      );
      const signal = refundRateSignal(
        refundRateFindings(windows, rule.threshold ?? riskFamilyInfo.refund_rate.threshold!.default),
        rule.action,
      );
      if (!signal) return false;
      try {
        return (await raiseSignal(uid, signal, now)).added;
      } catch (error) {
        logger.error("risk signal not raised", { uid, family: signal.family, error: String(error) });
        return false;
      }
    },
    { concurrency: 8 },
  );
  return { looked: uids.length, raised: raised.filter(Boolean).length };
}
