import fc from "fast-check";
import { expect, test } from "vitest";
import {
  availableBalanceOf,
  balanceCents,
  balanceOf,
  heldCentsOf,
  maturedHeldDays,
  nextMaturityOf,
  payableOf,
  pendingInvoiceOf,
} from "./balance.js";
import type { InvoiceSnapshot } from "./model.js";

const now = new Date("2026-11-21T12:00:00Z");

test("balance is earnings minus refunded minus payouts", () => {
  expect(balanceCents({ earningsCents: 50_000, refundedCents: 1_000, payoutsCents: 20_000 })).toBe(29_000);
});

test("a clawback after a payout shows a balance of 0, not a debt", () => {
  expect(balanceCents({ earningsCents: 20_000, refundedCents: 3_000, payoutsCents: 20_000 })).toBe(0);
});

test("the balance is never negative and never more than the earnings", () => {
  const cents = fc.integer({ min: 0, max: 10_000_000_000 });
  fc.assert(
    fc.property(cents, cents, cents, (earningsCents, refundedCents, payoutsCents) => {
      const balance = balanceCents({ earningsCents, refundedCents, payoutsCents });
      expect(balance).toBeGreaterThanOrEqual(0);
      expect(balance).toBeLessThanOrEqual(earningsCents);
      expect(Number.isInteger(balance)).toBe(true);
    }),
  );
});

test("an affiliate's balance is balanceCents of its all-time totals", () => {
  const affiliate = { total_earnings_cents: 50_000, total_refunded_cents: 1_000, total_payouts_cents: 20_000 };
  expect(balanceOf(affiliate)).toBe(29_000);
  expect(balanceOf({ ...affiliate, total_payouts_cents: 60_000 })).toBe(0);
});

test("a pending payout is set apart from the available balance, and only while it is pending", () => {
  const invoice = { invoice_number: "INV-2026-000001", amount_cents: 24_000 } as InvoiceSnapshot;
  const affiliate = {
    total_earnings_cents: 25_200,
    total_refunded_cents: 0,
    total_payouts_cents: 0,
    payout_pending: true,
    pending_payout_id: "INV-2026-000001",
    latest_invoice: invoice,
    held: {},
  };
  expect(pendingInvoiceOf(affiliate)).toBe(invoice);
  expect(balanceOf(affiliate)).toBe(25_200);
  expect(availableBalanceOf(affiliate, now)).toBe(1_200);
  // Paid: the payout now counts in the balance itself.
  const paid = { ...affiliate, payout_pending: false, pending_payout_id: null, total_payouts_cents: 24_000 };
  expect(pendingInvoiceOf(paid)).toBeNull();
  expect(availableBalanceOf(paid, now)).toBe(1_200);
  // A clawback after the request cannot make the available balance negative.
  expect(availableBalanceOf({ ...affiliate, total_refunded_cents: 10_000 }, now)).toBe(0);
});

test("held commission is what matures after today; the payable balance leaves it out", () => {
  const affiliate = {
    total_earnings_cents: 50_000,
    total_refunded_cents: 0,
    total_payouts_cents: 0,
    payout_pending: false,
    pending_payout_id: null,
    latest_invoice: null,
    // Matured today and yesterday (not yet pruned), and two buckets still held.
    held: { "2026-11-20": 5_000, "2026-11-21": 7_000, "2026-11-30": 10_000, "2026-12-15": 3_000 },
  };
  expect(heldCentsOf(affiliate, now)).toBe(13_000);
  expect(nextMaturityOf(affiliate, now)).toEqual({ day: "2026-11-30", cents: 10_000 });
  expect(maturedHeldDays(affiliate, now)).toEqual(["2026-11-20", "2026-11-21"]);
  expect(balanceOf(affiliate)).toBe(50_000);
  expect(payableOf(affiliate, now)).toBe(37_000);
  expect(availableBalanceOf(affiliate, now)).toBe(37_000);
  // The day a bucket matures it is payable.
  const later = new Date("2026-11-30T00:00:00Z");
  expect(payableOf(affiliate, later)).toBe(47_000);
  expect(nextMaturityOf(affiliate, later)).toEqual({ day: "2026-12-15", cents: 3_000 });
  // A held amount larger than the balance (a clawback after a payout) never makes it negative.
  expect(payableOf({ ...affiliate, total_payouts_cents: 45_000 }, now)).toBe(0);
  expect(nextMaturityOf({ held: {} }, now)).toBeNull();
});
