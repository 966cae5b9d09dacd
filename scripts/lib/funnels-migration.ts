/**
 * Rebuilds the programme's funnels (the funnel shards and tracker funnels GET /api/conversion_report reads:
 * docs/data-model.md) from the affiliates' documents, writing absolute values, never increments: a project
 * whose affiliates have figures from before the functions kept them gets them, and a second run finds
 * nothing to change.
 *
 * Each affiliate's tracker funnels are rebuilt in a transaction that reads the affiliate and them, so they
 * are exact however events race the run. The funnel shards are each the sum of a fixed set of affiliates
 * (funnelShardOf) and are written once every affiliate has been read: an event applied to an affiliate
 * between its read and that write is lost from them (or, when it came before the read, counted once, as it
 * should). So run it right after deploying the functions that keep the funnels, and again at a quiet time,
 * or until --dry-run finds nothing to change: every run rebuilds from scratch, so a run that no event
 * races leaves them exact. A deleted affiliate's tracker funnels are left (the report passes over an
 * affiliate it cannot find); its part of the shards goes with the next run.
 */
import { FieldPath, type DocumentData, type Firestore, type QueryDocumentSnapshot } from "firebase-admin/firestore";
import { isAdvertiserId } from "../../functions/src/domain/advertisers.ts";
import {
  addFunnelShards,
  affiliateFunnels,
  foldedTrackerFunnel,
  funnelShardId,
  funnelShardOf,
  isFoldedTracker,
  trackerFunnelId,
} from "../../functions/src/domain/conversion-report.ts";
import {
  collections,
  reviveAffiliate,
  type AffiliateDoc,
  type FunnelShardDoc,
  type TrackerFunnelDoc,
} from "../../functions/src/domain/model.ts";

export interface FunnelsMigration {
  /** Affiliates read. */
  examined: number;
  /** Tracker funnel documents written or deleted (or, in a dry run, that would be). */
  trackers: number;
  /** Funnel shards written or deleted (or, in a dry run, that would be). */
  shards: number;
}

