/**
 * Who recorded each payout. A payout's affiliate reads payouts/{invoiceNumber}, so the staff member who
 * recorded it is kept apart, in the server-only payout_audit/{invoiceNumber}, which record_payout writes in
 * the transaction that marks the payout paid.
 */
import type { DocumentSnapshot, Transaction } from "firebase-admin/firestore";
import type { PayoutDoc, Recorder } from "../domain/model.js";
import { db, refs } from "./firestore.js";

/**
 * A payout recorded before the recorder moved to payout_audit carries it on the payout itself until
 * `npm run migrate:payout-audit` moves it (and in emulator-data/ until that is seeded again), sometimes
 * with more than the uid and e-mail.
 */
function legacyRecorder(payout: PayoutDoc | undefined): Recorder | null {
  const recorder = (payout as { recorded_by?: Recorder | null } | undefined)?.recorded_by;
  return recorder ? { uid: recorder.uid, email: recorder.email } : null;
}

/**
 * Who recorded each of `payouts`, in their order (null for one not recorded): one batched read, in `tx`
 * when given.
 */
export async function recordersOf(
  payouts: DocumentSnapshot<PayoutDoc>[],
  tx?: Transaction,
): Promise<(Recorder | null)[]> {
  if (payouts.length === 0) return [];
  const audits = payouts.map((payout) => refs.payoutAudit().doc(payout.id));
  const snapshots = await (tx ? tx.getAll(...audits) : db().getAll(...audits));
  return snapshots.map((audit, index) => audit.data()?.recorded_by ?? legacyRecorder(payouts[index]!.data()));
}

/** Writes, in `tx`, that `by` recorded the payout `invoiceNumber` at `at` (in batch `batchId`, if one). */
export function writeRecorder(tx: Transaction, invoiceNumber: string, by: Recorder, at: Date, batchId?: string): void {
  tx.set(refs.payoutAudit().doc(invoiceNumber), {
    recorded_by: { uid: by.uid, email: by.email },
    recorded_at: at,
    ...(batchId ? { batch_id: batchId } : {}),
  });
}
