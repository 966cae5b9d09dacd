import { describe, expect, test } from "vitest";
import { affiliateViews, filterViews, noFilters, summaryCsv } from "./affiliate-view";
import { summaryRowFixture } from "./summary-row-fixture";

const rows = [
  summaryRowFixture({
    user_id: "low",
    name: "Lena Lowkey",
    total_earnings: 1,
    total_sign_ups: 100,
    required_payout: 1,
  }),
  summaryRowFixture({
    user_id: "risky",
    name: "Henry Hotline",
    email: "henry@demo.test",
    total_earnings: 300,
    total_sign_ups: 3,
    required_payout: 300,
  }),
  summaryRowFixture({
    user_id: "pending",
    name: "Wanda Wire",
    payout_pending: true,
    pending_payout: 240,
    total_earnings: 240,
    total_sign_ups: 600,
    required_payout: 240,
  }),
  summaryRowFixture({ user_id: "none", name: "Noah New", total_earnings: 0, total_sign_ups: 0, required_payout: 0 }),
];

describe("affiliate views", () => {
  test("SPEC.md §4's order and ratings", () => {
    const views = affiliateViews(rows, "pending-first");
    expect(views.map((view) => [view.row.user_id, view.rating.label])).toEqual([
      ["pending", "High Performance"],
      ["risky", "HIGH RISK"],
      ["low", "Low Performance"],
      ["none", "No signups"],
    ]);
    expect(views.map((view) => view.highRisk)).toEqual([false, true, false, false]);
    expect(affiliateViews(rows, "balance").map((view) => view.row.user_id)).toEqual([
      "risky",
      "pending",
      "low",
      "none",
    ]);
  });

  test("search matches name, e-mail or uid, any case, every word; filters narrow further", () => {
    const views = affiliateViews(rows, "pending-first");
    const ids = (filters: Partial<typeof noFilters>) =>
      filterViews(views, { ...noFilters, ...filters }).map((view) => view.row.user_id);
    expect(ids({})).toEqual(["pending", "risky", "low", "none"]);
    expect(ids({ search: "HENRY" })).toEqual(["risky"]);
    expect(ids({ search: "henry@demo" })).toEqual(["risky"]);
    expect(ids({ search: "pend" })).toEqual(["pending"]);
    expect(ids({ search: "  wanda   wire " })).toEqual(["pending"]);
    expect(ids({ search: "wanda henry" })).toEqual([]);
    expect(ids({ pendingOnly: true })).toEqual(["pending"]);
    expect(ids({ highRiskOnly: true })).toEqual(["risky"]);
    expect(ids({ highRiskOnly: true, pendingOnly: true })).toEqual([]);
  });

  test("filtering 10,000 affiliates is a quick scan", () => {
    const many = Array.from({ length: 10_000 }, (_, i) =>
      summaryRowFixture({ user_id: `u${i}`, name: `Affiliate ${i}`, email: `a${i}@test.example` }),
    );
    const views = affiliateViews(many, "pending-first");
    const started = performance.now();
    for (const search of ["a", "af", "aff", "affiliate 99", "affiliate 999"]) {
      filterViews(views, { ...noFilters, search });
    }
    expect(filterViews(views, { ...noFilters, search: "affiliate 9999" })).toHaveLength(1);
    expect(performance.now() - started).toBeLessThan(250);
  });
});

describe("CSV export", () => {
  test("a header, then one line per affiliate with dollars to 2 decimals and the rating", () => {
    const csv = summaryCsv(affiliateViews(rows.slice(1, 3), "pending-first"));
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe(
      "user_id,name,email,country,company,paypal_payout_account,payout_method,commission_rate,total_sign_ups,total_earnings," +
        "total_payouts,total_refunds,total_refunded,required_payout,last_payout,payout_pending,pending_payout," +
        "earnings_per_sign_up,rating,latest_invoice,fraud_user",
    );
    expect(lines[1]).toBe(
      "pending,Wanda Wire,dana@test.example,Portugal,Dana Media,dana@wise.test,Wise,0.6,600,240.00,0.00,0,0.00,240.00,," +
        "true,240.00,0.400,High Performance,,false",
    );
    expect(lines[2]).toContain("risky,Henry Hotline,henry@demo.test");
    expect(lines[2]).toContain(",100.000,HIGH RISK,");
    expect(lines).toHaveLength(4); // and the final CRLF
  });

  test("names are data, never spreadsheet formulas, and commas are quoted", () => {
    const csv = summaryCsv(affiliateViews([summaryRowFixture({ name: "=HYPERLINK(1)", company: "A, B" })], "balance"));
    expect(csv).toContain(`"'=HYPERLINK(1)"`);
    expect(csv).toContain(`"A, B"`);
  });
});
