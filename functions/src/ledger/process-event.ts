/**
 * Applies one advertiser event, exactly once: everything it changes (the ledger entry, the affiliate's
 * totals, the day bucket, the event record that makes a retry a duplicate) is written in one Firestore
 * transaction, so a retry, a concurrent copy or a crash half-way can neither lose it nor count it twice.
 *
 * The transaction reads only what is unique to the event (its record, the sale a refund refers to, the
 * refunds waiting for a sale) and adds to the affiliate's figures with increments, so concurrent events of
 * one affiliate never contend for its document. The affiliate's terms (commission rates, suspension) are
 * read just before; a change of terms racing an event applies to it or to the next one.
 *
 * A sign-up or sale may name its customer (issue 33): the identifiers are kept only as salted keys on the
 * event record, and one that matches the affiliate's own raises the self-referral signal in this same
 * transaction (ledger/self-referral.ts), so the matching sale itself is held when the rule holds. A sign-up
 * that names the customer's address adds one to its address block's day in the same transaction
 * (data/address-blocks.ts), so a duplicate counts nothing there either.
 */
import { FieldValue, type Transaction } from "firebase-admin/firestore";
import { limits } from "../config.js";
import type { AdvertiserId } from "../domain/advertisers.js";
import { dayKey } from "../domain/days.js";
import type { AdvertiserEvent } from "../domain/events.js";
import {
  recordRefund,
  recordSale,
  staleKeysOf,
  trackerKey,
  transactionId,
  type LedgerChange,
  type RefundInput,
  type SaleTerms,
} from "../domain/ledger.js";
import { holdingCase, type RiskCaseStatus, type RiskCaseSummary } from "../domain/risk.js";
import { holdsCommission } from "../domain/risk-rules.js";
import type { Conversion } from "../domain/outbound-postbacks.js";
import { subIdNames, type SubIds } from "../domain/sub-ids.js";
import { countedTracker } from "../domain/trackers.js";
import {
  type AffiliateDoc,
  type ClickDoc,
  type EventDoc,
  type PendingRefund,
  type TransactionDoc,
} from "../domain/model.js";
import { getAffiliateOrThrow } from "../data/affiliates.js";
import { saleTermsAndShare } from "../data/commission-groups.js";
import { payableShares, stageShareWrites } from "../data/recruits.js";
import { refundShares, shareCredit } from "../domain/recruit-ledger.js";
import { recruitShares, type RecruitShare } from "../domain/recruits.js";
import { clickIncrement, writeChanges } from "../data/aggregates.js";
import { addressBlockKey, stageBlockSignUp } from "../data/address-blocks.js";
import { db, refs } from "../data/firestore.js";
import { enqueuePostbacks, stagePostbacks } from "../data/postback-outbox.js";
import type { StagedSignal } from "../data/risk-cases.js";
import { customerKeys } from "../data/risk-identity.js";
import { ApiError } from "../errors.js";
import { rewardRulesFor } from "../data/rewards.js";
import { rewardsAfterSale } from "../rewards/after-sale.js";
import { selfReferralOf, stageSelfReferral } from "./self-referral.js";

export interface EventOutcome {
  status: "applied" | "pending" | "ignored" | "duplicate";
  detail?: string;
}

/** What applying an event did, and the conversions it credited or clawed back (for the affiliate's postbacks). */
interface Applied extends EventOutcome {
  credits?: Credit[];
}

/** One ledger entry's commission, as the affiliate's postback reports it. */
type Credit = Omit<Conversion, "uid" | "advertiser">;

/**
 * The click a conversion was reported by (a postback's click id): its landing page goes into the landing
 * figures, the sale's entry names it, and a sign-up or sale marks it converted, so it is kept for the
 * customer's renewals and refunds beyond the attribution window (domain/clicks.ts).
 */
export interface ConvertingClick {
  id: string;
  doc: ClickDoc;
}

