/**
 * Staff's side of risk cases (issue 33): the queue of open cases by money at stake, one case with its
 * evidence and the affiliate's figures, and the resolution (release or confirm), exactly once. Signals are
 * raised in data/risk-cases.ts, where every detecting service can reach them.
 */
import { FieldValue } from "firebase-admin/firestore";
import type { RiskCaseRow, RiskCaseView } from "../contract/risk.js";
import type { AdvertiserId } from "../domain/advertisers.js";
import { balanceOf, heldCentsOf, payableOf } from "../domain/balance.js";
import { dayKey } from "../domain/days.js";
import { cancellationEntry, staleKeysOf, transactionId, type LedgerChange } from "../domain/ledger.js";
import type { AffiliateDoc, Recorder } from "../domain/model.js";
import { centsToDollars, formatDollars } from "../domain/money.js";
import {
  cancelledHolds,
  releasedHolds,
  riskHeldCentsOf,
  type RiskCaseDoc,
  type RiskResolution,
} from "../domain/risk.js";
import { riskFamilyInfo } from "../domain/risk-rules.js";
import { limits } from "../config.js";
import { writeChanges } from "../data/aggregates.js";
import { getAffiliateOrThrow } from "../data/affiliates.js";
import { db, refs } from "../data/firestore.js";
import { readCaseShares } from "../data/recruits.js";
import { openCaseOf, stageResolutionMails } from "../data/risk-cases.js";
import { ApiError } from "../errors.js";

/** The affiliate fields the queue and a case need (a field mask: the affiliate document is large). */
const figureFields = [
  "name",
  "email",
  "fraud_user",
  "total_earnings_cents",
  "total_refunded_cents",
  "total_payouts_cents",
  "total_sales",
  "total_refunds",
  "total_sign_ups",
  "total_clicks",
  "total_filtered_clicks",
  "held",
  "risk_held",
] as const;

/** What a case keeps from leaving: what it holds, and under hold_all everything payable too. */
function atStakeCents(riskCase: RiskCaseDoc, affiliate: AffiliateDoc | undefined, now: Date): number {
  if (!affiliate || riskCase.status !== "open") return 0;
  const held = riskHeldCentsOf(affiliate);
  return riskCase.action === "hold_all" ? held + payableOf(affiliate, now) : held;
}

function rowOf(id: string, riskCase: RiskCaseDoc, affiliate: AffiliateDoc | undefined, now: Date): RiskCaseRow {
  return {
    case_id: id,
    user_id: riskCase.uid,
    name: affiliate?.name ?? "",
    email: affiliate?.email ?? "",
    status: riskCase.status,
    action: riskCase.action,
    families: riskCase.families,
    family_labels: riskCase.families.map((family) => riskFamilyInfo[family].label),
    opened_at: riskCase.opened_at.toISOString(),
    updated_at: riskCase.updated_at.toISOString(),
    event_count: riskCase.event_count,
    case_held: centsToDollars(riskCase.status === "open" && affiliate ? riskHeldCentsOf(affiliate) : 0),
    at_stake: centsToDollars(atStakeCents(riskCase, affiliate, now)),
  };
}

async function affiliatesOf(uids: string[]): Promise<Map<string, AffiliateDoc>> {
  if (uids.length === 0) return new Map();
  const snapshots = await db().getAll(...uids.map((uid) => refs.affiliate(uid)), { fieldMask: [...figureFields] });
  // Read through the affiliate converter, so the fields the mask leaves out are defaulted.
  return new Map(
    snapshots.flatMap((snapshot) => (snapshot.exists ? [[snapshot.id, snapshot.data() as AffiliateDoc]] : [])),
  );
}

/**
 * The open cases, the most money at stake first (then the oldest): at most `scanned` of them are read (the
 * queue is for cases staff work through, not an archive), and `limit` answered. The cases that hold are
 * read first: a case that only flags puts nothing at stake, so flags only fill what room is left.
 */
