import { describe, expect, test } from "vitest";
import { cancelledReasons, commissionStatusOf, type StatusContext } from "./commission-status.js";
import type { PayoutDoc } from "./model.js";
import { saleEntryFixture } from "./sale-entry-fixture.js";
import type { RiskCaseSummary } from "./risk.js";

const now = new Date("2026-11-21T12:00:00Z");

const sale = saleEntryFixture;

const holdingReview: RiskCaseSummary = {
  id: "case-1",
  action: "hold_new",
  families: ["shared_destination"],
  opened_at: new Date("2026-11-19T09:00:00Z"),
};

const none: StatusContext = { riskCase: null, entries: [], payouts: [] };

function payout(status: "pending" | "paid", requested: string, invoiceNumber: string) {
  return {
    status,
    requested_at: new Date(requested),
    paid_at: status === "paid" ? new Date(requested) : null,
    invoice: { invoice_number: invoiceNumber } as PayoutDoc["invoice"],
  };
}

describe("a commission's status", () => {
  test("in hold until the day its hold period ends", () => {
    expect(commissionStatusOf(sale(), none, now)).toEqual({ kind: "in_hold", until: "2026-12-20" });
  });

  test("available once that day has come, while no payout was requested since", () => {
    const matured = sale({ matures_on: "2026-11-01" });
    expect(commissionStatusOf(matured, none, now)).toEqual({ kind: "available" });
    // A payout requested before it matured did not pay it.
    const before = { ...none, payouts: [payout("paid", "2026-10-15T00:00:00Z", "INV-2026-000001")] };
    expect(commissionStatusOf(matured, before, now)).toEqual({ kind: "available" });
  });

  test("paid by the first payout requested after it became payable, or in it while that is pending", () => {
    const matured = sale({ matures_on: "2026-11-01" });
    const payouts = [
      payout("pending", "2026-11-20T00:00:00Z", "INV-2026-000003"),
      payout("paid", "2026-11-02T00:00:00Z", "INV-2026-000002"),
      payout("paid", "2026-10-15T00:00:00Z", "INV-2026-000001"),
    ];
    expect(commissionStatusOf(matured, { ...none, payouts }, now)).toEqual({
      kind: "paid",
      invoiceNumber: "INV-2026-000002",
      paidAt: new Date("2026-11-02T00:00:00Z"),
    });
    const later = sale({ matures_on: "2026-11-10" });
    expect(commissionStatusOf(later, { ...none, payouts }, now)).toEqual({
      kind: "in_payout",
      invoiceNumber: "INV-2026-000003",
    });
  });

  test("under review while the case that held it is open: the families in plain words, never a threshold", () => {
    const held = sale({ risk_case_id: "case-1" });
    expect(commissionStatusOf(held, { ...none, riskCase: holdingReview }, now)).toEqual({
      kind: "under_review",
      since: holdingReview.opened_at,
      reasons: ["Your payout account is also used by another affiliate account."],
    });
  });

  test("released, it is back on its hold timeline; confirmed, it is cancelled with why and when", () => {
    const held = sale({ risk_case_id: "case-1" });
    expect(commissionStatusOf(held, none, now)).toEqual({ kind: "in_hold", until: "2026-12-20" });
    const cancellation = sale({
      type: "cancellation",
      event_id: "risk_case-1",
      earnings_cents: -6_000,
      timestamp: new Date("2026-11-21T08:00:00Z"),
      risk_case_id: "case-1",
      note: "Commission cancelled: a risk review found the sales were not genuine.",
    });
    const confirmed = { ...none, entries: [cancellation, held] };
    expect(commissionStatusOf(held, confirmed, now)).toEqual({
      kind: "cancelled",
      reason: cancelledReasons.review,
      on: cancellation.timestamp,
    });
    expect(commissionStatusOf(cancellation, confirmed, now)).toMatchObject({ kind: "cancelled" });
    // Another case's cancellation says nothing of this one.
    const other = { ...none, entries: [{ ...cancellation, risk_case_id: "case-2" }] };
    expect(commissionStatusOf(held, other, now)).toEqual({ kind: "in_hold", until: "2026-12-20" });
  });

  test("a case that only flags holds nothing, so the commission follows its timeline", () => {
    const flagged = { ...holdingReview, action: "flag" as const };
    expect(commissionStatusOf(sale({ risk_case_id: "case-1" }), { ...none, riskCase: flagged }, now)).toMatchObject({
      kind: "in_hold",
    });
  });

  test("refunded in full: cancelled, because of the refund; partly refunded, it keeps its status", () => {
    expect(commissionStatusOf(sale({ refunded: true, clawed_back_cents: 6_000 }), none, now)).toEqual({
      kind: "cancelled",
      reason: cancelledReasons.refunded,
      on: null,
    });
    expect(commissionStatusOf(sale({ refunded: true, clawed_back_cents: 1_000 }), none, now)).toMatchObject({
      kind: "in_hold",
    });
  });

  test("entries that are no commission of their own have none", () => {
    expect(commissionStatusOf(sale({ type: "refund", earnings_cents: -6_000 }), none, now)).toBeNull();
    expect(commissionStatusOf(sale({ type: "adjustment", earnings_cents: 500 }), none, now)).toBeNull();
    expect(commissionStatusOf(sale({ earnings_cents: 0 }), none, now)).toBeNull();
  });

  test("a sale from before commissions were held is payable from when it was made", () => {
    const old = sale({ matures_on: undefined, timestamp: new Date("2026-10-01T00:00:00Z") });
    expect(commissionStatusOf(old, none, now)).toEqual({ kind: "available" });
    const paid = { ...none, payouts: [payout("paid", "2026-10-02T00:00:00Z", "INV-2026-000001")] };
    expect(commissionStatusOf(old, paid, now)).toMatchObject({ kind: "paid" });
  });
});
