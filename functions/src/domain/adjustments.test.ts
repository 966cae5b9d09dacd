import { describe, expect, test } from "vitest";
import { adjustableDownCents, adjustmentRefusal } from "./adjustments.js";
import type { InvoiceSnapshot } from "./model.js";

const money = (earnings: number, refunded: number, payouts: number, pending: number | null = null) => ({
  total_earnings_cents: earnings,
  total_refunded_cents: refunded,
  total_payouts_cents: payouts,
  payout_pending: pending !== null,
  pending_payout_id: pending !== null ? "INV-1" : null,
  latest_invoice: pending !== null ? ({ invoice_number: "INV-1", amount_cents: pending } as InvoiceSnapshot) : null,
});

describe("adjustableDownCents", () => {
  test("is the balance less a pending payout, never below 0", () => {
    expect(adjustableDownCents(money(10_000, 1_000, 4_000))).toBe(5_000);
    expect(adjustableDownCents(money(10_000, 1_000, 4_000, 3_000))).toBe(2_000);
    // A clawback after a payout left a debt: nothing can be taken.
    expect(adjustableDownCents(money(5_000, 2_000, 4_000))).toBe(0);
  });
});

describe("adjustmentRefusal", () => {
  test("a credit is always allowed, even over a debt", () => {
    expect(adjustmentRefusal(money(5_000, 2_000, 4_000), 1)).toBeNull();
  });

  test("a negative one may take the balance to exactly what is paid, not a cent below", () => {
    expect(adjustmentRefusal(money(10_000, 0, 8_000), -2_000)).toBeNull();
    expect(adjustmentRefusal(money(10_000, 0, 8_000), -2_001)).toBe(
      "At most $20.00 can be taken: the balance cannot go below what is already paid.",
    );
    expect(adjustmentRefusal(money(10_000, 0, 5_000, 5_000), -1)).toBe(
      "Nothing can be taken from this balance: all of it is paid or is in their pending payout.",
    );
  });
});
