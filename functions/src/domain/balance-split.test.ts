import fc from "fast-check";
import { expect, test } from "vitest";
import { balanceOf } from "./balance.js";
import { balanceSplitOf } from "./balance-split.js";
import type { InvoiceSnapshot } from "./model.js";

const now = new Date("2026-11-21T12:00:00Z");
const invoice = (cents: number) => ({ invoice_number: "INV-2026-000001", amount_cents: cents }) as InvoiceSnapshot;

test("the balance is available + in hold + pending payout; paid stands apart", () => {
  const affiliate = {
    total_earnings_cents: 152_149,
    total_refunded_cents: 0,
    total_payouts_cents: 30_000,
    held: { "2026-12-01": 20_000 },
    payout_pending: true,
    pending_payout_id: "INV-2026-000001",
    latest_invoice: invoice(102_149),
  };
  expect(balanceSplitOf(affiliate, now)).toEqual({
    balance: 122_149,
    available: 0,
    inHold: 20_000,
    underReview: 0,
    pendingPayout: 102_149,
    toNet: 0,
    paid: 30_000,
  });
});

test("a pending payout (the issue's page): the All Time balance is all pending, none available", () => {
  const affiliate = {
    total_earnings_cents: 102_149,
    total_refunded_cents: 0,
    total_payouts_cents: 0,
    held: {},
    payout_pending: true,
    pending_payout_id: "INV-2026-000001",
    latest_invoice: invoice(102_149),
  };
  const split = balanceSplitOf(affiliate, now);
  expect(split.balance).toBe(balanceOf(affiliate));
  expect([split.available, split.pendingPayout, split.toNet]).toEqual([0, 102_149, 0]);
});

test("a refund after the payout was requested: the parts exceed the balance by what is still to net", () => {
  const affiliate = {
    total_earnings_cents: 25_000,
    total_refunded_cents: 5_000,
    total_payouts_cents: 0,
    held: {},
    payout_pending: true,
    pending_payout_id: "INV-2026-000001",
    latest_invoice: invoice(25_000),
  };
  expect(balanceSplitOf(affiliate, now)).toMatchObject({
    balance: 20_000,
    available: 0,
    pendingPayout: 25_000,
    toNet: 5_000,
  });
});

test("commission a risk review holds is under review: part of the balance, not available (issue 33)", () => {
  const affiliate = {
    total_earnings_cents: 50_000,
    total_refunded_cents: 0,
    total_payouts_cents: 0,
    held: { "2026-12-01": 10_000 },
    risk_held: { promptchan: { "2026-12-05": 15_000, "2026-11-01": 5_000 } },
    payout_pending: false,
    pending_payout_id: null,
    latest_invoice: null,
  };
  expect(balanceSplitOf(affiliate, now)).toMatchObject({
    balance: 50_000,
    available: 20_000,
    inHold: 10_000,
    underReview: 20_000,
    toNet: 0,
  });
});

test("whatever the figures, the parts less what is to net are the balance, and nothing is negative", () => {
  const cents = fc.integer({ min: 0, max: 1_000_000_000 });
  fc.assert(
    fc.property(
      cents,
      cents,
      cents,
      cents,
      cents,
      fc.option(cents, { nil: null }),
      (earned, refunded, paid, held, reviewed, pending) => {
        const split = balanceSplitOf(
          {
            total_earnings_cents: earned,
            total_refunded_cents: refunded,
            total_payouts_cents: paid,
            held: { "2026-12-01": held },
            risk_held: { cutechat: { "2026-11-01": reviewed } },
            payout_pending: pending !== null,
            pending_payout_id: pending === null ? null : "INV-2026-000001",
            latest_invoice: pending === null ? null : invoice(pending),
          },
          now,
        );
        expect(split.available + split.inHold + split.underReview + split.pendingPayout - split.toNet).toBe(
          split.balance,
        );
        for (const value of Object.values(split)) expect(value).toBeGreaterThanOrEqual(0);
      },
    ),
  );
});
