import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  canRecordPayout,
  payoutRecordRefusal,
  parseSummaryCursor,
  sortRows,
  summaryCursor,
  summaryRow,
  type SummarySource,
} from "./advertiser-summary.js";
import { newInvoice } from "./invoice.js";
import { newAffiliate } from "./model.js";
import { emptyPayoutDetails } from "./payout-details.js";

const now = new Date("2026-11-21T12:00:00Z");
const payee = { ...emptyPayoutDetails, name: "Dana Payee", company: "Payee Lda", paypal_payout_account: "d@wise.test" };

/** The programme's terms in force: SPEC.md's. */
const programme = {
  commission_rate: 0.6,
  repeat_rates: { "1": 0.5 },
  minimum_payout_cents: 20_000,
  payout_interval_days: 30,
};

function source(overrides: Partial<SummarySource> = {}): SummarySource {
  return { ...newAffiliate("u1", "dana@test.example", now), ...payee, ...overrides };
}

describe("summary rows", () => {
  test("the commission rate is the programme's in force, or the affiliate's own under an individual deal", () => {
    const changed = { ...programme, commission_rate: 0.45, repeat_rates: {} };
    expect(summaryRow(source({ commission_rate: 0.6 }), changed, now, null).commission_rate).toBe(0.45);
    expect(summaryRow(source({ commission_rate: 0.7, custom_terms: true }), changed, now, null).commission_rate).toBe(
      0.7,
    ); // Issue 34: a group's rate for the default advertiser (on the member's document), a deal's over it.
    const vip = {
      id: "vip",
      name: "VIP",
      since: new Date(0),
      terms: {
        rates: { promptchan: { commission_rate: 0.7, repeat_rates: {} } },
        hold_days: null,
        minimum_payout_cents: null,
      },
    };
    expect(summaryRow(source({ group: vip }), changed, now, null).commission_rate).toBe(0.7);
    const deal = {
      rates: { promptchan: { commission_rate: 0.8 } },
      hold_days: null,
      minimum_payout_cents: null,
      starts_at: new Date(0),
      ends_at: null,
    };
    expect(summaryRow(source({ group: vip, deal }), changed, now, null).commission_rate).toBe(0.8);
  });

  test("SPEC.md §3's fields in dollars, the balance as required_payout, and the latest invoice", () => {
    const invoice = newInvoice(7, now, 24_000, payee);
    const row = summaryRow(
      source({
        total_earnings_cents: 50_050,
        total_refunded_cents: 1_050,
        total_payouts_cents: 20_000,
        total_refunds: 2,
        total_sign_ups: 40,
        total_clicks: 900,
        total_filtered_clicks: 75,
        total_datacenter_clicks: 20,
        total_sales: 12,
        last_payout: new Date("2026-09-01T00:00:00Z"),
        payout_pending: true,
        pending_payout_id: invoice.invoice_number,
        latest_invoice: invoice,
      }),
      programme,
      now,
      null,
    );
    expect(row).toEqual({
      user_id: "u1",
      name: "Dana Payee",
      country: "",
      company: "Payee Lda",
      paypal_payout_account: "d@wise.test",
      commission_rate: 0.6,
      total_sign_ups: 40,
      total_earnings: 500.5,
      total_payouts: 200,
      total_refunds: 2,
      total_refunded: 10.5,
      required_payout: 290,
      last_payout: "2026-09-01T00:00:00.000Z",
      payout_pending: true,
      latest_invoice: expect.objectContaining({ invoice_number: "INV-2026-000007", price: "240.00" }),
      email: "dana@test.example",
      payout_method: "Wise",
      fraud_user: false,
      pending_payout: 240,
      pending_destination: { method: "Wise", fields: [["Wise Account Email", "d@wise.test"]] },
      held: 0,
      payable: 290,
      payout_ready: false,
      ready_destination: null,
      // Paid on 1 September: more than 30 days ago, so nothing waits.
      next_payout_at: null,
      // The list's column figures (issue 32): what it sorts by, shown in its table.
      total_clicks: 900,
      total_sales: 12,
      // Issue 33: bots' and headless browsers' clicks and datacenters', counted apart from total_clicks.
      total_filtered_clicks: 75,
      total_datacenter_clicks: 20,
      // Issue 33: no open risk case.
      risk_case: null,
      case_held: 0,
      // Issue 34: the group they are in (never moved: the default one, the programme settings).
      group: { id: "default", name: "Default" },
      // No deal in force.
      deal: null,
    });
  });

  test("an open risk case marks the row, and what it holds is neither payable nor ready (issue 33)", () => {
    const openCase = {
      id: "c1",
      action: "hold_new" as const,
      families: ["shared_destination" as const],
      opened_at: now,
    };
    const row = summaryRow(
      source({
        ...payee,
        tax: "PT1",
        total_earnings_cents: 50_000,
        risk_case: openCase,
        risk_held: { promptchan: { "2026-12-05": 20_000 } },
      }),
      programme,
      now,
      openCase,
    );
    expect(row).toMatchObject({
      required_payout: 500,
      payable: 300,
      case_held: 200,
      payout_ready: false,
      risk_case: { case_id: "c1", action: "hold_new", families: ["shared_destination"] },
    });
  });

  test("a case that only flags marks the row from risk_open, though the affiliate's own document names none", () => {
    const flag = { id: "c2", action: "flag" as const, families: ["shared_destination" as const], opened_at: now };
    const row = summaryRow(source({ ...payee, tax: "PT1", total_earnings_cents: 50_000 }), programme, now, flag);
    expect(row.risk_case).toEqual({ case_id: "c2", action: "flag", families: ["shared_destination"] });
    expect(row.payable).toBe(500);
    expect(summaryRow(source(), programme, now, null).risk_case).toBeNull();
  });

  test("an affiliate who has not asked but could be paid is ready, with the payable amount and where it would go", () => {
    const complete = {
      ...payee,
      country: "Portugal",
      city: "Lisbon",
      address: "1 Rua",
      post_code: "1100",
      tax: "PT1",
      invoice_email: "dana@test.example",
    };
    const future = "2026-12-01";
    const row = summaryRow(
      source({ ...complete, total_earnings_cents: 50_000, held: { [future]: 20_000 } }),
      programme,
      now,
      null,
    );
    expect(row).toMatchObject({
      required_payout: 500,
      held: 200,
      payable: 300,
      payout_ready: true,
      ready_destination: { method: "Wise", fields: [["Wise Account Email", "d@wise.test"]] },
    });
    // Not ready: under $200 payable once the hold is counted, or suspended, or missing details.
    const held = { [future]: 40_000 };
    expect(
      summaryRow(source({ ...complete, total_earnings_cents: 50_000, held }), programme, now, null).payout_ready,
    ).toBe(false);
    expect(
      summaryRow(source({ ...complete, total_earnings_cents: 50_000, fraud_user: true }), programme, now, null)
        .payout_ready,
    ).toBe(false);
    expect(
      summaryRow(source({ ...complete, tax: "", total_earnings_cents: 50_000 }), programme, now, null).payout_ready,
    ).toBe(false);
    // The programme's own payout rules: a $100 minimum makes $150 payable ready; a 60-day wait, not.
    const small = source({ ...complete, total_earnings_cents: 15_000 });
    expect(summaryRow(small, programme, now, null).payout_ready).toBe(false);
    expect(summaryRow(small, { ...programme, minimum_payout_cents: 10_000 }, now, null).payout_ready).toBe(true);
    const paid45DaysAgo = source({
      ...complete,
      total_earnings_cents: 50_000,
      last_payout: new Date(now.getTime() - 45 * 24 * 60 * 60 * 1000),
    });
    expect(summaryRow(paid45DaysAgo, programme, now, null).payout_ready).toBe(true);
    expect(summaryRow(paid45DaysAgo, { ...programme, payout_interval_days: 60 }, now, null).payout_ready).toBe(false);
  });

  test("no pending payout amount unless the latest invoice is the pending one", () => {
    const invoice = newInvoice(7, now, 24_000, payee);
    expect(summaryRow(source({ latest_invoice: invoice }), programme, now, null).pending_payout).toBeNull();
    expect(
      summaryRow(
        source({ latest_invoice: invoice, payout_pending: true, pending_payout_id: "INV-2026-000008" }),
        programme,
        now,
        null,
      ).pending_payout,
    ).toBeNull();
    expect(summaryRow(source(), programme, now, null).latest_invoice).toBeNull();
    expect(summaryRow(source({ latest_invoice: invoice }), programme, now, null).pending_destination).toBeNull();
  });

  test("a clawback after a payout shows a balance of 0", () => {
    expect(
      summaryRow(source({ total_earnings_cents: 100, total_refunded_cents: 300 }), programme, now, null)
        .required_payout,
    ).toBe(0);
  });
});

