/**
 * Which tracker an event counts towards, and how the per-tracker figures stay bounded whatever callers send.
 *
 * The tracker on an event comes from the advertiser's landing URL (`?tracker=`), which anyone can type, so
 * the figures are never keyed by it directly: an event counts towards its tracker only while that tracker
 * is one of the affiliate's links for the advertiser, and otherwise towards the default link. Removing a
 * link moves its figures into one "Removed trackers" entry, so an affiliate's tracker map holds at most
 * their live links (20 per advertiser), the default link and that entry (docs/data-model.md).
 */
import type { AdvertiserId } from "./advertisers.js";
import {
  defaultTrackerKey,
  emptyTrackerTotals,
  removedTrackersKey,
  type AffiliateDoc,
  type TrackerTotals,
} from "./model.js";

export type TrackerLinks = AffiliateDoc["links"];

/** The tracker an event's figures go to: its own when it is one of the affiliate's links, else the default (""). */
export function countedTracker(links: TrackerLinks, advertiser: AdvertiserId, tracker: string): string {
  return tracker !== "" && (links[advertiser] ?? []).includes(tracker) ? tracker : "";
}

/**
 * Where clicks counted earlier (on a link that was live then) go now: to their link while it is still one
 * of the affiliate's, else to the removed trackers, where that link's other figures went when it was removed.
 */
export function clickTracker(links: TrackerLinks, advertiser: AdvertiserId, tracker: string): string {
  return tracker === "" || (links[advertiser] ?? []).includes(tracker) ? tracker : removedTrackersKey;
}

/** A key that is neither the default link, nor the removed trackers, nor a live link: its figures are folded. */
function isFolded(key: string, live: readonly string[]): boolean {
  return key !== defaultTrackerKey && key !== removedTrackersKey && !live.includes(key);
}

/**
 * The tracker keys to fold into the removed trackers once `live` are the links, and what they add up to.
 * Undefined when there is nothing to fold. Run whenever the links change, in the transaction that changes
 * them, so a removed link's figures (and any an event racing the removal added back) never stay behind.
 */
export function foldRemovedTrackers(
  trackers: Record<string, TrackerTotals>,
  live: readonly string[],
): { keys: string[]; totals: TrackerTotals } | undefined {
  const keys = Object.keys(trackers).filter((key) => isFolded(key, live));
  return keys.length === 0 ? undefined : { keys, totals: sumTotals(keys.map((key) => trackers[key])) };
}

function sumTotals(all: (TrackerTotals | undefined)[]): TrackerTotals {
  const sum = emptyTrackerTotals();
  for (const totals of all) {
    for (const field of Object.keys(sum) as (keyof TrackerTotals)[])
      sum[field] = (sum[field] ?? 0) + (totals?.[field] ?? 0);
  }
  return sum;
}

/** The affiliate once its links for `advertiser` are `links`, computed in memory exactly as writeLinks stores it. */
export function withLinks(affiliate: AffiliateDoc, advertiser: AdvertiserId, links: string[]): AffiliateDoc {
  const trackers = { ...affiliate.trackers[advertiser] };
  const folded = foldRemovedTrackers(trackers, links);
  if (folded) {
    for (const key of folded.keys) delete trackers[key];
    trackers[removedTrackersKey] = sumTotals([trackers[removedTrackersKey], folded.totals]);
  }
  return {
    ...affiliate,
    links: { ...affiliate.links, [advertiser]: links },
    trackers: { ...affiliate.trackers, [advertiser]: trackers },
  };
}

export interface TrackerRow {
  /** The stored key ("default", "/tw"), or "removed" for every removed tracker together. */
  key: string;
  totals: TrackerTotals;
}

/**
 * The trackers as the dashboard lists them: the default link first, then the live links by name, then the
 * removed trackers as one row (any key that is no longer a link counts there, even before it is folded).
 */
export function trackerRows(trackers: Record<string, TrackerTotals>, live: readonly string[]): TrackerRow[] {
  const folded = foldRemovedTrackers(trackers, live);
  const rows: TrackerRow[] = Object.entries(trackers)
    .filter(([key]) => key !== removedTrackersKey && !folded?.keys.includes(key))
    .sort(([a], [b]) => (a === defaultTrackerKey ? -1 : b === defaultTrackerKey ? 1 : a.localeCompare(b)))
    .map(([key, totals]) => ({ key, totals }));
  const removed = trackers[removedTrackersKey];
  if (removed || folded) rows.push({ key: removedTrackersKey, totals: sumTotals([removed, folded?.totals]) });
  return rows;
}
