/**
 * The outbox of affiliates' postbacks (issue 18). A conversion's postback is staged in postback_outbox/{id}
 * in the ledger's own transaction, so it exists exactly when the conversion does; once the transaction has
 * committed, a Cloud Tasks task with the same id delivers it (postbacks/deliver.ts), retried with backoff.
 * The task does nothing when the outbox entry is gone (delivered or given up), so a task enqueued twice
 * (the sweep after a crash, a queue that redelivers) calls once. Every attempt is logged for the affiliate.
 *
 * The entry counts its own attempts (calls made), apart from the queue's runs of its task: a task that
 * finds its affiliate's lanes full (postback_lanes/{uid}: at most a few calls to one affiliate's receivers
 * at once) goes back to the queue without calling, and that costs the affiliate an attempt of nothing.
 */
import { createHash } from "node:crypto";
import { getFunctions } from "firebase-admin/functions";
import { FieldValue, type Transaction } from "firebase-admin/firestore";
import { logger } from "firebase-functions/logger";
import type { AdvertiserId } from "../domain/advertisers.js";
import { postbackCalls } from "../config.js";
import { dayMs } from "../domain/days.js";
import { collections, type AffiliateDoc } from "../domain/model.js";
import {
  postbackFor,
  postbackUrl,
  type Conversion,
  type DeliveryDoc,
  type OutboundEvent,
} from "../domain/outbound-postbacks.js";
import { db, refs } from "./firestore.js";

/** The task queue function that delivers them (index.ts). */
export const deliveryFunction = "deliverPostback";
/** How long a delivery stays in the affiliate's log (the dashboard shows the newest 100). */
const deliveryKeptDays = 30;

/** postback_outbox/{id}: one postback to call. */
export interface OutboxDoc {
  uid: string;
  advertiser: AdvertiserId;
  postback_id: string;
  event: OutboundEvent;
  transaction_id: string;
  /** The URL to call, macros filled in. */
  url: string;
  created_at: Date;
  /** Calls made so far (absent before the first). */
  attempts?: number;
  /**
   * When the sweep may take the entry for lost: a little after it was staged, then, at each run of its
   * task, after the longest wait the queue makes before running the task again.
   */
  sweep_after?: Date;
}

/** The sweep takes an entry whose task has not run for this long for lost (a crash between commit and enqueue). */
const sweepAfterMs = 2 * 60 * 1000;
/** Once its task has run, an entry is swept only when the queue can no longer be about to run it again. */
const sweepAfterRunMs = postbackCalls.maxQueueBackoffSeconds * 1000 + sweepAfterMs;

const outboxRef = (id: string) => db().collection(collections.postbackOutbox).doc(id);

/** A task id for the conversion (Cloud Tasks allows letters, digits, - and _): the same for the same event. */
export function outboxId(uid: string, advertiser: AdvertiserId, transactionId: string): string {
  return createHash("sha256").update(`${uid}|${advertiser}|${transactionId}`).digest("hex").slice(0, 40);
}

/** Stages the postbacks the conversions fire, in the ledger's transaction; answers their ids. */
export function stagePostbacks(
  tx: Transaction,
  affiliate: Pick<AffiliateDoc, "postbacks">,
  conversions: Conversion[],
  now: Date,
): string[] {
  const ids: string[] = [];
  for (const conversion of conversions) {
    const postback = postbackFor(affiliate.postbacks ?? [], conversion);
    if (!postback) continue;
    const id = outboxId(conversion.uid, conversion.advertiser, conversion.transactionId);
    const doc: OutboxDoc = {
      uid: conversion.uid,
      advertiser: conversion.advertiser,
      postback_id: postback.id,
      event: conversion.event,
      transaction_id: conversion.transactionId,
      url: postbackUrl(postback.url, conversion),
      created_at: now,
      attempts: 0,
      sweep_after: new Date(now.getTime() + sweepAfterMs),
    };
    tx.create(outboxRef(id), doc);
    ids.push(id);
  }
  return ids;
}

/**
 * Enqueues a delivery task per outbox id. A failure is logged, not thrown: the conversion is committed
 * and answered; the sweep enqueues what is left in the outbox.
 */
export async function enqueuePostbacks(ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const queue = getFunctions().taskQueue(deliveryFunction);
  await Promise.all(
    ids.map((id) =>
      queue.enqueue({ id }, { id }).catch((error: unknown) => {
        // Already queued (a retry of the sweep, a redelivery): the outbox entry makes it one call.
        if ((error as { code?: string }).code === "functions/task-already-exists") return;
        logger.error("postbacks: not enqueued; the sweep will", { id, error });
      }),
    ),
  );
}

const laneRef = (uid: string) => db().collection(collections.postbackLanes).doc(uid);

