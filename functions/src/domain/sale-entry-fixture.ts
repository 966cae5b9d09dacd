/**
 * A sale's ledger entry as the tests of both packages build one (commission-status.test.ts,
 * web's transaction-history.test.tsx): $100 at 60%, $60 of commission, nothing refunded, its hold ending on
 * 20 December 2026. Each test overrides what it is about. Not used by the product.
 */
import type { TransactionDoc } from "./model.js";

export function saleEntryFixture(overrides: Partial<TransactionDoc> = {}): TransactionDoc {
  return {
    type: "sale",
    advertiser_id: "promptchan",
    event_id: "s1",
    tracker: "",
    timestamp: new Date("2026-11-20T10:00:00Z"),
    recorded_at: new Date("2026-11-20T10:00:00Z"),
    transaction_cost_cents: 10_000,
    earnings_cents: 6_000,
    repeat_index: 0,
    rate: 0.6,
    refunded: false,
    refunded_amount_cents: 0,
    clawed_back_cents: 0,
    refers_to: null,
    note: null,
    matures_on: "2026-12-20",
    ...overrides,
  };
}
