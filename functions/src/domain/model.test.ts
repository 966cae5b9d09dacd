import { expect, test } from "vitest";
import { newAffiliate, reviveDates, withAffiliateDefaults } from "./model.js";

test("a new affiliate has SPEC.md's defaults", () => {
  const affiliate = newAffiliate("u1", "dana@demo.test", new Date("2026-01-01T00:00:00Z"));
  expect(affiliate).toMatchObject({
    commission_rate: 0.6,
    payout_type: "Wise",
    account_type: "Checking",
    invoice_email: "dana@demo.test",
    payout_pending: false,
    last_payout: null,
    fraud_user: false,
    links: { promptchan: [], cutechat: [], creategirls: [] },
    total_earnings_cents: 0,
  });
});

test("an older document gains the fields it lacks without losing its own", () => {
  const affiliate = withAffiliateDefaults({
    uid: "u1",
    total_earnings_cents: 500,
    links: { cutechat: ["/a"] } as never,
  });
  expect(affiliate.total_earnings_cents).toBe(500);
  expect(affiliate.links).toEqual({ promptchan: [], cutechat: ["/a"], creategirls: [] });
  expect(affiliate.payout_type).toBe("Wise");
});

test("Firestore timestamps anywhere in a document become Dates", () => {
  const date = new Date("2026-11-21T12:00:00Z");
  const timestamp = { toDate: () => date, seconds: 1 };
  expect(reviveDates({ a: timestamp, nested: { b: [timestamp] }, c: date, d: "x", e: null })).toEqual({
    a: date,
    nested: { b: [date] },
    c: date,
    d: "x",
    e: null,
  });
});
