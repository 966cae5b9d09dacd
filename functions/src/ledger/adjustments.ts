/**
 * Credits outside the advertiser events: the July 4th tracking-bug compensation (SPEC.md §1) and staff's
 * manual adjustments (issue 34). A credit is a ledger entry of its own (type "adjustment") and adds to the
 * affiliate's earnings, so the ledger keeps adding up to earnings − refunded. Idempotent on its id.
 */
import type { Cents } from "../domain/money.js";
import { defaultAdvertiserId, type AdvertiserId } from "../domain/advertisers.js";
import {
  adjustmentAuditId,
  adjustmentEntryId,
  adjustmentRefusal,
  type AdjustmentAuditDoc,
} from "../domain/adjustments.js";
import { balanceOf } from "../domain/balance.js";
import { creditEntry } from "../domain/ledger.js";
import type { Recorder } from "../domain/model.js";
import { limits } from "../config.js";
import { getAffiliateOrThrow } from "../data/affiliates.js";
import { stageEarningsCredit } from "../data/aggregates.js";
import { db, refs } from "../data/firestore.js";
import { ApiError } from "../errors.js";

export async function creditCompensation(uid: string, amountCents: Cents, now: Date): Promise<boolean> {
  const entryRef = refs.transactions(uid).doc("adjustment_july4bug_comp");
  const entry = creditEntry(
    "adjustment",
    defaultAdvertiserId,
    "july4bug_comp",
    amountCents,
    "Compensation for the tracking outage of 4 July to 27 August 2025.",
    now,
  );
  return db().runTransaction(async (tx) => {
    if ((await tx.get(entryRef)).exists) return false;
    tx.create(entryRef, entry);
    stageEarningsCredit(tx, uid, amountCents, { july4bug_comp_cents: amountCents });
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
      tx.create(entryRef, creditEntry("adjustment", advertiser, `staff_${key}`, amountCents, reason, now));
      tx.create(auditRef, audit);
      stageEarningsCredit(tx, uid, amountCents);
      const after = { ...affiliate, total_earnings_cents: affiliate.total_earnings_cents + amountCents };
      return { applied: true, audit, balanceCents: balanceOf(after) };
    },
    { maxAttempts: limits.transactionAttempts },
  );
}
