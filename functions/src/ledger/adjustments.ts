/**
 * Credits outside the advertiser events: the July 4th tracking-bug compensation (SPEC.md §1) and staff's
 * manual adjustments (issue 34). A credit is a ledger entry of its own (type "adjustment") and adds to the
 * affiliate's earnings, so the ledger keeps adding up to earnings − refunded. Idempotent on its id.
 */
import { FieldValue, type Transaction } from "firebase-admin/firestore";
import type { Cents } from "../domain/money.js";
import { defaultAdvertiserId, type AdvertiserId } from "../domain/advertisers.js";
import {
  adjustmentAuditId,
  adjustmentEntryId,
  adjustmentRefusal,
  type AdjustmentAuditDoc,
} from "../domain/adjustments.js";
import { balanceOf } from "../domain/balance.js";
import type { Recorder, TransactionDoc } from "../domain/model.js";
import { limits } from "../config.js";
import { getAffiliateOrThrow } from "../data/affiliates.js";
import { db, refs } from "../data/firestore.js";
import { ApiError } from "../errors.js";

/** An adjustment's ledger entry: earnings and nothing else, with why. */
function adjustmentEntry(
  advertiser: AdvertiserId,
  eventId: string,
  cents: Cents,
  note: string,
  now: Date,
): TransactionDoc {
  return {
    type: "adjustment",
    advertiser_id: advertiser,
    event_id: eventId,
    tracker: "",
    timestamp: now,
    recorded_at: now,
    transaction_cost_cents: 0,
    earnings_cents: cents,
    repeat_index: null,
    rate: null,
    refunded: false,
    refunded_amount_cents: 0,
    clawed_back_cents: 0,
    refers_to: null,
    note,
  };
}

/** Adds a credit's earnings to the affiliate's totals and the list's balance and risk keys, in `tx`. */
function addEarnings(tx: Transaction, uid: string, cents: Cents, extra: Record<string, unknown> = {}) {
  tx.update(refs.affiliate(uid).withConverter(null), {
    total_earnings_cents: FieldValue.increment(cents),
    // A credit is earnings: the list's balance and risk keys move with it.
    owed_cents: FieldValue.increment(cents),
    risk_margin_cents: FieldValue.increment(cents),
    ...extra,
  });
}

export async function creditCompensation(uid: string, amountCents: Cents, now: Date): Promise<boolean> {
  const entryRef = refs.transactions(uid).doc("adjustment_july4bug_comp");
  const entry = adjustmentEntry(
    defaultAdvertiserId,
    "july4bug_comp",
    amountCents,
    "Compensation for the tracking outage of 4 July to 27 August 2025.",
    now,
  );
  return db().runTransaction(async (tx) => {
    if ((await tx.get(entryRef)).exists) return false;
    tx.create(entryRef, entry);
    addEarnings(tx, uid, amountCents, { july4bug_comp_cents: amountCents });
    return true;
  });
}

export interface AdjustmentRequest {
  uid: string;
  advertiser: AdvertiserId;
  amountCents: Cents;
  reason: string;
  /** The caller's key for this adjustment: a second submit with it is the same adjustment, made once. */
  key: string;
}

export interface AdjustmentOutcome {
  /** False: the key's adjustment was made before (a double submit); nothing more was credited. */
  applied: boolean;
  audit: AdjustmentAuditDoc;
  /** The affiliate's balance after it. */
  balanceCents: Cents;
}

/**
 * A staff member's adjustment of an affiliate's balance, with the reason: the ledger entry, the totals and the
 * audit record in one transaction, once per key. A negative one may not take the balance below what is paid
 * (or in a pending payout); the key reused for a different adjustment is a conflict.
 */
export async function adjustBalance(request: AdjustmentRequest, by: Recorder, now: Date): Promise<AdjustmentOutcome> {
  const { uid, advertiser, amountCents, reason, key } = request;
  const entryId = adjustmentEntryId(key);
  const entryRef = refs.transactions(uid).doc(entryId);
  const auditRef = refs.adjustmentAudit().doc(adjustmentAuditId(uid, key));
  return db().runTransaction(
    async (tx) => {
      const [affiliate, earlier] = await Promise.all([getAffiliateOrThrow(uid, tx), tx.get(auditRef)]);
      const made = earlier.data();
      if (made) {
        if (made.amount_cents !== amountCents || made.advertiser_id !== advertiser || made.reason !== reason) {
          throw new ApiError(
            "conflict",
            "This adjustment's key was used for another adjustment: reload and try again.",
          );
        }
        return { applied: false, audit: made, balanceCents: balanceOf(affiliate) };
      }
      const refusal = adjustmentRefusal(affiliate, amountCents);
      if (refusal) throw new ApiError("conflict", refusal);
      const audit: AdjustmentAuditDoc = {
        uid,
        advertiser_id: advertiser,
        amount_cents: amountCents,
        reason,
        entry_id: entryId,
        by: { uid: by.uid, email: by.email },
        at: now,
      };
      tx.create(entryRef, adjustmentEntry(advertiser, `staff_${key}`, amountCents, reason, now));
      tx.create(auditRef, audit);
      addEarnings(tx, uid, amountCents);
      const after = { ...affiliate, total_earnings_cents: affiliate.total_earnings_cents + amountCents };
      return { applied: true, audit, balanceCents: balanceOf(after) };
    },
    { maxAttempts: limits.transactionAttempts },
  );
}