describe("order and cursor", () => {
  const row = (user_id: string, payout_pending: boolean, required_payout: number) => ({
    user_id,
    payout_pending,
    required_payout,
  });

  test("pending first then balance descending, ties by user id; or balance only", () => {
    const rows = [row("b", false, 5), row("a", false, 5), row("c", true, 1), row("d", false, 9.99)];
    expect(sortRows(rows, "pending-first").map((r) => r.user_id)).toEqual(["c", "d", "a", "b"]);
    expect(sortRows(rows, "balance").map((r) => r.user_id)).toEqual(["d", "a", "b", "c"]);
  });

  test("a cursor is the row's place in the order and reads back exactly", () => {
    expect(summaryCursor(row("u-1_x", true, 240.07))).toBe("1.24007.u-1_x");
    expect(parseSummaryCursor("0.0.abc")).toEqual({ payout_pending: false, balanceCents: 0, user_id: "abc" });
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9_-]{1,20}$/),
        fc.boolean(),
        fc.integer({ min: 0, max: 1e12 }),
        (id, pending, cents) => {
          const cursor = summaryCursor(row(id, pending, cents / 100));
          expect(parseSummaryCursor(cursor)).toEqual({ user_id: id, payout_pending: pending, balanceCents: cents });
        },
      ),
    );
  });

  test.each(["", "2.1.a", "1.01.a", "1.-1.a", "1.1.", "1.1.a/b", "1.1e3.a", "0.1.a.b"])("%j is no cursor", (bad) => {
    expect(() => parseSummaryCursor(bad)).toThrow();
  });
});

