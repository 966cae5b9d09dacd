/**
 * Builds the index of shared payout destinations (functions/src/data/payout-destinations.ts, issue 33) from
 * the payout details stored on every affiliate: affiliates who saved their details before the index existed
 * are in no entry until this runs, and a new PAYOUT_DESTINATION_SALT moves every affiliate to the entry of
 * their destination's new key.
 *
 * Each affiliate is moved in a transaction that reads it and its entries, the same move saving the details
 * makes, so it is exact while the API serves, and safe to run again: an affiliate already in the entry of
 * their destination is not written (a second run changes nothing). Affiliates whose account is gone leave
 * the index too.
 */
import { FieldPath, type DocumentSnapshot, type Firestore } from "firebase-admin/firestore";
import { collections, reviveAffiliate } from "../../functions/src/domain/model.ts";
import { indexedMembers, readDestinationMove } from "../../functions/src/data/payout-destinations.ts";
import { payoutDetailsOf } from "../../functions/src/domain/payout-details.ts";

export interface PayoutDestinationsMigration {
  /** Affiliates read. */
  examined: number;
  /** Affiliates put in their destination's entry, or moved to it (or, in a dry run, who would be). */
  moved: number;
  /** Index members whose affiliate is gone, taken out (or who would be). */
  removed: number;
}

/** Moves the affiliate to the entry of what is stored now (null: the affiliate is gone); whether it changed. */
function move(db: Firestore, uid: string, salt: string, dryRun: boolean, now: Date): Promise<boolean> {
  return db.runTransaction(async (tx) => {
    const stored = (await tx.get(db.collection(collections.affiliates).doc(uid))).data();
    const details = stored ? payoutDetailsOf(reviveAffiliate(stored)) : null;
    const destination = await readDestinationMove(tx, uid, details, now, { salt, store: db });
    if (!dryRun) destination.write();
    return destination.changes;
  });
}

/** Reads every affiliate, a page at a time in id order, and moves each one the index has wrong. */
export async function migratePayoutDestinations(
  db: Firestore,
  options: { salt: string; dryRun?: boolean; pageSize?: number; now?: Date },
): Promise<PayoutDestinationsMigration> {
  const { salt, dryRun = false, pageSize = 200, now = new Date() } = options;
  const report: PayoutDestinationsMigration = { examined: 0, moved: 0, removed: 0 };
  const seen = new Set<string>();
  let after: DocumentSnapshot | undefined;
  for (;;) {
    let page = db.collection(collections.affiliates).orderBy(FieldPath.documentId()).select().limit(pageSize);
    if (after) page = page.startAfter(after);
    const { docs } = await page.get();
    const moved = await Promise.all(docs.map((doc) => move(db, doc.id, salt, dryRun, now)));
    for (const doc of docs) seen.add(doc.id);
    report.examined += docs.length;
    report.moved += moved.filter(Boolean).length;
    if (docs.length < pageSize) break;
    after = docs.at(-1);
  }
  const gone = (await indexedMembers(db)).filter((uid) => !seen.has(uid));
  const removed = await Promise.all(gone.map((uid) => move(db, uid, salt, dryRun, now)));
  report.removed = removed.filter(Boolean).length;
  return report;
}
