/**
 * Manual adjustments by staff (issue 34): an amount credited (or taken back) with a reason, as a ledger entry of
 * type "adjustment" that adds to the affiliate's earnings, so the ledger keeps adding up to earnings − refunded.
 * The rules here are pure; the write is ledger/adjustments.ts.
 */
import type { AdvertiserId } from "./advertisers.js";
import { pendingInvoiceOf, type PendingSource } from "./balance.js";
import type { AffiliateDoc, Recorder } from "./model.js";
import { formatDollars, type Cents } from "./money.js";

/** The largest adjustment either way: $100,000. More is a mistake (a payout is the way to move that much). */
export const maxAdjustmentCents: Cents = 10_000_000;

/** adjustment_audit/{uid}_{key} (server-only): who adjusted whose balance, when, by how much and why. */
export interface AdjustmentAuditDoc {
  uid: string;
  advertiser_id: AdvertiserId;
  amount_cents: Cents;
  reason: string;
  /** The ledger entry it wrote (affiliates/{uid}/transactions/{entry_id}). */
  entry_id: string;
  by: Recorder;
  at: Date;
}

/** The ledger entry's id for a staff adjustment: the idempotency key makes a second submit the same entry. */
export const adjustmentEntryId = (key: string) => `adjustment_staff_${key}`;

/** The audit record's id: one per affiliate and key. */
export const adjustmentAuditId = (uid: string, key: string) => `${uid}_${key}`;

type MoneySource = Pick<AffiliateDoc, "total_earnings_cents" | "total_refunded_cents" | "total_payouts_cents"> &
  PendingSource;

/**
 * What the affiliate's earnings may lose to a negative adjustment: the balance (earnings − refunded − paid),
 * less a payout requested and not yet paid (its amount is frozen on its invoice), never below 0. A clawback
 * after a payout can leave the raw balance below 0 already; then nothing can be taken.
 */
export function adjustableDownCents(affiliate: MoneySource): Cents {
  const raw = affiliate.total_earnings_cents - affiliate.total_refunded_cents - affiliate.total_payouts_cents;
  return Math.max(0, raw - (pendingInvoiceOf(affiliate)?.amount_cents ?? 0));
}

/** Why an adjustment of `amountCents` is refused, or null when it may be made. */
export function adjustmentRefusal(affiliate: MoneySource, amountCents: Cents): string | null {
  if (amountCents >= 0) return null;
  const room = adjustableDownCents(affiliate);
  if (-amountCents <= room) return null;
  const pending = affiliate.payout_pending ? " or is in their pending payout" : "";
  return room === 0
    ? `Nothing can be taken from this balance: all of it is paid${pending}.`
    : `At most ${formatDollars(room)} can be taken: the balance cannot go below what is already paid${pending}.`;
}