/** A document's fields with its maps' keys in order, to tell whether what is stored is what should be. */
function canonical(value: unknown): string {
  return JSON.stringify(value ?? null, (_, field: unknown) =>
    field !== null && typeof field === "object" && !Array.isArray(field)
      ? Object.fromEntries(Object.entries(field).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : field,
  );
}

/** A write of the rebuild: the document's new fields, or null to delete it. */
interface Rewrite<T> {
  id: string;
  data: T | null;
}

/**
 * A stored tracker funnel that no figure of the affiliate's calls for, as it should be: a folded tracker's is
 * kept as an empty folded document (so an event racing the removal still counts among the removed
 * trackers); any other is fine while it holds no figures (a link made again), else deleted. Undefined: as is.
 */
function withoutFigures(
  affiliate: AffiliateDoc,
  id: string,
  stored: DocumentData,
): TrackerFunnelDoc | null | undefined {
  const { advertiser_id: advertiser, tracker } = stored as Partial<TrackerFunnelDoc>;
  if (
    !isAdvertiserId(advertiser) ||
    typeof tracker !== "string" ||
    id !== trackerFunnelId(advertiser, affiliate.uid, tracker)
  ) {
    return null;
  }
  if (isFoldedTracker(tracker, affiliate.links[advertiser] ?? [])) {
    const reset = foldedTrackerFunnel(advertiser, affiliate.uid, tracker);
    return canonical(stored) === canonical(reset) ? undefined : reset;
  }
  const empty = !stored.folded && ["clicks", "sign_ups", "first_sales"].every((field) => !stored[field]);
  return empty ? undefined : null;
}

/** The rewrites that make the stored tracker funnels of the affiliate what its figures call for. */
function trackerRewrites(
  affiliate: AffiliateDoc,
  wanted: TrackerFunnelDoc[],
  stored: QueryDocumentSnapshot[],
): Rewrite<TrackerFunnelDoc>[] {
  const byId = new Map(stored.map((doc) => [doc.id, doc.data()]));
  const rewrites: Rewrite<TrackerFunnelDoc>[] = [];
  const wantedIds = new Set<string>();
  for (const doc of wanted) {
    const id = trackerFunnelId(doc.advertiser_id, doc.uid, doc.tracker);
    wantedIds.add(id);
    if (canonical(byId.get(id)) !== canonical(doc)) rewrites.push({ id, data: doc });
  }
  for (const [id, data] of byId) {
    if (wantedIds.has(id)) continue;
    const rewrite = withoutFigures(affiliate, id, data);
    if (rewrite !== undefined) rewrites.push({ id, data: rewrite });
  }
  return rewrites;
}

/**
 * Rebuilds one affiliate's tracker funnels in a transaction (writing nothing in a dry run); answers how many
 * documents changed and its parts of the funnel shards, as read in that transaction.
 */
function rebuildAffiliate(
  db: Firestore,
  uid: string,
  dryRun: boolean,
): Promise<{ changed: number; shards: FunnelShardDoc[] }> {
  const funnels = db.collection(collections.trackerFunnels);
  return db.runTransaction(async (tx) => {
    const [snapshot] = await tx.getAll(db.collection(collections.affiliates).doc(uid), {
      fieldMask: ["links", "trackers", "landings"],
    });
    const stored = await tx.get(funnels.where("uid", "==", uid));
    // An affiliate deleted since the page was read has no part in the funnels.
    if (!snapshot?.exists) return { changed: 0, shards: [] };
    const affiliate = reviveAffiliate({ ...snapshot.data(), uid });
    const { trackers, shards } = affiliateFunnels(affiliate);
    const rewrites = trackerRewrites(affiliate, trackers, stored.docs);
    if (!dryRun) {
      for (const { id, data } of rewrites) {
        if (data) tx.set(funnels.doc(id), data);
        else tx.delete(funnels.doc(id));
      }
    }
    return { changed: rewrites.length, shards };
  });
}

/** The funnel shards the affiliates' parts add up to, against those stored: what to write and to delete. */
async function shardRewrites(db: Firestore, parts: Map<string, FunnelShardDoc[]>): Promise<Rewrite<FunnelShardDoc>[]> {
  const stored = await db.collection(collections.funnelShards).get();
  const byId = new Map(stored.docs.map((doc) => [doc.id, doc.data()]));
  const rewrites: Rewrite<FunnelShardDoc>[] = [];
  for (const [id, shards] of parts) {
    const shard: FunnelShardDoc = { advertiser_id: shards[0]!.advertiser_id, ...addFunnelShards(shards) };
    if (canonical(byId.get(id)) !== canonical(shard)) rewrites.push({ id, data: shard });
  }
  for (const id of byId.keys()) if (!parts.has(id)) rewrites.push({ id, data: null });
  return rewrites;
}

/** Reads every affiliate, a page at a time in id order, rebuilding its tracker funnels; then the shards. */
export async function migrateFunnels(
  db: Firestore,
  options: { dryRun?: boolean; pageSize?: number } = {},
): Promise<FunnelsMigration> {
  const dryRun = options.dryRun ?? false;
  const pageSize = options.pageSize ?? 100;
  const report: FunnelsMigration = { examined: 0, trackers: 0, shards: 0 };
  const parts = new Map<string, FunnelShardDoc[]>();
  let after: QueryDocumentSnapshot | undefined;
  for (let full = true; full;) {
    let page = db.collection(collections.affiliates).orderBy(FieldPath.documentId()).select().limit(pageSize);
    if (after) page = page.startAfter(after);
    const { docs } = await page.get();
    const rebuilt = await Promise.all(docs.map((doc) => rebuildAffiliate(db, doc.id, dryRun)));
    for (const [index, { changed, shards }] of rebuilt.entries()) {
      report.trackers += changed;
      for (const shard of shards) {
        const id = funnelShardId(shard.advertiser_id, funnelShardOf(docs[index]!.id));
        if (!parts.has(id)) parts.set(id, []);
        parts.get(id)!.push(shard);
      }
    }
    report.examined += docs.length;
    full = docs.length === pageSize;
    after = docs.at(-1);
  }
  const shards = await shardRewrites(db, parts);
  report.shards = shards.length;
  if (!dryRun) {
    const batch = db.batch();
    const collection = db.collection(collections.funnelShards);
    for (const { id, data } of shards) {
      if (data) batch.set(collection.doc(id), data);
      else batch.delete(collection.doc(id));
    }
    await batch.commit();
  }
  return report;
}
