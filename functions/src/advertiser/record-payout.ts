/**
 * Staff record that a requested payout was paid (POST /api/record_payout): once, for the pending payout's
 * own amount, never within the programme's days between payouts (30 by default) of the last one, never for
 * a suspended affiliate. A double click or two staff at once record it once.
 */
import { FieldValue, type DocumentSnapshot, type Transaction } from "firebase-admin/firestore";
import { limits } from "../config.js";
import { summaryRow } from "../domain/advertiser-summary.js";
import type { AffiliateDoc, PayoutDoc, Recorder } from "../domain/model.js";
import { centsToDollars, formatDollarsFixed, type Cents } from "../domain/money.js";
import { payoutDestination } from "../domain/payout-details.js";
import { mailDoc, mailIds, payoutSentMail } from "../domain/notifications.js";
import { daysText, isWithinPayoutInterval, type PayoutRules } from "../domain/payout-eligibility.js";
import { payoutRulesOf } from "../domain/programme-settings.js";
import { getAffiliateOrThrow } from "../data/affiliates.js";
import { db, refs } from "../data/firestore.js";
import { stageMail } from "../data/mail.js";
import { programmeTermsNow } from "../data/programme-settings.js";
import { openCaseOf } from "../data/risk-cases.js";
import { recordersOf, writeRecorder } from "../data/payout-audit.js";
// What recording answers is declared once, in the API's contract.
import type { RecordedPayout } from "../contract/advertiser.js";
import { ApiError } from "../errors.js";

/** "2026-11-20 18:00 UTC": when, in messages staff read. */
const when = (date: Date) => `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;

/**
 * Why nothing can be recorded: when the newest payout was recorded already (the double click, the second
 * of two staff), say by whom (read in `tx` when given) and when; otherwise that none was requested.
 */
async function nothingPending(latest: DocumentSnapshot<PayoutDoc> | undefined, tx?: Transaction): Promise<ApiError> {
  const payout = latest?.data();
  if (latest && payout?.status === "paid" && payout.paid_at) {
    const [recorder] = await recordersOf([latest], tx);
    const by = recorder?.email || recorder?.uid || "staff";
    return new ApiError(
      "conflict",
      `This payout was already recorded: ${latest.id} ($${formatDollarsFixed(payout.amount_cents)}) by ${by} at ${when(payout.paid_at)}.`,
    );
  }
  return new ApiError("conflict", "This affiliate has no pending payout to record.");
}

function recentPayout(lastPayout: Date, rules: PayoutRules): ApiError {
  const days = daysText(rules.intervalDays);
  const cadence = rules.intervalDays === 30 ? "once a month" : `once more than ${days} have passed`;
  return new ApiError(
    "conflict",
    `This affiliate was already paid in the last ${days} (last payout ${when(lastPayout)}): a payout can be recorded only ${cadence}.`,
  );
}

function refuseIfRecent(affiliate: AffiliateDoc, now: Date, rules: PayoutRules): void {
  if (affiliate.last_payout && isWithinPayoutInterval(affiliate.last_payout, now, rules)) {
    throw recentPayout(affiliate.last_payout, rules);
  }
}

/** A suspended affiliate (fraud_user) is never paid: their pending payout stays unrecorded. */
function refuseIfSuspended(affiliate: AffiliateDoc): void {
  if (affiliate.fraud_user) {
    throw new ApiError(
      "conflict",
      "This affiliate's account is suspended for fraudulent activity: their payout cannot be recorded.",
    );
  }
}

/** An open risk case that holds everything (hold_all, issue 33): nothing payable leaves, a pending payout included. */
function refuseIfHeldAll(affiliate: AffiliateDoc): void {
  if (affiliate.risk_case?.action === "hold_all") {
    throw new ApiError(
      "conflict",
      "This affiliate is under a risk review that holds everything payable: resolve the case before recording their payout.",
    );
  }
}

function refuseOtherAmount(pendingCents: Cents, givenCents: Cents): void {
  if (givenCents !== pendingCents) {
    throw new ApiError(
      "conflict",
      `The pending payout is $${formatDollarsFixed(pendingCents)}, not $${formatDollarsFixed(givenCents)}: record the pending payout's amount.`,
    );
  }
}

