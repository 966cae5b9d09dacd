import type { AffiliateDoc, InvoiceSnapshot } from "./model.js";
import type { Cents } from "./money.js";

export interface BalanceInputs {
  earningsCents: Cents;
  refundedCents: Cents;
  payoutsCents: Cents;
}

/**
 * What the affiliate is owed (SPEC.md §4): earnings − refunded − payouts, floored at 0. A clawback after a
 * payout can take the raw figure below zero; the debt is not shown, and the next payout nets it.
 */
export function balanceCents({ earningsCents, refundedCents, payoutsCents }: BalanceInputs): Cents {
  return Math.max(0, earningsCents - refundedCents - payoutsCents);
}

/** The affiliate document's fields the balance is made of. */
export type BalanceSource = Pick<AffiliateDoc, "total_earnings_cents" | "total_refunded_cents" | "total_payouts_cents">;

/** The affiliate's balance (balanceCents of its all-time totals): what every screen, row and payout uses. */
export function balanceOf(affiliate: BalanceSource): Cents {
  return balanceCents({
    earningsCents: affiliate.total_earnings_cents,
    refundedCents: affiliate.total_refunded_cents,
    payoutsCents: affiliate.total_payouts_cents,
  });
}

/** The affiliate document's fields that say whether a payout is pending, and of how much. */
export type PendingSource = Pick<AffiliateDoc, "payout_pending" | "pending_payout_id" | "latest_invoice">;

/** The pending payout's invoice, or null when no payout is pending. */
export function pendingInvoiceOf(affiliate: PendingSource): InvoiceSnapshot | null {
  // request_payout writes the pending payout's invoice as the latest one in the same transaction.
  const invoice = affiliate.latest_invoice;
  return affiliate.payout_pending && invoice && invoice.invoice_number === affiliate.pending_payout_id ? invoice : null;
}

/**
 * What the affiliate could still ask for: the balance less a payout already requested and not yet paid
 * (the balance counts a payout only once it is paid), floored at 0 as the balance is.
 */
export function availableBalanceOf(affiliate: BalanceSource & PendingSource): Cents {
  return Math.max(0, balanceOf(affiliate) - (pendingInvoiceOf(affiliate)?.amount_cents ?? 0));
}
