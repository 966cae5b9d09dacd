/** Statistics are bucketed by UTC day, named "yyyy-mm-dd", so "last 7 days" rolls over by itself. */
export type DayKey = string;

export const dayMs = 24 * 60 * 60 * 1000;

export function dayKey(date: Date): DayKey {
  return date.toISOString().slice(0, 10);
}

/** The UTC day `days` whole days after the day of `date`. */
export function daysAfter(date: Date, days: number): DayKey {
  return dayKey(new Date(date.getTime() + days * dayMs));
}

/** The UTC day before `day`. */
/** The moment a UTC day starts: "2027-01-01" → 2027-01-01T00:00:00Z. */
export const dayStart = (day: DayKey): Date => new Date(`${day}T00:00:00Z`);

export const dayBefore = (day: DayKey): DayKey => daysAfter(dayStart(day), -1);

/** The keys of the `count` UTC days ending with (and including) the day of `now`, oldest first. */
export function lastDays(now: Date, count: number): DayKey[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: count }, (_, i) => dayKey(new Date(today - (count - 1 - i) * dayMs)));
}

export interface DayFigures {
  clicks: number;
  sign_ups: number;
  sales: number;
  earnings_cents: number;
  /** First sales (issue 34's tiers and bonuses): on the affiliate's recent days only, from a day with one. */
  first_sales?: number;
}

export const emptyDay: DayFigures = { clicks: 0, sign_ups: 0, sales: 0, earnings_cents: 0 };

/** Sums the figures of the last `count` days (SPEC.md's "Last 7 Days" cards), from whatever buckets exist. */
export function sumLastDays(buckets: Record<DayKey, Partial<DayFigures>>, now: Date, count = 7): DayFigures {
  const total = { ...emptyDay };
  for (const key of lastDays(now, count)) {
    const day = buckets[key];
    if (!day) continue;
    total.clicks += day.clicks ?? 0;
    total.sign_ups += day.sign_ups ?? 0;
    total.sales += day.sales ?? 0;
    total.earnings_cents += day.earnings_cents ?? 0;
  }
  return total;
}
