/**
 * Recording many payouts at once (issue 19): a batch freezes each chosen affiliate's pending payout (its
 * invoice and amount), then records each one as record_payout does, in its own transaction, with its own
 * audit record naming the staff member and the batch. An affiliate whose pending payout changed, who was
 * suspended or who was paid in the meantime is skipped with the reason.
 *
 * Never twice: each payout can be recorded once (record_payout's own guarantee), and the audit record says
 * which batch recorded it, so a batch that crashed half-way is resumed by running it again: what it paid
 * before the crash reads as paid, the rest is recorded now.
 */
import { logger } from "firebase-functions/logger";
import pMap from "p-map";
import { maxBatchSize, type BatchDoc, type BatchItem } from "../domain/payout-batch.js";
import type { Recorder } from "../domain/model.js";
import { db, refs } from "../data/firestore.js";
import { ApiError } from "../errors.js";
import { recordPayout } from "./record-payout.js";
// What a batch answers is declared once, in the API's contract.
import type { PayoutBatch } from "../contract/advertiser.js";

/** Payouts recorded at once: different affiliates, so their transactions never wait for each other. */
const recordedAtOnce = 8;

const batchRef = (id: string) => refs.payoutBatches().doc(id);

function view(id: string, batch: BatchDoc): PayoutBatch {
  return {
    id,
    ...batch,
    created_at: batch.created_at.toISOString(),
    completed_at: batch.completed_at?.toISOString() ?? null,
  };
}

/** Makes the batch: each affiliate's pending payout as it is now, or skipped when there is none. */
export async function createBatch(userIds: string[], by: Recorder, now: Date): Promise<string> {
  const uids = [...new Set(userIds)];
  if (uids.length > maxBatchSize) {
    throw new ApiError("bad_request", `A batch holds at most ${maxBatchSize} payouts.`);
  }
  const affiliates = uids.length === 0 ? [] : await db().getAll(...uids.map((uid) => refs.affiliate(uid)));
  const pendingIds = affiliates.map((snapshot) => snapshot.data()?.pending_payout_id ?? null);
  const wanted = pendingIds.filter((id): id is string => id !== null);
  const payouts = new Map(
    (wanted.length === 0 ? [] : await db().getAll(...wanted.map((id) => refs.payouts().doc(id)))).map((snapshot) => [
      snapshot.id,
      snapshot.data(),
    ]),
  );
  const items: BatchItem[] = uids.map((uid, index) => {
    const affiliate = affiliates[index]!.data();
    const invoice = pendingIds[index] ?? null;
    const payout = invoice ? payouts.get(invoice) : undefined;
    const skipped = (reason: string): BatchItem => ({
      user_id: uid,
      invoice_number: invoice,
      amount_cents: 0,
      status: "skipped",
      reason,
    });
    if (!affiliate) return skipped("No such affiliate.");
    if (!affiliate.payout_pending || !payout || payout.status !== "pending") return skipped("No payout is pending.");
    return {
      user_id: uid,
      invoice_number: invoice,
      amount_cents: payout.amount_cents,
      status: "pending",
      reason: null,
    };
  });
  const ref = refs.payoutBatches().doc();
  const batch: BatchDoc = { created_by: { uid: by.uid, email: by.email }, created_at: now, completed_at: null, items };
  await ref.set(batch);
  return ref.id;
}

/**
 * Records the batch's pending items and saves each one's outcome. `stopAfter` (fault tests only) stops it
 * after that many items, before their outcomes are saved, as a crash would.
 *
 * Runs of one batch at once (two staff, a double click) each pay nobody twice, and the batch says what was
 * done whoever finished last: an item is paid when its audit record names this batch, whichever run recorded
 * it, and each run merges its outcomes into the batch as stored, a payment never turned back into a skip.
 * A run also corrects items a run of older code marked skipped although this batch had paid them.
 */
