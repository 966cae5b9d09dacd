/**
 * The daily look at many sign-ups from one address block (issue 33, a conversion anomaly:
 * domain/address-blocks.ts), run by the `riskReview` schedule: every affiliate with a block of at least ten
 * sign-ups yesterday (one collection-group query on the blocks' (date, sign_ups) index) has that day measured,
 * and a block that was most of their sign-ups raises a `conversion_anomaly` signal into their case. Costs one
 * query and, per affiliate found, one query of their blocks and one read of their daily figures. The
 * simulation (risk/simulate.ts) asks the same measure.
 */
import { blockSignUps, blockSignUpsSignal } from "../domain/address-blocks.js";
import { dayBefore, dayKey, lastDays, type DayFigures, type DayKey } from "../domain/days.js";
import { affiliatesWithBusyBlocks, busiestBlocksOf } from "../data/address-blocks.js";
import { dailyFiguresOver } from "../data/risk-days.js";
import { lookAt, measuredNow, type Look, type Measure } from "./look.js";

/** The most block documents one look reads to find who had a busy block yesterday (logged when reached). */
export const maxBusyBlocks = 10_000;

interface BlockData {
  /** The sign-ups of the busiest block of each day that had one of at least minBlockSignUps. */
  busiest: Record<DayKey, number>;
  figures: Record<DayKey, DayFigures>;
}

/**
 * One affiliate's measure: the review of a day looks at the whole day before it. Their daily figures are read
 * only when a block was busy enough to be a finding.
 */
export const addressBlocksMeasure: Measure<BlockData> = {
  read: async (uid, days, now) => {
    const span = lastDays(now, days.length + 1);
    const busiest = await busiestBlocksOf(uid, span);
    const busy = Object.keys(busiest).length > 0;
    return { busiest, figures: busy ? await dailyFiguresOver(uid, span) : {} };
  },
  findingOn: ({ busiest, figures }, day, rule) => {
    const finding = blockSignUps(busiest, figures, dayBefore(day));
    return finding ? { signal: blockSignUpsSignal(finding, rule.action), since: day } : null;
  },
};

export function lookAtAddressBlocks(now: Date): Promise<Look> {
  return lookAt("conversion_anomaly", now, {
    candidates: async () => (await affiliatesWithBusyBlocks([dayBefore(dayKey(now))], maxBusyBlocks)).uids,
    limit: maxBusyBlocks,
    signalFor: measuredNow(addressBlocksMeasure, now),
  });
}
