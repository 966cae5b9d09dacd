/**
 * Recruiters' shares in Firestore (issue 34, docs/recruits.md): the ledger's writes of share entries and their
 * clawbacks on the recruiters, each recruit's line (affiliates/{uid}/recruits/{no}), and the reads a recruit's
 * sale and a recruiter's dashboard make.
 */
import { FieldValue, type Transaction } from "firebase-admin/firestore";
import { shareClawback, type ShareWrite } from "../domain/recruit-ledger.js";
import type { AffiliateDoc } from "../domain/model.js";
import { cancelledShares, chainOf, type RecruitFiguresDoc, type RecruitShare } from "../domain/recruits.js";
import { writeChanges } from "./aggregates.js";
import { refs } from "./firestore.js";

/** No map keys to prune: a recruiter's totals take their share by blind increment; their own next write prunes. */
const nothingStale = { recent_days: [], held: [] };

/**
 * Stages the share entries and clawbacks in the recruit's event's transaction (after its reads): each entry
 * created under its derived id (a second copy of the event never gets here: its record makes it a duplicate),
 * the recruiter's figures and their recruit's line added to by increments, so no recruiter's document is read
 * in the transaction nor contended for.
 */
export function stageShareWrites(tx: Transaction, writes: readonly ShareWrite[], now: Date): void {
  const byRecruiter = new Map<string, ShareWrite[]>();
  for (const write of writes) byRecruiter.set(write.uid, [...(byRecruiter.get(write.uid) ?? []), write]);
  for (const [uid, own] of byRecruiter) {
    for (const write of own) tx.create(refs.transactions(uid).doc(write.docId), write.entry);
    writeChanges(
      tx,
      uid,
      own.map((write) => write.change),
      nothingStale,
      now,
    );
    const lines = new Map<number, ShareWrite["recruit"]>();
    for (const { recruit } of own) {
      const line = lines.get(recruit.no);
      lines.set(
        recruit.no,
        line
          ? {
              ...line,
              earnings_cents: line.earnings_cents + recruit.earnings_cents,
              clawed_back_cents: line.clawed_back_cents + recruit.clawed_back_cents,
              sales: line.sales + recruit.sales,
            }
          : recruit,
      );
    }
    for (const line of lines.values()) {
      tx.set(
        refs.recruits(uid).doc(String(line.no)).withConverter(null),
        {
          no: line.no,
          level: line.level,
          earnings_cents: FieldValue.increment(line.earnings_cents),
          clawed_back_cents: FieldValue.increment(line.clawed_back_cents),
          sales: FieldValue.increment(line.sales),
        },
        { merge: true },
      );
    }
  }
}

/**
 * The shares of a recruit's sale that are paid: those of recruiters not suspended. One read per recruiter
 * named (the direct recruiter only, unless the programme sets more levels), and only for a sale that earns a
 * share: every other sale reads nothing more.
 */
export async function payableShares(shares: RecruitShare[]): Promise<RecruitShare[]> {
  if (shares.length === 0) return shares;
  const recruiters = await Promise.all(shares.map((share) => refs.affiliate(share.uid).get()));
  return shares.filter((_, i) => {
    const recruiter = recruiters[i]!.data();
    return recruiter !== undefined && !recruiter.fraud_user;
  });
}

/** A new recruit's line on each recruiter of their chain (in create_account's transaction). */
export function stageRecruitLines(tx: Transaction, chain: { uid: string; no: number }[], now: Date): void {
  chain.forEach(({ uid, no }, index) => {
    const line: RecruitFiguresDoc = {
      no,
      level: index + 1,
      since: now,
      earnings_cents: 0,
      clawed_back_cents: 0,
      sales: 0,
    };
    tx.set(refs.recruits(uid).doc(String(no)), line);
    tx.update(refs.affiliate(uid).withConverter(null), { recruits_count: FieldValue.increment(1) });
  });
}

/** The recruiter's recruits' lines, the newest first, at most `limit`. */
export async function recruitLines(uid: string, limit: number): Promise<RecruitFiguresDoc[]> {
  const found = await refs.recruits(uid).orderBy("no", "desc").limit(limit).get();
  return found.docs.map((doc) => doc.data());
}

/**
 * The recruits whose relation a payout destination now shared with `others` shows to be self-recruiting (issue
 * 34): the affiliate, if one of their recruiters is among the others, and each of the others the affiliate
 * recruited. Read in the payout details' transaction (before its writes), only when the destination is shared.
 */
export async function recruitsSharingDestination(
  tx: Transaction,
  affiliate: AffiliateDoc,
  others: readonly string[],
): Promise<string[]> {
  const mine = chainOf(affiliate).some((link) => others.includes(link.uid)) ? [affiliate.uid] : [];
  const docs = await Promise.all(others.map((other) => tx.get(refs.affiliate(other))));
  const theirs = docs
    .map((doc) => doc.data())
    .filter((other) => other !== undefined && chainOf(other).some((link) => link.uid === affiliate.uid))
    .map((other) => other!.uid);
  return [...mine, ...theirs];
}

/** Ends the recruits' relations from now (after the transaction's reads): no share from their later sales. */
export function stageRelationsEnded(tx: Transaction, recruits: readonly string[], now: Date): void {
  for (const uid of recruits) tx.update(refs.affiliate(uid).withConverter(null), { "recruited_by.ended_at": now });
}

/**
 * A risk case's confirmation cancels the recruit's held commission (risk/cases.ts): reads, in its transaction,
 * the recruit's sales the case held that paid a share, and answers the writes (for after its reads) that claw back
 * what is left of each share from the recruiters and record it on the sale, so a later refund takes nothing more.
 * Only a recruit's confirmation reads anything (`recruited`).
 */
export async function readCaseShares(
  tx: Transaction,
  uid: string,
  caseId: string,
  recruited: boolean,
  now: Date,
): Promise<() => void> {
  if (!recruited) return () => undefined;
  const held = await tx.get(refs.transactions(uid).where("risk_case_id", "==", caseId).where("type", "==", "sale"));
  const cause = { type: "cancellation" as const, event_id: `risk_${caseId}`, timestamp: now };
  const writes: ShareWrite[] = [];
  const updates: [(typeof held.docs)[number]["ref"], RecruitShare[]][] = [];
  for (const doc of held.docs) {
    const sale = doc.data();
    if (!sale.recruit_shares?.length) continue;
    const cancelled = cancelledShares(sale.recruit_shares);
    for (const { share, cents } of cancelled) {
      if (cents > 0) writes.push(shareClawback(sale, cause, share, cents, now));
    }
    updates.push([doc.ref, cancelled.map(({ share }) => share)]);
  }
  return () => {
    for (const [ref, shares] of updates) tx.update(ref, { recruit_shares: shares });
    stageShareWrites(tx, writes, now);
  };
}