export async function listOpenCases(limit: number, scanned: number, now: Date, asked?: string) {
  const open = refs.riskCases().where("status", "==", "open");
  const [holding, count] = await Promise.all([
    open.where("action", "in", ["hold_new", "hold_all"]).limit(scanned).get(),
    open.count().get(),
  ]);
  const room = scanned - holding.size;
  const flags = room > 0 ? (await open.where("action", "==", "flag").limit(room).get()).docs : [];
  const docs = [...holding.docs, ...flags];
  const affiliates = await affiliatesOf([...new Set(docs.map((doc) => doc.data().uid))]);
  const rows = docs
    .map((doc) => ({ doc: doc.data(), id: doc.id }))
    .map(({ doc, id }) => ({
      row: rowOf(id, doc, affiliates.get(doc.uid), now),
      stake: atStakeCents(doc, affiliates.get(doc.uid), now),
      doc,
    }))
    .sort((a, b) => b.stake - a.stake || a.doc.opened_at.getTime() - b.doc.opened_at.getTime())
    .slice(0, limit)
    .map(({ row }) => row);
  // A case asked for by its link (the list's risk mark) comes first when it is open but not listed.
  if (asked && !rows.some((row) => row.case_id === asked)) {
    const wanted = (await refs.riskCase(asked).get()).data();
    if (wanted?.status === "open") {
      rows.unshift(rowOf(asked, wanted, (await affiliatesOf([wanted.uid])).get(wanted.uid), now));
    }
  }
  return { cases: rows, open: count.data().count };
}

async function getCaseOrThrow(id: string): Promise<RiskCaseDoc> {
  const riskCase = (await refs.riskCase(id).get()).data();
  if (!riskCase) throw new ApiError("not_found", `No risk case has the id ${id}.`);
  return riskCase;
}

/** One case, with its events, its resolution and the affiliate's key figures. */
export async function loadCase(id: string, now: Date): Promise<RiskCaseView> {
  const riskCase = await getCaseOrThrow(id);
  // The affiliate and the others its evidence names (by uid), read together: the case page names them.
  const others = riskCase.events.flatMap((event) => (event.evidence.other_uid ? [event.evidence.other_uid] : []));
  const affiliates = await affiliatesOf([...new Set([riskCase.uid, ...others])]);
  const affiliate = affiliates.get(riskCase.uid);
  const otherName = (uid: string | undefined) => {
    const other = uid ? affiliates.get(uid) : undefined;
    const name = other ? other.name || other.email : "";
    return name ? { other_name: name } : {};
  };
  const money = (cents: number) => centsToDollars(cents);
  return {
    ...rowOf(id, riskCase, affiliate, now),
    events: riskCase.events.map((event) => ({
      ...event,
      at: event.at.toISOString(),
      evidence: { ...event.evidence, ...otherName(event.evidence.other_uid) },
    })),
    resolution: riskCase.resolution ? resolutionView(riskCase.resolution) : null,
    affiliate: {
      fraud_user: affiliate?.fraud_user ?? false,
      balance: money(affiliate ? balanceOf(affiliate) : 0),
      held: money(affiliate ? heldCentsOf(affiliate, now) : 0),
      case_held: money(affiliate && riskCase.status === "open" ? riskHeldCentsOf(affiliate) : 0),
      payable: money(affiliate ? payableOf(affiliate, now) : 0),
      total_earnings: money(affiliate?.total_earnings_cents ?? 0),
      total_refunded: money(affiliate?.total_refunded_cents ?? 0),
      total_payouts: money(affiliate?.total_payouts_cents ?? 0),
      total_sales: affiliate?.total_sales ?? 0,
      total_refunds: affiliate?.total_refunds ?? 0,
      total_sign_ups: affiliate?.total_sign_ups ?? 0,
      total_clicks: affiliate?.total_clicks ?? 0,
      total_filtered_clicks: affiliate?.total_filtered_clicks ?? 0,
    },
  };
}

function resolutionView({ held_cents, at, ...rest }: RiskResolution) {
  return { ...rest, at: at.toISOString(), held: centsToDollars(held_cents) };
}

export type Outcome = "release" | "confirm";

const resolvedAs = { release: "released", confirm: "confirmed" } as const;

/**
 * Resolves the case, exactly once, in one transaction that reads the case and the affiliate: release puts
 * the held commission back on its hold timeline; confirm cancels it (a cancellation entry per advertiser,
 * counted as clawed back, so balance = earnings − refunded − payouts still holds). A sale racing it read the
 * case in its own transaction, so it is either in the hold resolved here or sees the case closed. The same
 * resolution again (a retry, a second staff member) answers `changed: false`; the other one is refused.
 */
export async function resolveCase(id: string, outcome: Outcome, note: string, by: Recorder, now: Date) {
  if (outcome === "confirm" && note === "") {
    throw new ApiError("bad_request", "note: say why the case is confirmed (it is kept with the case).");
  }
  return rerunIfClosed(() => resolveInTransaction(id, outcome, note, by, now));
}