export interface RecordOptions {
  /** The batch recording it (kept in its audit record, so a resumed batch knows it paid it). */
  batchId?: string;
  /** The pending payout the caller means: another pending one (a new request since) is refused. */
  invoiceNumber?: string;
}

export async function recordPayout(
  uid: string,
  amountCents: Cents,
  by: Recorder,
  now: Date,
  { batchId, invoiceNumber }: RecordOptions = {},
): Promise<RecordedPayout> {
  // The obvious refusals (the second click of a double click) without queueing for the transaction.
  const current = await getAffiliateOrThrow(uid);
  refuseIfSuspended(current);
  refuseIfHeldAll(current);
  if (!current.payout_pending || !current.pending_payout_id) {
    const latest = current.latest_invoice?.invoice_number;
    throw await nothingPending(latest ? await refs.payouts().doc(latest).get() : undefined);
  }

  // The row's risk mark: read beside the terms, as the row only shows it.
  const [programme, openCase] = await Promise.all([programmeTermsNow(now), openCaseOf(uid)]);
  return db().runTransaction(
    async (tx) => {
      const affiliate = await getAffiliateOrThrow(uid, tx);
      const payoutId = affiliate.payout_pending ? affiliate.pending_payout_id : null;
      // The pending payout; when there is none, the latest one, for the refusal's message.
      const readId = payoutId ?? affiliate.latest_invoice?.invoice_number;
      const read = readId ? await tx.get(refs.payouts().doc(readId)) : undefined;
      const payout = read?.data();
      if (!payoutId || payout?.status !== "pending") throw await nothingPending(read, tx);
      if (invoiceNumber && payoutId !== invoiceNumber) {
        throw new ApiError(
          "conflict",
          `The pending payout changed since the batch was made: it is now ${payoutId}, not ${invoiceNumber}.`,
        );
      }
      const payoutRef = refs.payouts().doc(payoutId);
      refuseIfSuspended(affiliate);
      refuseIfHeldAll(affiliate);
      refuseIfRecent(affiliate, now, payoutRulesOf(programme));
      refuseOtherAmount(payout.amount_cents, amountCents);

      // The affiliate reads their payout: who recorded it goes where only the functions read.
      tx.update(payoutRef.withConverter(null), { status: "paid", paid_at: now });
      writeRecorder(tx, payoutId, by, now, batchId);
      tx.update(refs.affiliate(uid).withConverter(null), {
        total_payouts_cents: FieldValue.increment(payout.amount_cents),
        owed_cents: FieldValue.increment(-payout.amount_cents),
        payout_pending: false,
        pending_payout_id: null,
        last_payout: now,
      });
      stageMail(
        tx,
        mailIds.payoutSent(payoutId),
        mailDoc(
          payout.invoice.payee.invoice_email || affiliate.email,
          payoutSentMail({ invoice: payout.invoice, paid_at: now }),
          "payout_sent",
          uid,
          now,
        ),
      );
      const after: AffiliateDoc = {
        ...affiliate,
        total_payouts_cents: affiliate.total_payouts_cents + payout.amount_cents,
        owed_cents: affiliate.owed_cents - payout.amount_cents,
        payout_pending: false,
        pending_payout_id: null,
        last_payout: now,
      };
      return {
        status: "recorded" as const,
        invoice_number: payoutId,
        user_id: uid,
        payout_amount: centsToDollars(payout.amount_cents),
        paid_at: now.toISOString(),
        recorded_by: { ...by },
        paid_to: payoutDestination(payout.invoice.payee),
        row: summaryRow(after, programme, now, openCase),
      };
    },
    { maxAttempts: limits.transactionAttempts },
  );
}
