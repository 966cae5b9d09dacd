/**
 * An affiliate's history of terms and balance (issue 34), for staff: their group moves, deal changes and
 * manual adjustments, newest first, a page at a time. Each page reads at most `limit + 1` records of each of
 * the three audit collections (one query each, on `uid` and `at`), so a long history costs no more per page.
 */
import type { CollectionReference } from "firebase-admin/firestore";
import type { AdjustmentAuditDoc } from "../domain/adjustments.js";
import type { DealAuditDoc, GroupMoveDoc } from "../domain/commission-groups.js";
import { refs } from "../data/firestore.js";

export type HistoryEntry =
  | ({ kind: "move"; id: string } & GroupMoveDoc)
  | ({ kind: "deal"; id: string } & DealAuditDoc)
  | ({ kind: "adjustment"; id: string } & AdjustmentAuditDoc);

export interface HistoryPage {
  entries: HistoryEntry[];
  /** The next page's cursor (the last entry's time in milliseconds); null on the last page. */
  next: string | null;
}

/** One page of the affiliate's history, newest first, from before `after` (a previous page's cursor). */
export async function loadAffiliateHistory(uid: string, limit: number, after: string | null): Promise<HistoryPage> {
  const page = <T extends { at: Date }>(collection: CollectionReference<T>) => {
    let query = collection.where("uid", "==", uid).orderBy("at", "desc");
    if (after !== null) query = query.where("at", "<", new Date(Number(after)));
    return query.limit(limit + 1).get();
  };
  const [moves, deals, adjustments] = await Promise.all([
    page(refs.groupMoves()),
    page(refs.dealAudit()),
    page(refs.adjustmentAudit()),
  ]);
  const all: HistoryEntry[] = [
    ...moves.docs.map((doc) => ({ kind: "move" as const, id: doc.id, ...doc.data() })),
    ...deals.docs.map((doc) => ({ kind: "deal" as const, id: doc.id, ...doc.data() })),
    ...adjustments.docs.map((doc) => ({ kind: "adjustment" as const, id: doc.id, ...doc.data() })),
  ].sort((a, b) => b.at.getTime() - a.at.getTime());
  const entries = all.slice(0, limit);
  const last = entries.at(-1);
  return { entries, next: all.length > limit && last ? String(last.at.getTime()) : null };
}
