/**
 * Moves each open risk case's brief to the server-only risk_open/{uid} (docs/risk.md). Cases opened before the
 * move are named only on the affiliate's own document (`risk_case`), which the affiliate reads; since then a
 * case that only flags is named in risk_open alone, and one that holds in both.
 *
 * Safe to run again, and while the API serves: each case moves in a transaction that reads its brief and the
 * affiliate, and a brief a newer signal already wrote is kept.
 */
import { FieldPath, type DocumentSnapshot, type Firestore, type Timestamp } from "firebase-admin/firestore";

// functions/src/domain/model.ts's collection names (Node runs scripts as they are, and that module's own
// imports need the functions' build).
const casesCollection = "risk_cases";
const openCollection = "risk_open";
const affiliatesCollection = "affiliates";

/** What this reads of a case. */
interface StoredCase {
  uid: string;
  status: string;
  action: string;
  families: string[];
  opened_at: Timestamp;
}

export interface RiskOpenMigration {
  /** Open cases read. */
  examined: number;
  /** Briefs written to risk_open. */
  written: number;
  /** Affiliate documents that stopped naming a case that only flags. */
  cleared: number;
}

/** What moving the case's brief does, given its brief's document and its affiliate's. */
function moveOf(id: string, riskCase: StoredCase, open: DocumentSnapshot, affiliate: DocumentSnapshot) {
  const named = (affiliate.get("risk_case") as { id?: string } | null | undefined)?.id === id;
  return { written: !open.exists, cleared: named && riskCase.action === "flag" };
}

const briefRefs = (db: Firestore, uid: string) =>
  [db.collection(openCollection).doc(uid), db.collection(affiliatesCollection).doc(uid)] as const;

/** Moves one case's brief, in a transaction; what it did. */
function moveBrief(db: Firestore, id: string): Promise<{ written: boolean; cleared: boolean }> {
  const caseRef = db.collection(casesCollection).doc(id);
  return db.runTransaction(async (tx) => {
    const riskCase = (await tx.get(caseRef)).data() as StoredCase | undefined;
    if (riskCase?.status !== "open") return { written: false, cleared: false };
    const [openRef, affiliateRef] = briefRefs(db, riskCase.uid);
    const [open, affiliate] = await tx.getAll(openRef, affiliateRef);
    const move = moveOf(id, riskCase, open!, affiliate!);
    if (move.written) {
      const { action, families, opened_at } = riskCase;
      tx.create(openRef, { id, action, families, opened_at });
    }
    if (move.cleared) tx.update(affiliateRef, { risk_case: null });
    return move;
  });
}

/** Reads every open case, a page at a time, and moves the brief of each (with `dryRun`, only counts them). */
export async function migrateRiskOpen(
  db: Firestore,
  options: { dryRun?: boolean; pageSize?: number } = {},
): Promise<RiskOpenMigration> {
  const report: RiskOpenMigration = { examined: 0, written: 0, cleared: 0 };
  const pageSize = options.pageSize ?? 200;
  let after: DocumentSnapshot | undefined;
  for (;;) {
    let page = db
      .collection(casesCollection)
      .where("status", "==", "open")
      .orderBy(FieldPath.documentId())
      .limit(pageSize);
    if (after) page = page.startAfter(after);
    const { docs } = await page.get();
    const moves = await Promise.all(
      docs.map(async (doc) => {
        if (!options.dryRun) return moveBrief(db, doc.id);
        const riskCase = doc.data() as StoredCase;
        const [open, affiliate] = await db.getAll(...briefRefs(db, riskCase.uid));
        return moveOf(doc.id, riskCase, open!, affiliate!);
      }),
    );
    report.examined += docs.length;
    for (const move of moves) {
      if (move.written) report.written += 1;
      if (move.cleared) report.cleared += 1;
    }
    if (docs.length < pageSize) return report;
    after = docs.at(-1);
  }
}
