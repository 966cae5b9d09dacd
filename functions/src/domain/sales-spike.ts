/**
 * A conversion anomaly (issue 33): a day's sales far above the affiliate's own norm. Stolen cards and bought
 * conversions arrive in bursts an affiliate's audience never produced before. The day is compared with the
 * affiliate's average daily sales over the `normDays` days before it (from `recent_days`, which the
 * affiliate document keeps for 95 days); a norm under one sale a day counts as one, so a new affiliate's
 * first good day is not a spike unless it is a big one. A day with fewer than `minSpikeSales` sales is never
 * one.
 */
import { lastDays, type DayFigures, type DayKey } from "./days.js";
import type { RiskAction } from "./risk-rules.js";
import type { RiskSignal } from "./risk.js";

export const normDays = 28;
export const minSpikeSales = 10;

export interface SalesSpike {
  day: DayKey;
  sales: number;
  /** The average daily sales of the days before, at least 1. */
  norm: number;
}

/**
 * The spike on `day` when its sales are above `factor` times the norm of the `normDays` days before it, given
 * the affiliate's daily figures (days without any count as none); else null.
 */
export function salesSpike(
  recent: Record<DayKey, Partial<DayFigures>>,
  day: DayKey,
  factor: number,
): SalesSpike | null {
  const sales = recent[day]?.sales ?? 0;
  if (sales < minSpikeSales) return null;
  const before = lastDays(new Date(`${day}T00:00:00Z`), normDays + 1).slice(0, normDays);
  const total = before.reduce((sum, key) => sum + (recent[key]?.sales ?? 0), 0);
  const norm = Math.max(1, total / normDays);
  return sales > factor * norm ? { day, sales, norm } : null;
}

const oneDecimal = (value: number) => (Math.round(value * 10) / 10).toLocaleString("en-US");

/** The spike's signal: one per day (its key names the day), with the figures for staff. */
export function salesSpikeSignal(spike: SalesSpike, action: RiskAction): RiskSignal {
  return {
    key: `conversion_anomaly:sales_spike:${spike.day}`,
    family: "conversion_anomaly",
    action,
    evidence: {
      detail: `${spike.sales} sales on ${spike.day}, against ${oneDecimal(spike.norm)} a day on average over the ${normDays} days before.`,
    },
  };
}
