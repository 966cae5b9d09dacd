/**
 * The programme's conversion report for staff (GET /api/conversion_report): every affiliate's landing-page
 * funnels added up, and the trackers that convert best across the programme. Reads only the fields it
 * needs from each affiliate (a projection), as the summary reads its rows. Clicks count once rolled up
 * into the affiliates' documents (every 5 minutes), not while they wait in click shards.
 */
import type { AdvertiserId } from "../domain/advertisers.js";
import {
  byConversion,
  landingFunnels,
  sumFunnels,
  trackerFunnels,
  type FunnelRow,
} from "../domain/conversion-report.js";
import { reviveAffiliate } from "../domain/model.js";
import { refs } from "../data/firestore.js";

/** How many trackers the report lists. */
export const topTrackersListed = 25;
/** A tracker needs this many clicks to be ranked (a handful of lucky clicks is not a rate). */
export const minTrackerClicks = 20;

export interface TrackerFunnel extends FunnelRow {
  uid: string;
  email: string;
  name: string;
  tracker: string;
}

export interface ProgrammeReport {
  advertiser: AdvertiserId;
  affiliates: number;
  totals: Omit<FunnelRow, "key">;
  landings: FunnelRow[];
  top_trackers: TrackerFunnel[];
  min_tracker_clicks: number;
}

export async function loadConversionReport(advertiser: AdvertiserId): Promise<ProgrammeReport> {
  const snapshot = await refs
    .affiliates()
    .withConverter(null)
    .select("uid", "email", "name", "landings", "trackers", "links")
    .get();
  const landings: FunnelRow[] = [];
  const trackers: TrackerFunnel[] = [];
  const totals = { clicks: 0, sign_ups: 0, first_sales: 0 };
  for (const doc of snapshot.docs) {
    const affiliate = reviveAffiliate({ uid: doc.id, ...doc.data() });
    landings.push(...landingFunnels(affiliate.landings[advertiser]));
    for (const row of trackerFunnels(affiliate, advertiser)) {
      totals.clicks += row.clicks;
      totals.sign_ups += row.sign_ups;
      totals.first_sales += row.first_sales;
      if (row.clicks >= minTrackerClicks) {
        trackers.push({
          ...row,
          key: `${doc.id}:${row.key}`,
          uid: doc.id,
          email: affiliate.email,
          name: affiliate.name,
          tracker: row.key,
        });
      }
    }
  }
  return {
    advertiser,
    affiliates: snapshot.size,
    totals,
    landings: sumFunnels(landings),
    top_trackers: trackers.sort(byConversion).slice(0, topTrackersListed),
    min_tracker_clicks: minTrackerClicks,
  };
}
