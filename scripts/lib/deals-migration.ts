/**
 * Turns each affiliate's `custom_terms` flag (issue 19: their own commission_rate and repeat_rates instead of
 * the programme's) into the deal it meant (issue 34, functions/src/domain/commission-groups.ts legacyDeal):
 * those rates for every advertiser, for every sale, with no end, audited in deal_audit as a migration (no
 * one's name, the reason saying so), and clears the flag. The ledger reads an unmigrated flag as that same
 * deal, so nothing anyone earns changes, before, during or after.
 *
 * Safe to run again, and while the API serves: each affiliate is migrated in a transaction that reads it
 * first; one whose flag is already clear is left alone, and a deal staff set since is kept.
 */
import { FieldPath, type DocumentSnapshot, type Firestore } from "firebase-admin/firestore";
import { legacyDeal } from "../../functions/src/domain/commission-groups.ts";

// functions/src/domain/model.ts's collection names (Node runs scripts as they are, and that module's own
// imports need the functions' build).
const affiliatesCollection = "affiliates";
const dealAuditCollection = "deal_audit";

/** The audit's reason for a deal the migration made. */
export const migratedReason = "Individual rates (custom_terms) made a deal by npm run migrate:deals.";

export interface DealsMigration {
  /** Affiliates flagged custom_terms read. */
  examined: number;
  /** Deals made from the flag (or, in a dry run, that would be). */
  migrated: number;
}

function migrateOne(db: Firestore, id: string, now: Date): Promise<boolean> {
  const ref = db.collection(affiliatesCollection).doc(id);
  return db.runTransaction(async (tx) => {
    const data = (await tx.get(ref)).data();
    if (data?.custom_terms !== true) return false;
    if (data.deal) {
      // A deal set since (set_deal clears the flag; a hand edit may not): the deal is what applies.
      tx.update(ref, { custom_terms: false });
      return false;
    }
    const deal = legacyDeal({
      commission_rate: Number(data.commission_rate),
      repeat_rates: (data.repeat_rates ?? {}) as Record<string, number>,
    });
    tx.update(ref, { deal, custom_terms: false });
    tx.create(db.collection(dealAuditCollection).doc(), {
      uid: id,
      deal,
      previous: null,
      reason: migratedReason,
      by: null,
      at: now,
    });
    return true;
  });
}

/** Reads the affiliates flagged custom_terms, a page at a time in id order, and migrates each. */
export async function migrateDeals(
  db: Firestore,
  options: { dryRun?: boolean; pageSize?: number; now?: Date } = {},
): Promise<DealsMigration> {
  const report: DealsMigration = { examined: 0, migrated: 0 };
  const pageSize = options.pageSize ?? 200;
  const now = options.now ?? new Date();
  let after: DocumentSnapshot | undefined;
  for (;;) {
    let page = db
      .collection(affiliatesCollection)
      .where("custom_terms", "==", true)
      .orderBy(FieldPath.documentId())
      .limit(pageSize);
    if (after) page = page.startAfter(after);
    const { docs } = await page.get();
    const migrated = await Promise.all(
      docs.map((doc) => (options.dryRun ? !doc.get("deal") : migrateOne(db, doc.id, now))),
    );
    report.examined += docs.length;
    report.migrated += migrated.filter(Boolean).length;
    if (docs.length < pageSize) return report;
    after = docs.at(-1);
  }
}
