/**
 * The daily look at sales spikes (issue 33, a conversion anomaly: domain/sales-spike.ts), run by the
 * `riskReview` schedule: every affiliate with at least ten sales yesterday has that day compared with their
 * own norm of the 28 days before, and a day far above it raises a `conversion_anomaly` signal into their
 * case. Costs one query and one read per affiliate with such a day.
 */
import { dayBefore, dayKey, lastDays, type DayFigures, type DayKey } from "../domain/days.js";
import { riskFamilyInfo } from "../domain/risk-rules.js";
import { minSpikeSales, normDays, salesSpike, salesSpikeSignal } from "../domain/sales-spike.js";
import { affiliatesWithSalesOn, dailyFiguresOver } from "../data/risk-days.js";
import { lookAt, measuredNow, type Look, type Measure } from "./look.js";

/** The most day documents one look reads to find who sold much yesterday (logged when reached). */
export const maxSpikeDays = 10_000;

/**
 * One affiliate's measure: their daily figures, and the review of a day compares the whole day before it with
 * the norm of the 28 before that. Today's review reads the figures their document keeps (one read, 95 days);
 * a span reaching further back (the simulation's) reads the day documents, which hold the same figures.
 */
export const salesSpikeMeasure: Measure<Record<DayKey, DayFigures>> = {
  read: (uid, days, now) => {
    const span = lastDays(now, days.length + normDays + 1);
    return dailyFiguresOver(uid, span);
  },
  findingOn: (recent, day, rule) => {
    const factor = rule.threshold ?? riskFamilyInfo.conversion_anomaly.threshold!.default;
    const spike = salesSpike(recent, dayBefore(day), factor);
    return spike ? { signal: salesSpikeSignal(spike, rule.action), since: day } : null;
  },
};

export function lookAtSalesSpikes(now: Date): Promise<Look> {
  return lookAt("conversion_anomaly", now, {
    candidates: () => affiliatesWithSalesOn([dayBefore(dayKey(now))], minSpikeSales, maxSpikeDays),
    limit: maxSpikeDays,
    signalFor: measuredNow(salesSpikeMeasure, now),
  });
}
