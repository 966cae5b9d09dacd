/**
 * Stores the advertiser list's keys on every affiliate (functions/src/domain/summary-keys.ts): documents
 * written before the keys existed lack them, and GET /api/affiliates's queries leave such documents out.
 *
 * Safe to run again, and while the API serves: each affiliate whose keys are missing or differ from its
 * fields is updated in a transaction that reads it first, so an event's increments racing the update are
 * either seen by it or applied on top of it.
 */
import { FieldPath, type DocumentData, type DocumentSnapshot, type Firestore } from "firebase-admin/firestore";
import { summaryKeysOf, type SummaryKeys } from "../../functions/src/domain/summary-keys.ts";

// functions/src/domain/model.ts's `collections.affiliates` (Node runs scripts as they are, and that module's
// own imports need the functions' build).
const affiliatesCollection = "affiliates";

export interface SummaryKeysMigration {
  /** Affiliates read. */
  examined: number;
  /** Affiliates whose keys were stored (or, in a dry run, would be). */
  updated: number;
}

/** The keys the document should hold, or null when it holds them already. */
function missingKeys(id: string, data: DocumentData | undefined): SummaryKeys | null {
  if (!data) return null;
  const keys = summaryKeysOf({
    uid: id,
    name: String(data.name ?? ""),
    email: String(data.email ?? ""),
    total_earnings_cents: Number(data.total_earnings_cents ?? 0),
    total_refunded_cents: Number(data.total_refunded_cents ?? 0),
    total_payouts_cents: Number(data.total_payouts_cents ?? 0),
    total_sign_ups: Number(data.total_sign_ups ?? 0),
  });
  const stored = {
    owed_cents: data.owed_cents as unknown,
    risk_margin_cents: data.risk_margin_cents as unknown,
    search_keys: data.search_keys as unknown,
  };
  return JSON.stringify(stored) === JSON.stringify(keys) ? null : keys;
}

function storeKeys(db: Firestore, id: string): Promise<boolean> {
  const ref = db.collection(affiliatesCollection).doc(id);
  return db.runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    const keys = missingKeys(id, snapshot.data());
    if (keys) tx.update(ref, { ...keys });
    return keys !== null;
  });
}

/** Reads every affiliate, a page at a time in id order, and stores the keys of each that needs them. */
export async function migrateSummaryKeys(
  db: Firestore,
  options: { dryRun?: boolean; pageSize?: number } = {},
): Promise<SummaryKeysMigration> {
  const report: SummaryKeysMigration = { examined: 0, updated: 0 };
  const pageSize = options.pageSize ?? 200;
  let after: DocumentSnapshot | undefined;
  for (;;) {
    let page = db.collection(affiliatesCollection).orderBy(FieldPath.documentId()).limit(pageSize);
    if (after) page = page.startAfter(after);
    const { docs } = await page.get();
    const updated = await Promise.all(
      docs.map((doc) =>
        missingKeys(doc.id, doc.data()) === null ? false : options.dryRun ? true : storeKeys(db, doc.id),
      ),
    );
    report.examined += docs.length;
    report.updated += updated.filter(Boolean).length;
    if (docs.length < pageSize) return report;
    after = docs.at(-1);
  }
}
