/**
 * The conversion report (issue 18): clicks → sign-ups → first sales, per landing page and per tracker, for
 * an affiliate (their dashboard) and across the programme (staff). Pure: the dashboard computes it from the
 * affiliate document it already reads, the API from the affiliates it reads.
 *
 * Landing pages count every click, but only the sign-ups and first sales the advertiser reported with a
 * click id (postbacks): a conversion reported without one cannot be traced to a page. Trackers count every
 * conversion that names the tracker, however it was reported.
 */
import type { AdvertiserId } from "./advertisers.js";
import { landingPages } from "./landing-pages.js";
import { defaultLandingKey, type AffiliateDoc, type LandingTotals } from "./model.js";
import { trackerRows } from "./trackers.js";

export interface FunnelRow {
  /** The landing key ("default", "/ai-porn") or tracker key ("default", "/tw", "removed"). */
  key: string;
  clicks: number;
  sign_ups: number;
  first_sales: number;
}

/** What a landing page's figures count, said wherever they are shown. */
export const landingCountsNote =
  "Landing pages count every click, and the sign-ups and first sales the advertiser reported with the click's id (postbacks).";

/** Below this many clicks a page's rate says little: it is not called the best. */
export const minClicksForBest = 50;

const emptyFunnel = (key: string): FunnelRow => ({ key, clicks: 0, sign_ups: 0, first_sales: 0 });

/** A rate as a fraction, or null when there is nothing to divide by. */
export function rate(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

/**
 * Most first sales per click first, then most sign-ups per click, then most clicks: the order an affiliate
 * reads "what converts best" in. Rows with no clicks go last, by their conversions.
 */
export function byConversion(a: FunnelRow, b: FunnelRow): number {
  const order = (row: FunnelRow) => [
    row.clicks > 0 ? 1 : 0,
    rate(row.first_sales, row.clicks) ?? 0,
    rate(row.sign_ups, row.clicks) ?? 0,
    row.first_sales,
    row.clicks,
  ];
  const [x, y] = [order(a), order(b)];
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return y[i]! - x[i]!;
  return a.key.localeCompare(b.key);
}

/** The landing pages' funnels for an advertiser, best converting first; pages with nothing left out. */
export function landingFunnels(landings: Record<string, LandingTotals> | undefined): FunnelRow[] {
  return Object.entries(landings ?? {})
    .map(([key, totals]) => ({
      key,
      clicks: totals.clicks ?? 0,
      sign_ups: totals.sign_ups ?? 0,
      first_sales: totals.first_sales ?? 0,
    }))
    .filter((row) => row.clicks + row.sign_ups + row.first_sales > 0)
    .sort(byConversion);
}

/** The trackers' funnels (the default link, each live link, the removed links together), best converting first. */
export function trackerFunnels(affiliate: Pick<AffiliateDoc, "trackers" | "links">, advertiser: AdvertiserId) {
  return trackerRows(affiliate.trackers[advertiser] ?? {}, affiliate.links[advertiser] ?? [])
    .map(({ key, totals }) => ({
      key,
      clicks: totals.clicks,
      sign_ups: totals.sign_ups,
      first_sales: totals.first_sales ?? 0,
    }))
    .filter((row) => row.clicks + row.sign_ups + row.first_sales > 0)
    .sort(byConversion);
}

/** The page that converts clicks into first sales best, among those with enough clicks to tell; else null. */
export function bestLanding(rows: FunnelRow[], minClicks = minClicksForBest): FunnelRow | null {
  const candidates = rows.filter((row) => row.clicks >= minClicks && row.first_sales > 0);
  return candidates.sort(byConversion)[0] ?? null;
}

/** A landing key as the catalogue names it: "AI Porn", "Default (home page)". */
export function landingLabel(key: string): string {
  if (key === defaultLandingKey) return "Default (home page)";
  return landingPages.find((page) => page.value === key)?.label ?? key;
}

/** Adds funnels up by key (the programme's landing pages across affiliates). */
export function sumFunnels(rows: Iterable<FunnelRow>): FunnelRow[] {
  const sums = new Map<string, FunnelRow>();
  for (const row of rows) {
    const sum = sums.get(row.key) ?? emptyFunnel(row.key);
    sum.clicks += row.clicks;
    sum.sign_ups += row.sign_ups;
    sum.first_sales += row.first_sales;
    sums.set(row.key, sum);
  }
  return [...sums.values()].sort(byConversion);
}