/**
 * Runs the resolution again when Firestore closed its transaction while it waited on a lock (the emulator
 * answers INVALID_ARGUMENT "Transaction is invalid or closed" to staff racing on one case, which the client
 * does not retry): the resolution reads the case first, so a rerun after another one won answers as a retry
 * (changed: false) or a conflict, never changing money twice.
 */
async function rerunIfClosed<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const closed =
        (error as { code?: number }).code === 3 && String(error).includes("Transaction is invalid or closed");
      if (!closed || attempt >= attempts) throw error;
    }
  }
}

function resolveInTransaction(id: string, outcome: Outcome, note: string, by: Recorder, now: Date) {
  return db().runTransaction(
    async (tx) => {
      const caseRef = refs.riskCase(id);
      const riskCase = (await tx.get(caseRef)).data();
      if (!riskCase) throw new ApiError("not_found", `No risk case has the id ${id}.`);
      const affiliate = await getAffiliateOrThrow(riskCase.uid, tx);
      const openNow = await openCaseOf(riskCase.uid, tx);
      const answer = (changed: boolean, heldCents: number) => ({
        case_id: id,
        user_id: riskCase.uid,
        status: resolvedAs[outcome],
        changed,
        held: centsToDollars(heldCents),
        suspension_offered: outcome === "confirm" && !affiliate.fraud_user,
        message: messageOf(outcome, heldCents, changed, affiliate.fraud_user),
      });
      if (riskCase.status !== "open") {
        if (riskCase.status === resolvedAs[outcome]) return answer(false, riskCase.resolution?.held_cents ?? 0);
        const who = riskCase.resolution ? ` by ${riskCase.resolution.by.email}` : "";
        throw new ApiError(
          "conflict",
          `This case was already ${riskCase.status}${who}: it cannot be ${resolvedAs[outcome]} now.`,
        );
      }

      const heldCents = riskHeldCentsOf(affiliate);
      const affiliateRef = refs.affiliate(riskCase.uid).withConverter(null);
      // A recruit's confirmed case takes their recruiters' shares of the cancelled commission back (issue 34).
      const sharesCancelled =
        outcome === "confirm"
          ? await readCaseShares(tx, riskCase.uid, id, Boolean(affiliate.recruited_by), now)
          : () => undefined;
      if (outcome === "release") {
        const back = releasedHolds(affiliate.risk_held, now);
        const held = Object.fromEntries(Object.entries(back).map(([day, cents]) => [day, FieldValue.increment(cents)]));
        if (Object.keys(held).length > 0) tx.set(affiliateRef, { held }, { merge: true });
      } else {
        const changes: LedgerChange[] = [];
        for (const [advertiser, cents] of Object.entries(cancelledHolds(affiliate.risk_held)) as [
          AdvertiserId,
          number,
        ][]) {
          tx.create(
            refs.transactions(riskCase.uid).doc(transactionId(advertiser, `risk_${id}`)),
            cancellationEntry(id, advertiser, cents, now),
          );
          changes.push({ advertiser, tracker: "", day: dayKey(now), figures: { refunded_cents: cents } });
        }
        if (changes.length > 0) writeChanges(tx, riskCase.uid, changes, staleKeysOf(affiliate, now), now);
        sharesCancelled();
      }
      // The case's hold and the affiliate's summaries go in the same commit as the money.
      tx.update(affiliateRef, {
        risk_held: FieldValue.delete(),
        ...(affiliate.risk_case?.id === id ? { risk_case: null } : {}),
      });
      if (openNow?.id === id) tx.delete(refs.riskOpen(riskCase.uid));
      const resolution: RiskResolution = {
        outcome: resolvedAs[outcome],
        by: { uid: by.uid, email: by.email },
        at: now,
        note,
        held_cents: heldCents,
      };
      tx.update(caseRef.withConverter(null), { status: resolvedAs[outcome], resolution, updated_at: now });
      stageResolutionMails(tx, id, riskCase, affiliate, resolution, now);
      return answer(true, heldCents);
    },
    { maxAttempts: limits.transactionAttempts },
  );
}

function messageOf(outcome: Outcome, heldCents: number, changed: boolean, suspended: boolean): string {
  const again = changed ? "" : "Already done: ";
  if (outcome === "release") {
    return `${again}Released: ${formatDollars(heldCents)} of held commission is back on its normal hold timeline.`;
  }
  const offer = suspended ? "" : " You can also suspend the account (Suspend account on the affiliate's card).";
  return `${again}Fraud confirmed: ${formatDollars(heldCents)} of held commission cancelled.${offer}`;
}
