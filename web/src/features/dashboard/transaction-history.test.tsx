import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import type { PayoutDoc, TransactionDoc } from "@domain/model";
import type { RiskCaseSummary } from "@domain/risk";
import { saleEntryFixture } from "@domain/sale-entry-fixture";

const data = vi.hoisted(() => ({ transactions: [] as TransactionDoc[], payouts: [] as PayoutDoc[] }));
vi.mock("reactfire", () => ({ useFirestore: () => ({}) }));
vi.mock("./use-affiliate", () => ({
  useTransactions: () => ({ status: "success", data: data.transactions }),
  usePayouts: () => ({ status: "success", data: data.payouts }),
}));

const { TransactionHistory } = await import("./transaction-history");

afterEach(cleanup);

const day = 86_400_000;
const dayAfter = (days: number) => new Date(Date.now() + days * day).toISOString().slice(0, 10);

/** A sale two days ago, its commission still in the hold for 28 days. */
function entry(id: string, overrides: Partial<TransactionDoc> = {}): TransactionDoc {
  const twoDaysAgo = new Date(Date.now() - 2 * day);
  return saleEntryFixture({
    event_id: id,
    timestamp: twoDaysAgo,
    recorded_at: twoDaysAgo,
    matures_on: dayAfter(28),
    ...overrides,
  });
}

const review: RiskCaseSummary = {
  id: "case-1",
  action: "hold_new",
  families: ["shared_destination"],
  opened_at: new Date("2026-11-19T09:00:00Z"),
};

/** Each row's Status cell, in the table's order (newest first). */
function statuses(): string[] {
  const table = screen.getByRole("table");
  const headers = within(table)
    .getAllByRole("columnheader")
    .map((header) => header.textContent);
  const column = headers.indexOf("Status");
  return within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) => within(row).getAllByRole("cell")[column]!.textContent!);
}

function show(riskCase: RiskCaseSummary | null) {
  render(<TransactionHistory uid="u1" riskCase={riskCase} />);
  fireEvent.click(screen.getByRole("button", { name: "View" }));
}

describe("each commission's status in the transaction history (issue 33)", () => {
  test("in hold until its day, under review while the case holds it, available, paid with its invoice", () => {
    data.transactions = [
      entry("held-by-review", { risk_case_id: "case-1" }),
      entry("in-hold"),
      entry("available", { timestamp: new Date(Date.now() - 40 * day), matures_on: dayAfter(-10) }),
      entry("paid", { timestamp: new Date(Date.now() - 90 * day), matures_on: dayAfter(-60) }),
      entry("refund", { type: "refund", earnings_cents: -6_000 }),
    ];
    data.payouts = [
      {
        uid: "u1",
        amount_cents: 6_000,
        status: "paid",
        method: "Wise",
        requested_at: new Date(Date.now() - 50 * day),
        paid_at: new Date("2026-10-05T10:00:00Z"),
        invoice: { invoice_number: "INV-2026-000004" } as PayoutDoc["invoice"],
      },
    ];
    show(review);
    const [underReview, inHold, available, paid, refund] = statuses();
    expect(underReview).toBe(
      "Under review since 19 Nov 2026: Your payout account is also used by another affiliate account.",
    );
    expect(inHold).toMatch(/^In hold until \d{1,2} [A-Z][a-z]{2} \d{4}$/);
    expect(available).toBe("Available");
    expect(paid).toBe("Paid on 5 Oct 2026 (invoice INV-2026-000004)");
    expect(refund).toBe("—");
  });

  test("released, the sale is back in hold; confirmed, it and the cancellation say why", () => {
    data.payouts = [];
    data.transactions = [entry("was-held", { risk_case_id: "case-1" })];
    show(null);
    expect(statuses()).toEqual([expect.stringMatching(/^In hold until /)]);
    cleanup();

    data.transactions = [
      entry("risk_case-1", {
        type: "cancellation",
        earnings_cents: -6_000,
        transaction_cost_cents: 0,
        timestamp: new Date("2026-11-22T10:00:00Z"),
        risk_case_id: "case-1",
      }),
      entry("was-held", { risk_case_id: "case-1" }),
    ];
    show(null);
    expect(statuses()).toEqual([
      "Cancelled on 22 Nov 2026: a risk review found the sales were not genuine.",
      "Cancelled on 22 Nov 2026: a risk review found the sales were not genuine.",
    ]);
    expect(screen.getByText("Cancellation")).toBeTruthy();
  });
});