export async function runBatch(
  id: string,
  by: Recorder,
  now: Date,
  { stopAfter }: { stopAfter?: number } = {},
): Promise<PayoutBatch> {
  const snapshot = await batchRef(id).get();
  if (!snapshot.exists) throw new ApiError("not_found", `No payout batch ${id}.`);
  const batch = reviveBatch(snapshot.data()!);
  const outcomes = new Map<number, BatchItem>();
  const pending = batch.items.map((item, index) => ({ item, index })).filter(({ item }) => item.status === "pending");
  await pMap(
    pending,
    async ({ item, index }, position) => {
      // An injected crash comes once the first `stopAfter` are recorded, before anything is saved.
      if (stopAfter !== undefined && position >= stopAfter) return;
      outcomes.set(index, await recordItem(id, item, by, now));
    },
    { concurrency: recordedAtOnce },
  );
  if (stopAfter !== undefined) {
    throw new Error(`Injected fault: batch ${id} stopped after ${Math.min(stopAfter, pending.length)} payouts`);
  }
  for (const [index, item] of await paidThoughSkipped(id, batch.items)) outcomes.set(index, item);
  return view(id, await saveOutcomes(id, outcomes, now));
}

/** One item: paid now, paid by this batch already (another run, or before a crash), or skipped with the reason. */
async function recordItem(batchId: string, item: BatchItem, by: Recorder, now: Date): Promise<BatchItem> {
  if (await paidByBatch(batchId, item)) return { ...item, status: "paid", reason: null };
  try {
    await recordPayout(item.user_id, item.amount_cents, by, now, { batchId, invoiceNumber: item.invoice_number! });
    return { ...item, status: "paid", reason: null };
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) {
      // Refused because another run of this batch recorded it a moment ago: paid, by this batch.
      if (await paidByBatch(batchId, item)) return { ...item, status: "paid", reason: null };
      return { ...item, status: "skipped", reason: error.message };
    }
    // Left pending: a resume tries it again.
    logger.error("payout batch: item failed", { batchId, uid: item.user_id, error });
    return item;
  }
}

async function paidByBatch(batchId: string, item: BatchItem): Promise<boolean> {
  if (!item.invoice_number) return false;
  return (await refs.payoutAudit().doc(item.invoice_number).get()).data()?.batch_id === batchId;
}

/** Items stored as skipped that this batch paid all the same (a record left by concurrent runs of old code). */
async function paidThoughSkipped(batchId: string, items: BatchItem[]): Promise<[number, BatchItem][]> {
  const skipped = items
    .map((item, index) => ({ item, index }))
    .filter(({ item }) => item.status === "skipped" && item.invoice_number);
  const paid = await Promise.all(skipped.map(({ item }) => paidByBatch(batchId, item)));
  return skipped
    .filter((_, i) => paid[i])
    .map(({ item, index }) => [index, { ...item, status: "paid" as const, reason: null }]);
}

/** Merges a run's outcomes into the batch as stored now (other runs may have saved theirs): paid wins. */
async function saveOutcomes(id: string, outcomes: Map<number, BatchItem>, now: Date): Promise<BatchDoc> {
  return db().runTransaction(async (tx) => {
    const stored = reviveBatch((await tx.get(batchRef(id))).data()!);
    const items = stored.items.map((item, index) => {
      const ours = outcomes.get(index);
      if (!ours || item.status === "paid") return item;
      return ours.status === "pending" && item.status !== "pending" ? item : ours;
    });
    const saved: BatchDoc = {
      ...stored,
      items,
      completed_at: items.every((item) => item.status !== "pending") ? (stored.completed_at ?? now) : null,
    };
    tx.set(batchRef(id), saved);
    return saved;
  });
}

export async function loadBatch(id: string): Promise<PayoutBatch> {
  const snapshot = await batchRef(id).get();
  if (!snapshot.exists) throw new ApiError("not_found", `No payout batch ${id}.`);
  return view(id, reviveBatch(snapshot.data()!));
}

function reviveBatch(data: FirebaseFirestore.DocumentData): BatchDoc {
  const date = (value: unknown) => (value ? (value as { toDate(): Date }).toDate() : null);
  return { ...(data as BatchDoc), created_at: date(data.created_at)!, completed_at: date(data.completed_at) };
}
