import type { Cents } from "./money.js";

/** Commission on a first sale unless the affiliate has another rate (SPEC.md §9). */
export const defaultCommissionRate = 0.6;

/** Renewal rates by repeat index: "1" is the first renewal. Firestore map keys are strings. */
export type RepeatRates = Record<string, number>;

/** The programme's recurring commission for new affiliates: 50% on each of the first 12 renewals (SPEC.md §1). */
export const defaultRepeatRates: RepeatRates = Object.fromEntries(
  Array.from({ length: 12 }, (_, i) => [String(i + 1), 0.5]),
);

export interface CommissionTerms {
  commissionRate: number;
  repeatRates: RepeatRates;
}

export interface Commission {
  /** The rate applied, 0 when the affiliate has no rate for this renewal. */
  rate: number;
  cents: Cents;
}

// Rates are decimals such as 0.6; working in millionths keeps the arithmetic in exact integers.
const rateScale = 1_000_000;

/** amount × rate in whole cents, half a cent rounding up, with no floating-point drift. */
export function applyRate(amountCents: Cents, rate: number): Cents {
  const rateMillionths = Math.round(rate * rateScale);
  return Math.floor((amountCents * rateMillionths + rateScale / 2) / rateScale);
}

/**
 * The commission a sale earns: the first sale (repeat index 0) at the commission rate, the n-th renewal at
 * repeatRates[n]. A renewal without a rate earns nothing, but the sale is still recorded.
 */
export function saleCommission(amountCents: Cents, repeatIndex: number, terms: CommissionTerms): Commission {
  const rate = repeatIndex === 0 ? terms.commissionRate : (terms.repeatRates[String(repeatIndex)] ?? 0);
  return { rate, cents: applyRate(amountCents, rate) };
}

export interface SaleRefundState {
  /** What the customer paid. */
  amountCents: Cents;
  /** The commission the sale earned. */
  earningsCents: Cents;
  /** How much of the payment has been refunded or charged back so far. */
  refundedAmountCents: Cents;
  /** How much commission has been clawed back so far. */
  clawedBackCents: Cents;
}

export interface Clawback {
  /** The part of the payment this refund covers (capped at what is left to refund). */
  refundedAmountCents: Cents;
  /** The commission this refund takes back. */
  clawbackCents: Cents;
}

/**
 * The commission a refund or chargeback reverses: the same share of the commission as the refunded share of
 * the payment. Computed on the running total, so partial refunds that add up to the whole payment claw back
 * exactly the whole commission, never a cent more. `refundCents` absent means the rest of the payment.
 */
export function refundClawback(sale: SaleRefundState, refundCents?: Cents): Clawback {
  const remaining = Math.max(0, sale.amountCents - sale.refundedAmountCents);
  const refunded = Math.min(remaining, refundCents ?? remaining);
  const refundedTotal = sale.refundedAmountCents + refunded;
  const clawedTotal =
    sale.amountCents === 0 ? sale.earningsCents : mulDivRound(sale.earningsCents, refundedTotal, sale.amountCents);
  return { refundedAmountCents: refunded, clawbackCents: Math.max(0, clawedTotal - sale.clawedBackCents) };
}

/** a × b ÷ c rounded half up, exact for any amounts (a × b can pass 2^53 for large payments). */
function mulDivRound(a: number, b: number, c: number): number {
  const doubled = (2n * BigInt(a) * BigInt(b)) / BigInt(c);
  return Number((doubled + 1n) / 2n);
}

/** 1 → "1st", 2 → "2nd", 3 → "3rd", 11 → "11th", 22 → "22nd": how renewal rates are labelled. */
export function ordinal(n: number): string {
  const lastTwo = n % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${n}th`;
  const suffix = ({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th";
  return `${n}${suffix}`;
}
