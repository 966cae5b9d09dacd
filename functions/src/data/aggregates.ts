/**
 * The writes to an affiliate's aggregates (totals, per-advertiser and per-tracker figures, day documents,
 * click shards), all as increments, in one module that the ledger (events) and tracking (clicks, roll-up)
 * both use. A transaction reads only the documents unique to its event, never the affiliate's, so events
 * for one busy affiliate do not queue behind each other for its document.
 */
import { FieldValue, type Transaction } from "firebase-admin/firestore";
import { limits } from "../config.js";
import type { DayKey } from "../domain/days.js";
import type { AdvertiserId } from "../domain/advertisers.js";
import {
  affiliateIncrements,
  clickShardKey,
  dayIncrements,
  trackerKey,
  type Increments,
  type LedgerChange,
  type StaleKeys,
} from "../domain/ledger.js";
import { removedTrackersKey, type AffiliateDoc } from "../domain/model.js";
import { foldRemovedTrackers } from "../domain/trackers.js";
import { refs } from "./firestore.js";

function asFieldIncrements(tree: Increments): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(tree).map(([key, value]) => [
      key,
      typeof value === "number" ? FieldValue.increment(value) : asFieldIncrements(value),
    ]),
  );
}

/**
 * Adds the changes to the affiliate and to each day they fall on; `stale` names the recent days that have
 * left the window and the held buckets that have matured (from an earlier read: a key once stale stays
 * stale, and no change adds to it), deleted on the way.
 */
export function writeChanges(tx: Transaction, uid: string, changes: LedgerChange[], stale: StaleKeys, now: Date): void {
  const update = asFieldIncrements(affiliateIncrements(changes, now));
  for (const [field, keys] of Object.entries(stale)) {
    if (keys.length === 0) continue;
    update[field] = {
      ...(update[field] as object | undefined),
      ...Object.fromEntries(keys.map((key: string) => [key, FieldValue.delete()])),
    };
  }
  // set+merge rather than update: nested keys such as tracker "/tw" are map keys, not dotted paths.
  if (Object.keys(update).length > 0) tx.set(refs.affiliate(uid).withConverter(null), update, { merge: true });
  for (const day of new Set(changes.map((change) => change.day))) {
    const increments = asFieldIncrements(dayIncrements(changes, day));
    tx.set(refs.days(uid).doc(day).withConverter(null), { date: day, ...increments }, { merge: true });
  }
}

/**
 * Sets an advertiser's links, in the transaction that read `affiliate`, and folds the figures of every
 * tracker no longer among them into the removed trackers (domain/trackers.ts), so the tracker map never
 * holds more than the live links, the default link and the removed trackers.
 */
export function writeLinks(tx: Transaction, affiliate: AffiliateDoc, advertiser: AdvertiserId, links: string[]): void {
  const update: Record<string, unknown> = { links: { [advertiser]: links } };
  const folded = foldRemovedTrackers(affiliate.trackers[advertiser] ?? {}, links);
  if (folded) {
    update.trackers = {
      [advertiser]: {
        ...Object.fromEntries(folded.keys.map((key) => [key, FieldValue.delete()])),
        [removedTrackersKey]: asFieldIncrements({ ...folded.totals }),
      },
    };
  }
  // set+merge: tracker keys such as "/tw" are map keys, not dotted paths; the links array is replaced whole.
  tx.set(refs.affiliate(affiliate.uid).withConverter(null), update, { merge: true });
}

export interface Click {
  uid: string;
  advertiser: AdvertiserId;
  suffix: string;
  /** The catalogue landing page the visitor was sent to ("" for the home page); undefined when not known. */
  landing?: string;
  day: DayKey;
}

/**
 * One click as a write: an increment of a random one of the affiliate's `limits.clickShards` shard
 * documents (a click never writes the affiliate document, which sustains about one write a second), for the
 * caller to apply with set(ref, data, { merge: true }) in its transaction or batch.
 */
const shardKey = ({ suffix, landing }: Click) =>
  landing === undefined ? trackerKey(suffix) : clickShardKey(suffix, landing);

export function clickIncrement(click: Click) {
  const shards = refs.clickShards(click.uid).withConverter(null);
  const ref = shards.doc(String(Math.floor(Math.random() * limits.clickShards)));
  // Nested maps through set+merge rather than update's dotted paths: tracker keys contain "/".
  const data = {
    clicks: FieldValue.increment(1),
    days: {
      [click.day]: { [click.advertiser]: { [shardKey(click)]: FieldValue.increment(1) } },
    },
  };
  return { ref, data };
}