export interface ProcessOptions {
  /** A fault test: fail after everything is staged, before the commit. */
  failBeforeCommit?: boolean;
  click?: ConvertingClick;
  /** The refusal of the same id with other content (the default speaks of the signed events API's body). */
  conflict?: (id: string) => string;
  /**
   * Another hash the same content may have been recorded with: the raw body's, which events recorded before
   * the batch endpoint kept (ledger/event-hash.ts).
   */
  sameAs?: string;
}

const bodyConflict = (id: string) => `Event ${id} was already received with a different body.`;

const pendingRefundsRef = (advertiser: AdvertiserId, saleId: string) =>
  refs.pendingRefunds().doc(transactionId(advertiser, saleId));

/** Applies the event, or recognises it as already applied; throws ApiError for an unknown affiliate or conflict. */
export async function processEvent(
  event: AdvertiserEvent,
  bodySha256: string,
  now: Date,
  { failBeforeCommit = false, click, conflict = bodyConflict, sameAs }: ProcessOptions = {},
): Promise<EventOutcome> {
  // The customer's identifiers, as the salted keys the event record keeps and the match compares.
  const customer =
    (event.type === "sale" || event.type === "sign_up") && event.customer
      ? customerKeys(event.advertiser, event.customer)
      : undefined;
  // A sign-up from a named address counts toward its block's day (data/address-blocks.ts): a write, no read.
  const block =
    event.type === "sign_up" && event.customer?.customer_ip ? addressBlockKey(event.customer.customer_ip) : null;
  const affiliateRead = getAffiliateOrThrow(event.uid);
  // The affiliate's group's tiers and bonuses (issue 34), checked once the sale has committed.
  const rewards = event.type === "sale" ? rewardRulesFor(affiliateRead).catch(() => null) : null;
  const [affiliate, saleSettings, selfReferral] = await Promise.all([
    affiliateRead,
    // A sale earns the programme's and its affiliate's group's terms in force when it happened (issues 19
    // and 34): read fresh, so a change of settings, of a group or a move applies from the moment it is saved.
    event.type === "sale" ? saleTermsAndShare(event.advertiser, event.occurredAt, affiliateRead) : null,
    customer ? selfReferralOf(event, customer) : null,
  ]);
  const terms = saleSettings?.terms ?? null;
  // A recruit's sale: their recruiters' shares (issue 34), of the commission as recorded (a case's hold does not
  // change it), each recruiter read once to leave out a suspended one. Any other sale reads nothing more.
  const shares =
    event.type === "sale" && saleSettings && affiliate.recruited_by
      ? await payableShares(
          recruitShares(
            affiliate,
            {
              occurredAt: event.occurredAt,
              earningsCents: recordSale(affiliate, event, now, terms!).entry.earnings_cents,
            },
            saleSettings.recruitShare,
          ),
        )
      : [];
  // The affiliate's postbacks the conversion fires, staged in the transaction: called once it has committed.
  let staged: string[] = [];
  const outcome = await db().runTransaction<EventOutcome>(
    async (tx) => {
      const eventRef = refs.events().doc(transactionId(event.advertiser, event.id));
      const recorded = await tx.get(eventRef);
      if (recorded.exists) {
        const recordedSha = recorded.data()!.body_sha256;
        if (recordedSha === bodySha256 || recordedSha === sameAs) return { status: "duplicate" };
        throw new ApiError("conflict", conflict(event.id));
      }

      // A self-referral: its case read now, so the sale below is held by it; written after the ledger's reads.
      const raised = selfReferral
        ? await stageSelfReferral(tx, event.uid, selfReferral, customer?.customer_id, now)
        : null;
      const { credits = [], ...outcome } = await apply(tx, event, affiliate, now, click, terms, raised, shares);
      raised?.write();
      if (block && outcome.status === "applied") {
        stageBlockSignUp(tx, event.uid, dayKey(event.occurredAt), block);
      }
      if (click && outcome.status === "applied" && (event.type === "sign_up" || event.type === "sale")) {
        markConverted(tx, click, event, now);
      }
      staged = stagePostbacks(
        tx,
        affiliate,
        credits.map((credit) => ({ ...credit, uid: event.uid, advertiser: event.advertiser })),
        now,
      );
      const record: EventDoc = {
        advertiser_id: event.advertiser,
        event_id: event.id,
        type: event.type,
        uid: event.uid,
        body_sha256: bodySha256,
        received_at: now,
        outcome: outcome.status as EventDoc["outcome"],
        detail: outcome.detail ?? null,
        ...(customer ? { customer } : {}),
      };
      tx.create(eventRef, record);
      // A fault test: everything is staged, and a throw now must leave nothing written.
      if (failBeforeCommit) throw new Error("Injected fault: before the ledger commit");
      return outcome;
    },
    { maxAttempts: limits.transactionAttempts },
  );
  // A duplicate stages nothing; a crash before this leaves the outbox to the sweep (postbacks/deliver.ts).
  if (outcome.status !== "duplicate") await enqueuePostbacks(staged);
  if (event.type === "sale" && outcome.status === "applied")
    await rewardsAfterSale(event, affiliate, await rewards, now);
  return outcome;
}