describe("the Payout button", () => {
  const day = 86_400_000;
  /** The row as the summary builds it, under the programme's terms (or others). */
  const rowOf = (
    state: { payout_pending: boolean; last_payout: Date | null; fraud_user?: boolean },
    terms: typeof programme = programme,
  ) => summaryRow(source({ fraud_user: false, ...state }), terms, now, null);

  test.each<[string, boolean, number | null, boolean]>([
    ["nothing pending", false, null, false],
    ["pending, never paid", true, null, true],
    ["pending, paid 31 days ago", true, 31, true],
    ["pending, paid 30 days ago", true, 30, false],
    ["pending, paid 10 days ago", true, 10, false],
  ])("%s", (_, payout_pending, daysAgo, enabled) => {
    const last_payout = daysAgo === null ? null : new Date(now.getTime() - daysAgo * day);
    expect(canRecordPayout(rowOf({ payout_pending, last_payout }), now)).toBe(enabled);
  });

  test.each<[string, { payout_pending: boolean; last_payout: Date | null; fraud_user: boolean }, string | null]>([
    ["pending, never paid", { payout_pending: true, last_payout: null, fraud_user: false }, null],
    [
      "pending but suspended",
      { payout_pending: true, last_payout: null, fraud_user: true },
      "Suspended: a suspended account is not paid.",
    ],
    ["nothing pending", { payout_pending: false, last_payout: null, fraud_user: false }, "No payout requested."],
    [
      "pending, paid 10 days ago",
      { payout_pending: true, last_payout: new Date(now.getTime() - 10 * day), fraud_user: false },
      `Paid in the last 30 days: the next payout can be recorded from ${new Date(now.getTime() + 20 * day).toISOString().slice(0, 10)}.`,
    ],
  ])("says why it is disabled: %s", (_, state, reason) => {
    const row = rowOf(state);
    expect(payoutRecordRefusal(row, now)).toBe(reason);
    expect(canRecordPayout(row, now)).toBe(reason === null);
  });

  test("the days between payouts are the programme's", () => {
    const state = { payout_pending: true, last_payout: new Date(now.getTime() - 10 * day) };
    expect(payoutRecordRefusal(rowOf(state, { ...programme, payout_interval_days: 7 }), now)).toBeNull();
    const fortnight = rowOf(state, { ...programme, payout_interval_days: 14 });
    expect(fortnight.next_payout_at).toBe(new Date(now.getTime() + 4 * day + 1).toISOString());
    expect(payoutRecordRefusal(fortnight, now)).toBe(
      `Paid in the last 14 days: the next payout can be recorded from ${new Date(now.getTime() + 4 * day).toISOString().slice(0, 10)}.`,
    );
    // Once the date has passed (the page was left open), the button is live again.
    expect(payoutRecordRefusal(fortnight, new Date(now.getTime() + 5 * day))).toBeNull();
  });
});
