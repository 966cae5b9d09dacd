/**
 * Refunds that have waited too long for their sale. A refund or chargeback whose sale has not arrived
 * waits in pending_refunds, and one whose sale never comes (it names the wrong sale or affiliate, or the
 * sale's event was lost) would wait for ever, unseen; past a bound, staff see it on the advertiser page.
 * GET /api/overdue_refunds's answer (functions/src/advertiser/overdue-refunds.ts), as the web app reads it.
 */
import type { AdvertiserId } from "./advertisers.js";
import { transactionId } from "./ledger.js";
import type { PendingRefund, PendingRefundsDoc } from "./model.js";
import { centsToDollars } from "./money.js";
import { dayMs } from "./days.js";

export interface OverdueRefundEvent {
  type: PendingRefund["type"];
  event_id: string;
  /** Dollars; null for all that is left of the sale. */
  amount: number | null;
  occurred_at: string;
}

/** One sale's waiting refunds, oldest first. */
export interface OverdueRefund {
  advertiser_id: AdvertiserId;
  sale_id: string;
  uid: string;
  /** When the first of them was received; null for one stored before that was recorded. */
  first_received_at: string | null;
  refunds: OverdueRefundEvent[];
}

export interface OverdueRefunds {
  /** The bound: refunds first received longer ago than this many days. */
  older_than_days: number;
  /** How many sales have refunds waiting past the bound (all of them, however many are listed). */
  count: number;
  /** The longest waiting first, at most the page's limit. */
  pending: OverdueRefund[];
}

/**
 * Refunds first received before this have waited too long. A document without first_received_at was
 * stored before the field existed, so it has waited at least since then: it counts as overdue.
 */
export function overdueCutoff(now: Date, olderThanDays: number): Date {
  return new Date(now.getTime() - olderThanDays * dayMs);
}

/**
 * The longest wait first: undated documents (the oldest), then by first_received_at, then by document id
 * (as Firestore orders a tie).
 */
export function compareByWait(a: PendingRefundsDoc, b: PendingRefundsDoc): number {
  const key = (doc: PendingRefundsDoc) =>
    [doc.first_received_at?.getTime() ?? -Infinity, transactionId(doc.advertiser_id, doc.sale_id)] as const;
  const [[aTime, aId], [bTime, bId]] = [key(a), key(b)];
  if (aTime !== bTime) return aTime - bTime;
  return aId < bId ? -1 : aId > bId ? 1 : 0;
}

export function overdueRefundView(doc: PendingRefundsDoc): OverdueRefund {
  const refunds = [...doc.refunds].sort((a, b) => a.occurred_at.getTime() - b.occurred_at.getTime());
  return {
    advertiser_id: doc.advertiser_id,
    sale_id: doc.sale_id,
    uid: doc.uid,
    first_received_at: doc.first_received_at?.toISOString() ?? null,
    refunds: refunds.map((refund) => ({
      type: refund.type,
      event_id: refund.event_id,
      amount: refund.amount_cents === null ? null : centsToDollars(refund.amount_cents),
      occurred_at: refund.occurred_at.toISOString(),
    })),
  };
}
