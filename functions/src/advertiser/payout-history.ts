/**
 * The payouts audit trail for staff (GET /api/payout_history): every recorded payout, newest first, with
 * who recorded it and when, a page at a time. One query reads the page's payouts (one more to know if
 * another page follows), served by the composite indexes in firestore.indexes.json; one batched read
 * finds who recorded them (payout_audit, which affiliates cannot read).
 */
import { FieldPath } from "firebase-admin/firestore";
import type { PayoutDoc, Recorder } from "../domain/model.js";
import type { PayoutHistoryPage, PayoutRecord } from "../domain/payout-history.js";
import { centsToDollars } from "../domain/money.js";
import { refs } from "../data/firestore.js";
import { recordersOf } from "../data/payout-audit.js";

export const payoutHistoryLimit = { default: 50, max: 500 };

/** "<paid_at in ms>.<invoice number>": the last record's place in the order (paid_at, then id, descending). */
export const payoutHistoryCursorPattern = /^(\d{1,15})\.(INV-\d{4}-\d{6,})$/;

function cursorOf(record: PayoutRecord): string {
  return `${Date.parse(record.paid_at)}.${record.invoice_number}`;
}

function recordOf(id: string, payout: PayoutDoc, recordedBy: Recorder | null): PayoutRecord {
  return {
    invoice_number: id,
    user_id: payout.uid,
    name: payout.invoice.payee.name,
    company: payout.invoice.payee.company,
    amount: centsToDollars(payout.amount_cents),
    method: payout.method,
    requested_at: payout.requested_at.toISOString(),
    paid_at: (payout.paid_at ?? payout.requested_at).toISOString(),
    recorded_by: recordedBy,
  };
}

export async function loadPayoutHistory(options: {
  limit: number;
  after: string | null;
  uid: string | null;
}): Promise<PayoutHistoryPage> {
  let query = refs.payouts().where("status", "==", "paid");
  if (options.uid !== null) query = query.where("uid", "==", options.uid);
  query = query.orderBy("paid_at", "desc").orderBy(FieldPath.documentId(), "desc");
  const cursor = options.after === null ? null : payoutHistoryCursorPattern.exec(options.after);
  if (cursor) query = query.startAfter(new Date(Number(cursor[1])), cursor[2]!);
  const snapshot = await query.limit(options.limit + 1).get();
  const docs = snapshot.docs.slice(0, options.limit);
  const recorders = await recordersOf(docs);
  const payouts = docs.map((doc, index) => recordOf(doc.id, doc.data(), recorders[index]!));
  const last = payouts.at(-1);
  return { payouts, next: snapshot.size > options.limit && last ? cursorOf(last) : null };
}
