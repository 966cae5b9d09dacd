/**
 * The outbox of affiliates' postbacks (issue 18). A conversion's postback is staged in postback_outbox/{id}
 * in the ledger's own transaction, so it exists exactly when the conversion does; once the transaction has
 * committed, a Cloud Tasks task with the same id delivers it (postbacks/deliver.ts), retried with backoff.
 * The task does nothing when the outbox entry is gone (delivered or given up), so a task enqueued twice
 * (the sweep after a crash, a queue that redelivers) calls once. Every attempt is logged for the affiliate.
 */
import { createHash } from "node:crypto";
import { getFunctions } from "firebase-admin/functions";
import type { Transaction } from "firebase-admin/firestore";
import { logger } from "firebase-functions";
import type { AdvertiserId } from "../domain/advertisers.js";
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
}

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

export async function readOutbox(id: string): Promise<OutboxDoc | undefined> {
  const data = (await outboxRef(id).get()).data();
  if (!data) return undefined;
  return { ...(data as OutboxDoc), created_at: (data.created_at as { toDate(): Date }).toDate() };
}

export async function deleteOutbox(id: string): Promise<void> {
  await outboxRef(id).delete();
}

/** Outbox entries older than `before`: their task was never enqueued (a crash after the commit) or was lost. */
export async function staleOutbox(before: Date, limit = 500): Promise<string[]> {
  const snapshot = await db()
    .collection(collections.postbackOutbox)
    .where("created_at", "<", before)
    .orderBy("created_at")
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
