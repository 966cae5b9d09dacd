import fc from "fast-check";
import { expect, test } from "vitest";
import { balanceCents, balanceOf } from "./balance.js";

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
