/**
 * The daily look at sales spikes (issue 33, a conversion anomaly: domain/sales-spike.ts), run by the
 * `riskReview` schedule: every affiliate with at least ten sales yesterday has that day compared with their
 * own norm of the 28 days before, and a day far above it raises a `conversion_anomaly` signal into their
 * case. Costs one query and one read per affiliate with such a day.
 */
import { dayKey } from "../domain/days.js";
import { riskFamilyInfo } from "../domain/risk-rules.js";
import { minSpikeSales, salesSpike, salesSpikeSignal } from "../domain/sales-spike.js";
import { affiliatesWithSalesOn, recentDaysOf } from "../data/risk-days.js";
import { lookAt, type Look } from "./look.js";

/** The most day documents one look reads to find who sold much yesterday (logged when reached). */
export const maxSpikeDays = 10_000;

export function lookAtSalesSpikes(now: Date): Promise<Look> {
  const yesterday = dayKey(new Date(now.getTime() - 86_400_000));
  return lookAt("conversion_anomaly", now, {
    candidates: () => affiliatesWithSalesOn(yesterday, minSpikeSales, maxSpikeDays),
    limit: maxSpikeDays,
    signalFor: async (uid, rule) => {
      const factor = rule.threshold ?? riskFamilyInfo.conversion_anomaly.threshold!.default;
      const spike = salesSpike(await recentDaysOf(uid), yesterday, factor);
      return spike ? salesSpikeSignal(spike, rule.action) : null;
    },
  });
}
