/**
 * The conversion report (issue 18): clicks → sign-ups → first sales, per landing page and per tracker, for
 * an affiliate (their dashboard) and across the programme (staff). Pure: the dashboard computes it from the
 * affiliate document it already reads, the API from the affiliates it reads.
 *
 * Landing pages count every click, but only the sign-ups and first sales the advertiser reported with a
 * click id (postbacks): a conversion reported without one cannot be traced to a page. Trackers count every
 * conversion that names the tracker, however it was reported.
 */
import { advertiserIds, type AdvertiserId } from "./advertisers.js";
import { landingPages } from "./landing-pages.js";
import {
  defaultLandingKey,
  emptyTrackerTotals,
  removedTrackersKey,
  type AffiliateDoc,
  type FunnelFigures,
  type FunnelShardDoc,
  type LandingTotals,
  type TrackerFunnelDoc,
} from "./model.js";
import { foldRemovedTrackers, trackerRows } from "./trackers.js";

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

/**
 * A rate as a fraction, or null where the figures cannot make one: nothing to divide by, or more of the part
 * than the whole. Sign-ups and sales reported without a click on these links (an app install, a link shared
 * elsewhere) count in the figures but cannot come from the clicks, so "4,028 sign-ups of 3,690 clicks" has
 * no rate rather than an impossible 109.2% (issue 32).
 */
export function rate(part: number, whole: number): number | null {
  return whole > 0 && part <= whole ? part / whole : null;
}

/** Said under every funnel's rates: what a rate counts, and why one may be missing. */
export const ratesNote =
  "A rate is shown where the clicks can explain it: sign-ups and sales reported without a click on these links count in the figures, not in the rates (—).";

/** Whether a funnel's figures can all have come from its clicks: first sales ≤ sign-ups ≤ clicks. */
export const isExplained = (row: FunnelRow): boolean => row.first_sales <= row.sign_ups && row.sign_ups <= row.clicks;

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

/**
 * The page that converts clicks into first sales best, among those with enough clicks to tell and figures
 * the clicks explain (a page with more first sales than sign-ups is not called the best); else null.
 */