/** The sub-ids a credit carries: its click's, when it came by click id. */
const subIdsOf = (click: ClickDoc | undefined): SubIds =>
  Object.fromEntries(subIdNames.map((name) => [name, click?.[name] ?? null])) as SubIds;

/**
 * A converted click is kept (no expiry) for the renewals and refunds that follow; written whole, as the TTL may
 * race. It keeps its first conversion as reported, which the simulation times as the postback was timed.
 */
function markConverted(
  tx: Transaction,
  click: ConvertingClick,
  event: Extract<AdvertiserEvent, { type: "sign_up" | "sale" }>,
  now: Date,
): void {
  if (click.doc.converted_at) return;
  const first_conversion = { type: event.type, event_id: event.id, occurred_at: event.occurredAt };
  tx.set(refs.clicks().doc(click.id), { ...click.doc, converted_at: now, expire_at: null, first_conversion });
}

/** The landing figures a conversion reported by click id adds to. */
const landingOf = (click: ConvertingClick | undefined) => (click ? { landing: click.doc.landing } : {});

async function apply(
  tx: Transaction,
  event: AdvertiserEvent,
  affiliate: AffiliateDoc,
  now: Date,
  click: ConvertingClick | undefined,
  terms: SaleTerms | null,
  raised: StagedSignal | null,
  shares: RecruitShare[],
): Promise<Applied> {
  // A tracker the affiliate has no link for (anyone can put one in a landing URL) counts as the default link.
  const tracker = countedTracker(affiliate.links, event.advertiser, event.tracker);
  switch (event.type) {
    case "click": {
      const { ref, data } = clickIncrement({
        uid: event.uid,
        advertiser: event.advertiser,
        suffix: tracker,
        day: dayKey(event.occurredAt),
      });
      tx.set(ref, data, { merge: true });
      return { status: "applied" };
    }
    case "sign_up": {
      const change: LedgerChange = {
        advertiser: event.advertiser,
        tracker,
        day: dayKey(event.occurredAt),
        figures: { sign_ups: 1 },
        ...landingOf(click),
      };
      writeChanges(tx, event.uid, [change], staleKeysOf(affiliate, now), now);
      const credit: Credit = {
        event: "sign_up",
        tracker: trackerKey(tracker),
        transactionId: event.id,
        payoutCents: 0,
        clickId: click?.id ?? null,
        subIds: subIdsOf(click?.doc),
      };
      return { status: "applied", credits: [credit] };
    }
    case "sale":
      return applySale(tx, event, affiliate, now, click, terms!, raised, shares);
    case "refund":
    case "chargeback":
      return applyRefund(tx, event, affiliate, now);
  }
}

