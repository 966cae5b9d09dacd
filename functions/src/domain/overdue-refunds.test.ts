import { expect, test } from "vitest";
import type { PendingRefundsDoc } from "./model.js";
import { compareByWait, overdueCutoff, overdueRefundView } from "./overdue-refunds.js";

const now = new Date("2026-10-20T12:00:00.000Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);

function pending(saleId: string, firstReceivedAt?: Date): PendingRefundsDoc {
  return {
    advertiser_id: "promptchan",
    sale_id: saleId,
    uid: "affiliate-1",
    refunds: [{ type: "refund", event_id: `r-${saleId}`, amount_cents: 1250, occurred_at: daysAgo(9) }],
    ...(firstReceivedAt ? { first_received_at: firstReceivedAt } : {}),
  };
}

test("the cutoff is the bound's days before now", () => {
  expect(overdueCutoff(now, 7)).toEqual(daysAgo(7));
});

test("compareByWait puts the undated first, then the longest waiting, then orders ties by document id", () => {
  const docs = [
    pending("c", daysAgo(8)),
    pending("b", daysAgo(30)),
    pending("z"),
    pending("a", daysAgo(8)),
    pending("y"),
  ];
  expect(docs.sort(compareByWait).map((doc) => doc.sale_id)).toEqual(["y", "z", "b", "a", "c"]);
});

test("overdueRefundView answers dollars, ISO times and the refunds oldest first", () => {
  const doc: PendingRefundsDoc = {
    ...pending("s-1", daysAgo(10)),
    refunds: [
      { type: "chargeback", event_id: "cb-2", amount_cents: null, occurred_at: daysAgo(9) },
      { type: "refund", event_id: "r-1", amount_cents: 1999, occurred_at: daysAgo(11) },
    ],
  };
  expect(overdueRefundView(doc)).toEqual({
    advertiser_id: "promptchan",
    sale_id: "s-1",
    uid: "affiliate-1",
    first_received_at: daysAgo(10).toISOString(),
    refunds: [
      { type: "refund", event_id: "r-1", amount: 19.99, occurred_at: daysAgo(11).toISOString() },
      { type: "chargeback", event_id: "cb-2", amount: null, occurred_at: daysAgo(9).toISOString() },
    ],
  });
  expect(overdueRefundView(pending("old")).first_received_at).toBeNull();
});