export function bestLanding(rows: FunnelRow[], minClicks = minClicksForBest): FunnelRow | null {
  const candidates = rows.filter((row) => row.clicks >= minClicks && row.first_sales > 0 && isExplained(row));
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

// ---------------------------------------------------------------------------------------------------------
// The programme's report, from aggregates kept on every write (issue 31) rather than from every affiliate:
// funnel_shards hold each advertiser's totals and landing pages, tracker_funnels each affiliate's trackers
// (data/aggregates.ts writes both, docs/data-model.md describes them).

/** How many documents hold each advertiser's programme funnels: Firestore sustains about a write a second each. */
export const funnelShardCount = 8;

/**
 * The funnel shard an affiliate's figures add to: chosen by its uid (FNV-1a), not at random, so a shard is the
 * sum of a fixed set of affiliates and a rebuild from the affiliates (npm run migrate:funnels) writes exactly
 * what the increments would have. An affiliate's events add to one shard, shared with one in
 * `funnelShardCount` of the others; they already queue for the affiliate's own document.
 */
export function funnelShardOf(uid: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < uid.length; i++) hash = Math.imul(hash ^ uid.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % funnelShardCount;
}

/** A funnel shard's document id: `promptchan_3`. */
export function funnelShardId(advertiser: AdvertiserId, shard: number): string {
  return `${advertiser}_${shard}`;
}

/** A tracker funnel's document id: its parts URI-encoded ("_" too), so no "/" nests a path and no "_" is ambiguous. */
export function trackerFunnelId(advertiser: AdvertiserId, uid: string, tracker: string): string {
  return [advertiser, uid, tracker].map((part) => encodeURIComponent(part).replaceAll("_", "%5F")).join("_");
}

/** Whether a tracker key's figures count among the removed trackers while `live` are the links (as trackerRows folds). */
export function isFoldedTracker(key: string, live: readonly string[]): boolean {
  return foldRemovedTrackers({ [key]: emptyTrackerTotals() }, live) !== undefined;
}

/**
 * A tracker funnel reset as its link leaves the links: nothing, folded, not yet counted. An event that read
 * the links before the removal and commits after it adds to it and sets `counted`.
 */
export function foldedTrackerFunnel(advertiser: AdvertiserId, uid: string, tracker: string): TrackerFunnelDoc {
  return {
    uid,
    advertiser_id: advertiser,
    tracker,
    clicks: 0,
    sign_ups: 0,
    first_sales: 0,
    folded: true,
    counted: false,
  };
}

const funnelOf = (figures: Partial<FunnelFigures> | undefined): FunnelFigures => ({
  clicks: figures?.clicks ?? 0,
  sign_ups: figures?.sign_ups ?? 0,
  first_sales: figures?.first_sales ?? 0,
});

const hasFigures = (row: FunnelFigures) => row.clicks + row.sign_ups + row.first_sales > 0;

function addFunnel(sum: FunnelFigures, figures: FunnelFigures): void {
  sum.clicks += figures.clicks;
  sum.sign_ups += figures.sign_ups;
  sum.first_sales += figures.first_sales;
}

/**
 * An affiliate's part of the programme's funnels, computed from its document: a tracker funnel for each key
 * of its tracker maps with figures (folded as trackerRows folds it), and per advertiser its part of its funnel
 * shard. What the increments of every write add up to had they been kept from the start: the rebuild writes it.
 */
export function affiliateFunnels(affiliate: Pick<AffiliateDoc, "uid" | "trackers" | "links" | "landings">): {
  trackers: TrackerFunnelDoc[];
  shards: FunnelShardDoc[];
} {
  const trackers: TrackerFunnelDoc[] = [];
  const shards: FunnelShardDoc[] = [];
  for (const advertiser of advertiserIds) {
    const live = affiliate.links[advertiser] ?? [];
    const totals = funnelOf(undefined);
    for (const [tracker, figures] of Object.entries(affiliate.trackers[advertiser] ?? {})) {
      const funnel = funnelOf(figures);
      if (!hasFigures(funnel)) continue;
      addFunnel(totals, funnel);
      const folded = isFoldedTracker(tracker, live) ? { folded: true } : {};
      trackers.push({ uid: affiliate.uid, advertiser_id: advertiser, tracker, ...funnel, counted: true, ...folded });
    }
    const landings = Object.entries(affiliate.landings[advertiser] ?? {})
      .map(([key, figures]) => [key, funnelOf(figures)] as const)
      .filter(([, funnel]) => hasFigures(funnel));
    if (hasFigures(totals) || landings.length > 0) {
      shards.push({ advertiser_id: advertiser, totals, landings: Object.fromEntries(landings) });
    }
  }
  return { trackers, shards };
}

/** Funnel shards' figures added up: the rebuild's sum of affiliates' parts, the report's of an advertiser's shards. */
export function addFunnelShards(shards: Partial<FunnelShardDoc>[]): Pick<FunnelShardDoc, "totals" | "landings"> {
  const totals = funnelOf(undefined);
  const landings: Record<string, FunnelFigures> = {};
  for (const shard of shards) {
    addFunnel(totals, funnelOf(shard.totals));
    for (const [key, figures] of Object.entries(shard.landings ?? {})) {
      addFunnel((landings[key] ??= funnelOf(undefined)), funnelOf(figures));
    }
  }
  return { totals, landings };
}

/**
 * The programme's totals and landing funnels from an advertiser's funnel shards: what adding up every
 * affiliate's (landingFunnels, sumFunnels) gives, the figures being counts that only grow.
 */
export function programmeFunnels(shards: Partial<FunnelShardDoc>[]): { totals: FunnelFigures; landings: FunnelRow[] } {
  const { totals, landings } = addFunnelShards(shards);
  return { totals, landings: landingFunnels(landings) };
}

/** A tracker's row in the programme's report: `key` is "{uid}:{tracker key}". */
export interface ProgrammeTrackerRow extends FunnelRow {
  uid: string;
  tracker: string;
}

/**
 * The programme's best converting trackers from tracker funnel documents, each affiliate's rows as
 * trackerFunnels derives them: the default link and each link as they are, and the removed trackers as one
 * row, the "removed" document with every folded one that has figures (an event raced the link's removal).
 * Rows with at least `minClicks` clicks, best converting first. `docs` may repeat a document; for each
 * affiliate with a folded document that has figures, it must hold all of those and its "removed" document.
 */
export function programmeTrackerRows(docs: TrackerFunnelDoc[], minClicks: number): ProgrammeTrackerRow[] {
  const seen = new Set<string>();
  const rows = new Map<string, ProgrammeTrackerRow>();
  for (const doc of docs) {
    const id = trackerFunnelId(doc.advertiser_id, doc.uid, doc.tracker);
    if (seen.has(id)) continue;
    seen.add(id);
    const tracker = doc.folded ? removedTrackersKey : doc.tracker;
    const key = `${doc.uid}:${tracker}`;
    const row = rows.get(key) ?? { key, ...funnelOf(undefined), uid: doc.uid, tracker };
    addFunnel(row, funnelOf(doc));
    rows.set(key, row);
  }
  return [...rows.values()].filter((row) => row.clicks >= minClicks && hasFigures(row)).sort(byConversion);
}
