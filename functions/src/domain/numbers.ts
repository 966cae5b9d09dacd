/**
 * Counts and rates on screen, written one way everywhere: thousands separators ("1,313", not "1313"), and
 * rates that never read as more than 100% when the two figures are not one funnel's stages.
 */

const countFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const percentFormat = new Intl.NumberFormat("en-US", {
  style: "percent",
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});
const ratioFormat = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * A rate (a fraction) as a percentage, to the hundredth of a percent the settings allow: 0.6 → "60%",
 * 0.655 → "65.5%". How commission rates are stated everywhere: the public pages, the settings, the dashboard.
 */
export function formatRatePercent(rate: number): string {
  return `${Math.round(rate * 1_000_000) / 10_000}%`;
}

/** A count with separators: 1313 → "1,313". */
export function formatCount(count: number): string {
  return countFormat.format(count);
}

/** A count and its noun, singular for one: (1, "payout", "payouts") → "1 payout"; 1313 → "1,313 payouts". */
export function formatCountOf(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/**
 * `part` as a share of `whole` ("10.0%"), or null when there is no share to tell: `whole` is 0, or `part`
 * exceeds it (then the two are not stages of one funnel, and a rate over 100% would mislead).
 */
export function formatShare(part: number, whole: number): string | null {
  if (whole <= 0 || part > whole) return null;
  return percentFormat.format(part / whole);
}

/** How many of `part` per one of `whole`, two decimals ("1.37"), or null when `whole` is 0. */
export function formatPerEach(part: number, whole: number): string | null {
  return whole > 0 ? ratioFormat.format(part / whole) : null;
}
