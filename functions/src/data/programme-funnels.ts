/**
 * Reading the programme's funnels for the conversion report: the aggregates data/aggregates.ts keeps, in the
 * transaction of every write of an affiliate's tracker or landing figures (docs/data-model.md). The report's
 * reads grow with the shards and with the links that have enough clicks to rank, never with the affiliates.
 */
import type { AdvertiserId } from "../domain/advertisers.js";
import { funnelShardCount, funnelShardId, trackerFunnelId } from "../domain/conversion-report.js";
import { removedTrackersKey, type FunnelShardDoc, type TrackerFunnelDoc } from "../domain/model.js";
import { db, refs } from "./firestore.js";

/** The advertiser's funnel shards written so far: `funnelShardCount` reads. */
export async function readFunnelShards(advertiser: AdvertiserId): Promise<FunnelShardDoc[]> {
  const shards = Array.from({ length: funnelShardCount }, (_, shard) =>
    refs.funnelShards().doc(funnelShardId(advertiser, shard)),
  );
  const snapshots = await db().getAll(...shards);
  // Firestore.getAll is typed loosely; the refs' converter made each one a FunnelShardDoc.
  return snapshots.filter((snapshot) => snapshot.exists).map((snapshot) => snapshot.data() as FunnelShardDoc);
}

/**
 * The advertiser's tracker funnels that can rank: those with at least `minClicks` clicks (an indexed query),
 * and, since an affiliate's removed trackers are one row, every folded one with figures (an event that raced
 * a link's removal: rare) with its affiliate's "removed" document. What domain/conversion-report.ts's
 * programmeTrackerRows needs.
 */
export async function readRankableTrackerFunnels(
  advertiser: AdvertiserId,
  minClicks: number,
): Promise<TrackerFunnelDoc[]> {
  const funnels = refs.trackerFunnels().where("advertiser_id", "==", advertiser);
  const [ranked, raced] = await Promise.all([
    funnels.where("clicks", ">=", minClicks).get(),
    funnels.where("folded", "==", true).where("counted", "==", true).get(),
  ]);
  const read = new Set([...ranked.docs, ...raced.docs].map((doc) => doc.id));
  const removed = [...new Set(raced.docs.map((doc) => doc.data().uid))]
    .map((uid) => trackerFunnelId(advertiser, uid, removedTrackersKey))
    .filter((id) => !read.has(id));
  const more = removed.length === 0 ? [] : await db().getAll(...removed.map((id) => refs.trackerFunnels().doc(id)));
  const extra = more.filter((snapshot) => snapshot.exists).map((snapshot) => snapshot.data() as TrackerFunnelDoc);
  return [...[...ranked.docs, ...raced.docs].map((doc) => doc.data()), ...extra];
}
