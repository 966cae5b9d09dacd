/** The few statistics the benchmarks report: medians, percentiles and the spread over repeated runs. */

/** The value below which `p` percent of the values lie (nearest rank; p in 0..100). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export interface Spread {
  median: number;
  min: number;
  max: number;
  /** How many values (runs) it summarises. */
  n: number;
}

export function spread(values: readonly number[]): Spread {
  return {
    median: median(values),
    min: values.length > 0 ? Math.min(...values) : Number.NaN,
    max: values.length > 0 ? Math.max(...values) : Number.NaN,
    n: values.length,
  };
}

/** A number for a table: `digits` decimals below 10, fewer as it grows; thousands separated. */
export function num(value: number, digits = 1): string {
  if (!Number.isFinite(value)) return "n/a";
  const decimals = Math.abs(value) >= 1000 ? 0 : Math.abs(value) >= 100 ? Math.min(digits, 0) : digits;
  return value.toLocaleString("en-US", { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

/** "12.3 (11.0–14.1)": the median and, in brackets, the smallest and largest run. */
export function mmm(value: Spread, digits = 1): string {
  if (value.n <= 1) return num(value.median, digits);
  return `${num(value.median, digits)} (${num(value.min, digits)}–${num(value.max, digits)})`;
}

/** "×1.42": how many times the floor a measurement is. */
export function ratio(value: number, floor: number): string {
  if (!Number.isFinite(value) || !Number.isFinite(floor) || floor === 0) return "n/a";
  return `×${(value / floor).toFixed(2)}`;
}

export function kb(bytes: number, digits = 1): string {
  return `${(bytes / 1024).toFixed(digits)} KB`;
}

export function mb(bytes: number, digits = 1): string {
  return `${(bytes / (1024 * 1024)).toFixed(digits)} MB`;
}

/** How far a measurement is from a limit it must stay under: "38% headroom" or "21% over". */
export function margin(value: number, limit: number): string {
  if (!Number.isFinite(value) || !Number.isFinite(limit) || limit === 0) return "n/a";
  const share = Math.abs(value - limit) / limit;
  return value <= limit ? `${Math.round(share * 100)}% headroom` : `${Math.round(share * 100)}% over`;
}
