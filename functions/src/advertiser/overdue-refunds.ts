/**
 * Refunds overdue for their sale, for staff (GET /api/overdue_refunds): the pending_refunds documents first
 * received more than limits.pendingRefundOverdueDays ago, the longest waiting first, a page of them and
 * the count of all. Reads the listed documents and three counts (an aggregation read per 1,000 index
 * entries), through Firestore's automatic single-field index on first_received_at.
 *
 * A document stored before first_received_at existed has waited at least since then, so it counts as
 * overdue, listed first; the index cannot find it. The counts tell whether any exists, and only while one
 * does is the whole collection read to find them.
 */
import type { QueryDocumentSnapshot } from "firebase-admin/firestore";
import { limits } from "../config.js";
import type { PendingRefundsDoc } from "../domain/model.js";
import { compareByWait, overdueCutoff, overdueRefundView, type OverdueRefunds } from "../domain/overdue-refunds.js";
import { refs } from "../data/firestore.js";

export const overdueRefundsLimit = { default: 50, max: 200 };

export async function loadOverdueRefunds(now: Date, limit: number): Promise<OverdueRefunds> {
  const olderThanDays = limits.pendingRefundOverdueDays;
  const pending = refs.pendingRefunds();
  const dated = pending.where("first_received_at", "<", overdueCutoff(now, olderThanDays)).orderBy("first_received_at");
  const [oldest, datedCount, all, withDate] = await Promise.all([
    dated.limit(limit).get(),
    dated.count().get(),
    pending.count().get(),
    pending.where("first_received_at", "!=", null).count().get(),
  ]);
  const undated = all.data().count > withDate.data().count ? await readUndated() : [];
  const docs = [...undated.sort(compareByWait), ...oldest.docs.map((doc) => doc.data())].slice(0, limit);
  return {
    older_than_days: olderThanDays,
    count: undated.length + datedCount.data().count,
    pending: docs.map(overdueRefundView),
  };
}

/** The documents without first_received_at, streamed so the others never sit in memory. */
async function readUndated(): Promise<PendingRefundsDoc[]> {
  const undated: PendingRefundsDoc[] = [];
  for await (const snapshot of refs.pendingRefunds().stream() as AsyncIterable<
    QueryDocumentSnapshot<PendingRefundsDoc>
  >) {
    const doc = snapshot.data();
    if (doc.first_received_at === undefined) undated.push(doc);
  }
  return undated;
}
