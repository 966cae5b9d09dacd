/**
 * Moves who recorded each payout off payouts/{invoiceNumber}, which the payout's affiliate reads, into the
 * server-only payout_audit/{invoiceNumber} (docs/data-model.md). A payout recorded before the move carries
 * `recorded_by: { uid, email }`; one requested before it, `recorded_by: null`. Afterwards no payout has the
 * field.
 *
 * Safe to run again, and while the API serves: each payout moves in a transaction that reads it and its
 * audit entry, and an entry record_payout already wrote is kept.
 */
import { FieldPath, FieldValue, type DocumentSnapshot, type Firestore, type Timestamp } from "firebase-admin/firestore";
import type { PayoutAuditDoc, Recorder } from "../../functions/src/domain/model.ts";

// functions/src/domain/model.ts's `collections.payouts` and `collections.payoutAudit` (Node runs scripts as
// they are, and that module's own imports need the functions' build).
const payoutsCollection = "payouts";
const auditCollection = "payout_audit";

/** What this reads of a payout as stored before the move. */
interface LegacyPayout {
  recorded_by?: Recorder | null;
  paid_at: Timestamp | null;
  requested_at: Timestamp;
}

export interface PayoutAuditMigration {
  /** Payouts read. */
  examined: number;
  /** Recorded payouts whose recorder left the payout for payout_audit (or was there already). */
  moved: number;
  /** Payouts whose empty `recorded_by: null` was removed. */
  cleared: number;
}

type Outcome = "moved" | "cleared" | "clean";

function outcomeOf(payout: DocumentSnapshot): Outcome {
  const recorder = (payout.data() as LegacyPayout | undefined)?.recorded_by;
  if (recorder === undefined) return "clean";
  return recorder === null ? "cleared" : "moved";
}

/** Moves one payout's recorder, in a transaction; what it found. */
function moveRecorder(db: Firestore, id: string): Promise<Outcome> {
  const payoutRef = db.collection(payoutsCollection).doc(id);
  const auditRef = db.collection(auditCollection).doc(id);
  return db.runTransaction(async (tx) => {
    const [payout, audit] = await tx.getAll(payoutRef, auditRef);
    const outcome = outcomeOf(payout!);
    if (outcome === "clean") return outcome;
    const { recorded_by: recorder, paid_at: paidAt, requested_at: requestedAt } = payout!.data() as LegacyPayout;
    if (recorder && !audit!.exists) {
      tx.create(auditRef, {
        recorded_by: { uid: recorder.uid, email: recorder.email },
        recorded_at: paidAt ?? requestedAt,
      } satisfies Record<Exclude<keyof PayoutAuditDoc, "batch_id">, unknown>);
    }
    tx.update(payoutRef, { recorded_by: FieldValue.delete() });
    return outcome;
  });
}

/**
 * Reads every payout, a page at a time in id order, and moves the recorder of each that still has one (with
 * `dryRun`, only counts them).
 */
export async function migratePayoutAudit(
  db: Firestore,
  options: { dryRun?: boolean; pageSize?: number } = {},
): Promise<PayoutAuditMigration> {
  const report: PayoutAuditMigration = { examined: 0, moved: 0, cleared: 0 };
  const pageSize = options.pageSize ?? 200;
  let after: DocumentSnapshot | undefined;
  for (;;) {
    let page = db.collection(payoutsCollection).orderBy(FieldPath.documentId()).limit(pageSize);
    if (after) page = page.startAfter(after);
    const { docs } = await page.get();
    const outcomes = await Promise.all(
      docs.map((payout) => {
        const found = outcomeOf(payout);
        return options.dryRun || found === "clean" ? found : moveRecorder(db, payout.id);
      }),
    );
    report.examined += docs.length;
    for (const outcome of outcomes) if (outcome !== "clean") report[outcome] += 1;
    if (docs.length < pageSize) return report;
    after = docs.at(-1);
  }
}
