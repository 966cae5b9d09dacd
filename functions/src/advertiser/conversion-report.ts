/**
 * The programme's conversion report for staff (GET /api/conversion_report): every affiliate's landing-page
 * funnels added up, and the trackers that convert best across the programme. Read from the programme's
 * funnels, which every write of an affiliate's figures keeps in its transaction (data/aggregates.ts), not
 * from every affiliate: the funnel shards, the links with enough clicks to rank, the names of the affiliates
 * listed and a count. Clicks count once rolled up into the affiliates' documents (every 5 minutes), not while
 * they wait in click shards.
 */
import type { AdvertiserId } from "../domain/advertisers.js";
import { programmeFunnels, programmeTrackerRows, type ProgrammeTrackerRow } from "../domain/conversion-report.js";
import { db, refs } from "../data/firestore.js";
import { readFunnelShards, readRankableTrackerFunnels } from "../data/programme-funnels.js";
// What the report answers is declared once, in the API's contract.
import type { ProgrammeReport } from "../contract/advertiser.js";

/** How many trackers the report lists. */
export const topTrackersListed = 25;
/** A tracker needs this many clicks to be ranked (a handful of lucky clicks is not a rate). */
export const minTrackerClicks = 20;

/** One of the programme's best converting trackers, as the report lists it. */
type TrackerFunnel = ProgrammeReport["top_trackers"][number];

export async function loadConversionReport(advertiser: AdvertiserId): Promise<ProgrammeReport> {
  const [shards, trackers, affiliates] = await Promise.all([
    readFunnelShards(advertiser),
    readRankableTrackerFunnels(advertiser, minTrackerClicks),
    refs.affiliates().count().get(),
  ]);
  const { totals, landings } = programmeFunnels(shards);
  const ranked = programmeTrackerRows(trackers, minTrackerClicks);
  return {
    advertiser,
    affiliates: affiliates.data().count,
    totals,
    landings,
    top_trackers: await withNames(ranked, topTrackersListed),
    min_tracker_clicks: minTrackerClicks,
  };
}

/**
 * The first `limit` rows, with their affiliates' e-mails and names: one read per affiliate listed. A row of an
 * affiliate whose document is gone is passed over, as the report of every affiliate never saw it.
 */
async function withNames(rows: ProgrammeTrackerRow[], limit: number): Promise<TrackerFunnel[]> {
  const listed: TrackerFunnel[] = [];
  for (let next = 0; listed.length < limit && next < rows.length;) {
    const batch = rows.slice(next, next + limit - listed.length);
    next += batch.length;
    const uids = [...new Set(batch.map((row) => row.uid))];
    const snapshots = await db().getAll(...uids.map((uid) => refs.affiliate(uid)), { fieldMask: ["email", "name"] });
    // The two fields as an affiliate read whole has them (reviveAffiliate): "" when missing.
    const affiliates = new Map(
      snapshots
        .filter((snapshot) => snapshot.exists)
        .map((snapshot) => [
          snapshot.id,
          {
            email: (snapshot.get("email") as string | undefined) ?? "",
            name: (snapshot.get("name") as string | undefined) ?? "",
          },
        ]),
    );
    for (const { key, clicks, sign_ups, first_sales, uid, tracker } of batch) {
      const affiliate = affiliates.get(uid);
      if (!affiliate) continue;
      listed.push({ key, clicks, sign_ups, first_sales, uid, email: affiliate.email, name: affiliate.name, tracker });
    }
  }
  return listed;
}