/** How many calls to one affiliate's receivers may be in flight at once, and how long a call holds its lane. */
export interface LaneRule {
  atOnce: number;
  /** Past the call's deadline: a call whose process died frees its lane when this runs out. */
  leaseMs: number;
}

/**
 * Takes one of the affiliate's lanes for `key`, in `tx` (after the transaction's other reads): the lease's
 * end, or null when `atOnce` calls are in flight already or `key` is one of them. Leases that ran out are
 * dropped. The lease is timed by the clock when this attempt of the transaction runs, not when the caller
 * began: a transaction retried under contention would otherwise hand out a lease already partly spent.
 */
async function takeLane(tx: Transaction, uid: string, key: string, rule: LaneRule): Promise<Date | null> {
  const now = Date.now();
  const held = ((await tx.get(laneRef(uid))).get("calls") ?? {}) as Record<string, { toMillis(): number }>;
  const live = Object.entries(held).filter(([, until]) => until.toMillis() > now);
  if (live.length >= rule.atOnce || live.some(([taken]) => taken === key)) return null;
  const until = new Date(now + rule.leaseMs);
  tx.set(laneRef(uid), { calls: Object.fromEntries([...live, [key, until]]) });
  return until;
}

const freeLane = (uid: string, key: string) => ({
  ref: laneRef(uid),
  data: { [`calls.${key}`]: FieldValue.delete() },
});

export type Claim =
  { kind: "gone" } | { kind: "busy" } | { kind: "claimed"; entry: OutboxDoc; attempt: number; leaseEnds: Date };

/**
 * Before a call of outbox entry `id`: gone (delivered or given up), busy (the affiliate's lanes are full,
 * or another run of its task is calling it now), or claimed: a lane is taken until `leaseEnds` and the
 * attempt counted.
 */
export async function claimCall(id: string, now: Date, rule: LaneRule): Promise<Claim> {
  return db().runTransaction(async (tx) => {
    const snapshot = await tx.get(outboxRef(id));
    if (!snapshot.exists) return { kind: "gone" };
    const entry = reviveOutbox(snapshot.data()!);
    const sweepAfter = new Date(now.getTime() + sweepAfterRunMs);
    const leaseEnds = await takeLane(tx, entry.uid, id, rule);
    if (!leaseEnds) {
      tx.update(outboxRef(id), { sweep_after: sweepAfter });
      return { kind: "busy" };
    }
    const attempt = (entry.attempts ?? 0) + 1;
    tx.update(outboxRef(id), { attempts: attempt, sweep_after: sweepAfter });
    return { kind: "claimed", entry, attempt, leaseEnds };
  });
}

/** After a call: frees its lane, and removes the entry when it is done with (delivered, refused, given up). */
export async function finishCall(id: string, uid: string, done: boolean): Promise<void> {
  const batch = db().batch();
  const lane = freeLane(uid, id);
  batch.update(lane.ref, lane.data);
  if (done) batch.delete(outboxRef(id));
  await batch.commit();
}

/**
 * A lane for a call that is not in the outbox ("Send a test"): the lease's end, or null when the
 * affiliate's lanes are full.
 */
export async function claimLane(uid: string, key: string, rule: LaneRule): Promise<Date | null> {
  return db().runTransaction((tx) => takeLane(tx, uid, key, rule));
}

export async function releaseLane(uid: string, key: string): Promise<void> {
  const lane = freeLane(uid, key);
  await lane.ref.update(lane.data);
}

function reviveOutbox(data: FirebaseFirestore.DocumentData): OutboxDoc {
  const date = (value: unknown) => (value as { toDate(): Date }).toDate();
  return {
    ...(data as OutboxDoc),
    created_at: date(data.created_at),
    ...(data.sweep_after ? { sweep_after: date(data.sweep_after) } : {}),
  };
}

/**
 * Outbox entries the sweep should enqueue again: their task never ran (a crash after the commit) or
 * the queue gave up on it (its runs spent waiting for a lane) while calls are left.
 */
export async function staleOutbox(now: Date, limit = 500): Promise<string[]> {
  const snapshot = await db()
    .collection(collections.postbackOutbox)
    .where("sweep_after", "<", now)
    .orderBy("sweep_after")
    .limit(limit)
    .select()
    .get();
  return snapshot.docs.map((doc) => doc.id);
}

/** Adds an attempt to the affiliate's delivery log. */
export async function logDelivery(uid: string, entry: Omit<DeliveryDoc, "expire_at">): Promise<void> {
  await refs
    .affiliate(uid)
    .collection(collections.postbackDeliveries)
    .add({ ...entry, expire_at: new Date(entry.at.getTime() + deliveryKeptDays * dayMs) });
}