async function applySale(
  tx: Transaction,
  event: Extract<AdvertiserEvent, { type: "sale" }>,
  affiliate: AffiliateDoc,
  now: Date,
  click: ConvertingClick | undefined,
  terms: SaleTerms,
  raised: StagedSignal | null,
  shares: RecruitShare[],
): Promise<Applied> {
  const saleRef = refs.transactions(event.uid).doc(transactionId(event.advertiser, event.id));
  const pendingRef = pendingRefundsRef(event.advertiser, event.id);
  const pending = (await tx.get(pendingRef)).data();
  const holding = await holdingOf(tx, affiliate, raised);
  const holds = holding !== null;

  const sale = recordSale(affiliate, event, now, terms, holding);
  const changes = [{ ...sale.change, ...landingOf(click) }];
  let saleEntry: TransactionDoc = click ? { ...sale.entry, click_id: click.id } : sale.entry;
  if (shares.length > 0) saleEntry = { ...saleEntry, recruit_shares: shares };
  const shareWrites = shares.map((share) => shareCredit(saleEntry, share, now));
  const refundEntries: TransactionDoc[] = [];
  // Refunds that came first are applied now, oldest first, exactly as if they had come after the sale.
  const waiting = [...(pending?.refunds ?? [])].sort((a, b) => toMillis(a.occurred_at) - toMillis(b.occurred_at));
  for (const refund of waiting) {
    const applied = recordRefund(saleEntry, pendingToInput(event.advertiser, refund), now, holds ? "open" : undefined);
    if (!applied) continue;
    const shared = refundShares(saleEntry, applied.entry, refund.amount_cents ?? undefined, now);
    shareWrites.push(...shared.writes);
    saleEntry = { ...saleEntry, ...applied.saleUpdate, ...shared.update };
    refundEntries.push(applied.entry);
    changes.push(applied.change);
  }

  tx.create(saleRef, saleEntry);
  for (const entry of refundEntries) {
    tx.create(refs.transactions(event.uid).doc(transactionId(entry.advertiser_id, entry.event_id)), entry);
  }
  if (pending) tx.delete(pendingRef);
  writeChanges(tx, event.uid, changes, staleKeysOf(affiliate, now), now);
  stageShareWrites(tx, shareWrites, now);
  const detail = refundEntries.length > 0 ? `Applied ${refundEntries.length} earlier refund(s).` : undefined;
  const credits = [sale.entry, ...refundEntries].map((entry) => creditOf(entry, click?.id ?? null, click?.doc));
  return detail ? { status: "applied", detail, credits } : { status: "applied", credits };
}

