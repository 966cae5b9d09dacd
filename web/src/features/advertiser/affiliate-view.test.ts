import { describe, expect, test } from "vitest";
import { affiliateView, summaryCsv } from "./affiliate-view";
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
  test("each row's rating by earnings per sign-up, and whether it is HIGH RISK", () => {
    const views = rows.map(affiliateView);
    expect(views.map((view) => [view.row.user_id, view.rating.label, view.highRisk])).toEqual([
      ["low", "Low Performance", false],
      ["risky", "HIGH RISK", true],
      ["pending", "High Performance", false],
      ["none", "No signups", false],
    ]);
    expect(views.map((view) => view.balanceCents)).toEqual([100, 30_000, 24_000, 0]);
  });
});

describe("CSV export", () => {
  test("a header, then one line per affiliate with dollars to 2 decimals and the rating", () => {
    const csv = summaryCsv([rows[2]!, rows[1]!].map(affiliateView));
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe(
      "user_id,name,email,country,company,paypal_payout_account,payout_method,commission_rate,total_sign_ups,total_earnings," +
        "total_payouts,total_refunds,total_refunded,required_payout,last_payout,payout_pending,pending_payout," +
        "earnings_per_sign_up,rating,latest_invoice,fraud_user,total_clicks,total_sales,total_filtered_clicks," +
        "total_datacenter_clicks",
    );
    expect(lines[1]).toBe(
      "pending,Wanda Wire,dana@test.example,Portugal,Dana Media,dana@wise.test,Wise,0.6,600,240.00,0.00,0,0.00,240.00,," +
        "true,240.00,0.400,High Performance,,false,120,3,0,0",
    );
    expect(lines[2]).toContain("risky,Henry Hotline,henry@demo.test");
    expect(lines[2]).toContain(",100.000,HIGH RISK,");
    expect(lines).toHaveLength(4); // and the final CRLF
  });

  test("the clicks filtered come last (issue 33), after the clicks they were kept out of, then the datacenters' among them", () => {
    const row = summaryRowFixture({ total_clicks: 120, total_filtered_clicks: 45, total_datacenter_clicks: 12 });
    const [header, line] = summaryCsv([affiliateView(row)]).split("\r\n");
    expect(header).toMatch(/,total_clicks,total_sales,total_filtered_clicks,total_datacenter_clicks$/);
    expect(line).toMatch(/,120,3,45,12$/);
  });

  test("names are data, never spreadsheet formulas, and commas are quoted", () => {
    const csv = summaryCsv([affiliateView(summaryRowFixture({ name: "=HYPERLINK(1)", company: "A, B" }))]);
    expect(csv).toContain(`"'=HYPERLINK(1)"`);
    expect(csv).toContain(`"A, B"`);
  });
});
