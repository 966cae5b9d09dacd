/**
 * The writes to an affiliate's aggregates (totals, per-advertiser and per-tracker figures, day documents,
 * click shards) and to the programme's that are made of them (the conversion report's funnel shards and
 * tracker funnels), all as increments, in one module that the ledger (events) and tracking (clicks, roll-up)
 * both use. A transaction reads only the documents unique to its event, never the affiliate's nor a
 * programme document, so events for one busy affiliate, or for the whole programme, do not queue behind
 * each other for a document.
 */
import { FieldValue, type Transaction } from "firebase-admin/firestore";
import { limits } from "../config.js";
import type { DayKey } from "../domain/days.js";
import type { AdvertiserId } from "../domain/advertisers.js";
import { foldedTrackerFunnel, funnelShardId, funnelShardOf, trackerFunnelId } from "../domain/conversion-report.js";
import {
  affiliateIncrements,
  clickShardKey,
  dayIncrements,
  funnelIncrements,
  trackerKey,
  type Increments,
  type LedgerChange,
  type StaleKeys,
} from "../domain/ledger.js";
import { removedTrackersKey, type AffiliateDoc } from "../domain/model.js";
import { foldRemovedTrackers } from "../domain/trackers.js";
import { refs } from "./firestore.js";

/**
 * Adds a credit outside the advertiser's events (an adjustment, a bonus) to the affiliate's earnings, in `tx`:
 * a credit is earnings, so the list's balance and risk keys move with it. `extra`: the caller's own fields.
 */
export function stageEarningsCredit(
  tx: Transaction,
  uid: string,
  cents: number,
  extra: Record<string, unknown> = {},
): void {
  tx.update(refs.affiliate(uid).withConverter(null), {
    total_earnings_cents: FieldValue.increment(cents),
    owed_cents: FieldValue.increment(cents),
    risk_margin_cents: FieldValue.increment(cents),
    ...extra,
  });
}

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
  const increments = affiliateIncrements(changes, now);
  const update = asFieldIncrements(increments);
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
  writeProgrammeFunnels(tx, uid, increments);
}

/**
 * Adds to the programme's funnels what the affiliate's increments add to its tracker and landing figures:
 * its funnel shard of each advertiser and each tracker's funnel document (domain/ledger.ts's funnelIncrements).
 */
function writeProgrammeFunnels(tx: Transaction, uid: string, increments: Increments): void {
  for (const [advertiser, funnel] of Object.entries(funnelIncrements(increments))) {
    const id = funnelShardId(advertiser as AdvertiserId, funnelShardOf(uid));
    // Only the maps with something in them: an empty map in a merge would replace the stored one.
    const maps = Object.entries({ totals: funnel.totals, landings: funnel.landings }).filter(
      ([, tree]) => Object.keys(tree).length > 0,
    );
    const figures = Object.fromEntries(maps.map(([field, tree]) => [field, asFieldIncrements(tree)]));
    tx.set(refs.funnelShards().doc(id).withConverter(null), { advertiser_id: advertiser, ...figures }, { merge: true });
    for (const [tracker, added] of Object.entries(funnel.trackers)) {
      addToTrackerFunnel(tx, uid, advertiser as AdvertiserId, tracker, added);
    }
  }
}

const trackerFunnelRef = (advertiser: AdvertiserId, uid: string, tracker: string) =>
  refs
    .trackerFunnels()
    .doc(trackerFunnelId(advertiser, uid, tracker))
    .withConverter(null);

/** Adds to a tracker's funnel document; `counted` tells a folded one that an event racing the fold added to. */
function addToTrackerFunnel(
  tx: Transaction,
  uid: string,
  advertiser: AdvertiserId,
  tracker: string,
  added: Increments,
) {
  const identity = { uid, advertiser_id: advertiser, tracker, counted: true };
  tx.set(trackerFunnelRef(advertiser, uid, tracker), { ...identity, ...asFieldIncrements(added) }, { merge: true });
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
  writeLinkFunnels(tx, affiliate, advertiser, links, folded);
}

/**
 * The tracker funnels follow the links: each tracker leaving them (and each key folded) is reset to an empty
 * document marked folded, its figures added to the "removed" one, and a link made again is no longer folded.
 * An event that read the links before a removal and commits after it adds to the folded document, marked
 * counted: the report counts that among the removed trackers, as trackerRows counts the key it puts back.
 */
function writeLinkFunnels(
  tx: Transaction,
  affiliate: AffiliateDoc,
  advertiser: AdvertiserId,
  links: string[],
  folded: ReturnType<typeof foldRemovedTrackers>,
): void {
  const { uid } = affiliate;
  const before = affiliate.links[advertiser] ?? [];
  const leaving = new Set([...before.filter((link) => !links.includes(link)), ...(folded?.keys ?? [])]);
  for (const tracker of leaving) {
    tx.set(trackerFunnelRef(advertiser, uid, tracker), foldedTrackerFunnel(advertiser, uid, tracker));
  }
  for (const tracker of links.filter((link) => !before.includes(link))) {
    const unfolded = { uid, advertiser_id: advertiser, tracker, folded: FieldValue.delete() };
    tx.set(trackerFunnelRef(advertiser, uid, tracker), unfolded, { merge: true });
  }
  if (!folded) return;
  const moved = funnelIncrements({ trackers: { [advertiser]: { [removedTrackersKey]: { ...folded.totals } } } });
  const added = moved[advertiser]?.trackers[removedTrackersKey];
  if (added) addToTrackerFunnel(tx, uid, advertiser, removedTrackersKey, added);
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
  const ref = randomClickShard(click.uid);
  // Nested maps through set+merge rather than update's dotted paths: tracker keys contain "/".
  const data = {
    clicks: FieldValue.increment(1),
    days: {
      [click.day]: { [click.advertiser]: { [shardKey(click)]: FieldValue.increment(1) } },
    },
  };
  return { ref, data };
}

/** One of the affiliate's click shards, at random: clicks spread over them (limits.clickShards). */
function randomClickShard(uid: string) {
  return refs
    .clickShards(uid)
    .withConverter(null)
    .doc(String(Math.floor(Math.random() * limits.clickShards)));
}

/**
 * Why a click is counted apart (issue 33): its user agent is a bot's or a headless browser's, or its address
 * is in a hosting or datacenter network (a browser's user agent from a machine in a cloud).
 */
export type FilterReason = "bot" | "datacenter";

/**
 * A filtered click (issue 33) as a write: counted apart from people's clicks, in the same shards (so it costs
 * what a click costs and is rolled up with them, exactly once), under `filtered` by day and advertiser, and a
 * datacenter's also under `datacenter`. No tracker or landing page: the affiliate keeps these figures per
 * advertiser only.
 */
export function filteredClickIncrement(
  { uid, advertiser, day }: Pick<Click, "uid" | "advertiser" | "day">,
  reason: FilterReason,
) {
  const one = () => ({ [day]: { [advertiser]: FieldValue.increment(1) } });
  const data = {
    // A shard holding only filtered clicks still says how many people's it holds (ClickShardDoc.clicks).
    clicks: FieldValue.increment(0),
    filtered_clicks: FieldValue.increment(1),
    filtered: one(),
    ...(reason === "datacenter" ? { datacenter_clicks: FieldValue.increment(1), datacenter: one() } : {}),
  };
  return { ref: randomClickShard(uid), data };
}