async function applyRefund(
  tx: Transaction,
  event: Extract<AdvertiserEvent, { type: "refund" | "chargeback" }>,
  affiliate: AffiliateDoc,
  now: Date,
): Promise<Applied> {
  const saleRef = refs.transactions(event.uid).doc(transactionId(event.advertiser, event.refersTo));
  const sale = (await tx.get(saleRef)).data();
  // The sale's click, for the sub-ids of a clawback postback: read (before any write) only when one may fire.
  const saleClick =
    sale?.click_id && affiliate.postbacks.length > 0
      ? (await tx.get(refs.clicks().doc(sale.click_id))).data()
      : undefined;
  // A sale a risk case held: where its refund's clawback comes from depends on the case's fate (issue 33).
  const caseStatus = sale?.risk_case_id ? await caseStatusOf(tx, sale.risk_case_id) : undefined;

  if (!sale) {
    const waiting: PendingRefund = {
      type: event.type,
      event_id: event.id,
      amount_cents: event.amountCents ?? null,
      occurred_at: event.occurredAt,
    };
    const pendingRef = pendingRefundsRef(event.advertiser, event.refersTo);
    const pending = await tx.get(pendingRef);
    // Bounded like every document: past this many, the sender is repeating a mistake, not refunding a sale.
    if ((pending.data()?.refunds.length ?? 0) >= limits.maxPendingRefundsPerSale) {
      throw new ApiError(
        "conflict",
        `Sale ${event.refersTo} already has ${limits.maxPendingRefundsPerSale} refunds waiting for it: no more are kept until it arrives.`,
      );
    }
    // The wait counts from the first refund received, so staff see the ones whose sale never comes.
    const firstReceived = pending.exists ? {} : { first_received_at: now };
    tx.set(
      pendingRef,
      {
        advertiser_id: event.advertiser,
        sale_id: event.refersTo,
        uid: event.uid,
        refunds: FieldValue.arrayUnion(waiting),
        ...firstReceived,
      },
      { merge: true },
    );
    return { status: "pending", detail: `Sale ${event.refersTo} not received yet; applied when it arrives.` };
  }

  // A refund refers to a sale; an id of another kind of entry (an earlier refund) is the sender's mistake.
  if (sale.type !== "sale") {
    throw new ApiError("conflict", `${event.refersTo} is a ${sale.type}, not a sale: only a sale can be refunded.`);
  }
  const applied = recordRefund(sale, event, now, caseStatus);
  if (!applied) return { status: "ignored", detail: `Sale ${event.refersTo} is already wholly refunded.` };
  const shared = refundShares(sale, applied.entry, event.amountCents, now);
  tx.update(saleRef, { ...applied.saleUpdate, ...shared.update });
  tx.create(refs.transactions(event.uid).doc(transactionId(event.advertiser, event.id)), applied.entry);
  writeChanges(tx, event.uid, [applied.change], staleKeysOf(affiliate, now), now);
  stageShareWrites(tx, shared.writes, now);
  return { status: "applied", credits: [creditOf(applied.entry, sale.click_id ?? null, saleClick)] };
}

/**
 * The open case that holds the sale's commission, if any (issue 33). A self-referral raised in this
 * transaction names its case as it will be. Otherwise the affiliate's open case that holds, read in the
 * transaction, only then, so a resolution racing the sale either sees its commission in the hold or makes
 * it run again and find the case closed.
 */
async function holdingOf(
  tx: Transaction,
  affiliate: AffiliateDoc,
  raised: StagedSignal | null,
): Promise<RiskCaseSummary | null> {
  if (raised) return holdsCommission(raised.summary.action) ? raised.summary : null;
  const holding = holdingCase(affiliate);
  return holding && (await caseStatusOf(tx, holding.id)) === "open" ? holding : null;
}

async function caseStatusOf(tx: Transaction, caseId: string): Promise<RiskCaseStatus | undefined> {
  return (await tx.get(refs.riskCase(caseId))).data()?.status;
}

/** A ledger entry as its postback reports it: a sale's commission, a refund's or chargeback's clawback. */
function creditOf(entry: TransactionDoc, clickId: string | null, click: ClickDoc | undefined): Credit {
  return {
    event:
      entry.type === "adjustment" || entry.type === "recruit_share" || entry.type === "bonus"
        ? "sale"
        : entry.type === "cancellation"
          ? "refund"
          : entry.type,
    tracker: trackerKey(entry.tracker),
    transactionId: entry.event_id,
    payoutCents: entry.earnings_cents,
    clickId,
    subIds: subIdsOf(click),
  };
}

function pendingToInput(advertiser: AdvertiserId, refund: PendingRefund): RefundInput {
  return {
    type: refund.type,
    advertiser,
    id: refund.event_id,
    occurredAt: new Date(toMillis(refund.occurred_at)),
    ...(refund.amount_cents === null ? {} : { amountCents: refund.amount_cents }),
  };
}

/** Pending refunds are read without a converter, so their times may still be Firestore Timestamps. */
function toMillis(value: Date | { toMillis(): number }): number {
  return value instanceof Date ? value.getTime() : value.toMillis();
}
