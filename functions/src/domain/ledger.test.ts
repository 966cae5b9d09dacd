import { describe, expect, test } from "vitest";
import {
  addIncrements,
  affiliateIncrements,
  applyToAffiliate,
  dayIncrements,
  staleKeysOf,
  staleRecentDays,
  pendingClickChanges,
  recordRefund,
  recordSale,
  withPendingClicks,
  type LedgerChange,
} from "./ledger.js";
import { newAffiliate } from "./model.js";

const now = new Date("2026-11-21T12:00:00Z");
const affiliate = newAffiliate("u1", "u1@demo.test", new Date("2026-01-01T00:00:00Z"));

describe("applyToAffiliate", () => {
  const changes: LedgerChange[] = [
    {
      advertiser: "promptchan",
      tracker: "/tw",
      day: "2026-11-21",
      figures: { sales: 1, first_sales: 1, earnings_cents: 1_200 },
    },
    { advertiser: "cutechat", tracker: "", day: "2026-11-20", figures: { sign_ups: 2, clicks: 5 } },
    { advertiser: "promptchan", tracker: "/tw", day: "2026-11-21", figures: { refunds: 1, refunded_cents: 300 } },
  ];

  test("a refund adds to no tracker, so it cannot bring back a removed tracker's key", () => {
    const refundOnly = applyToAffiliate(affiliate, [changes[2]!], now);
    expect(refundOnly.trackers.promptchan).toEqual({});
  });

  test("adds to the totals, the advertiser's and the tracker's figures and the day", () => {
    const patch = applyToAffiliate(affiliate, changes, now);
    expect(patch).toMatchObject({
      total_earnings_cents: 1_200,
      total_refunded_cents: 300,
      total_refunds: 1,
      total_sign_ups: 2,
      total_clicks: 5,
      total_sales: 1,
    });
    expect(patch.by_advertiser.promptchan).toEqual({
      earnings_cents: 1_200,
      sign_ups: 0,
      clicks: 0,
      sales: 1,
      first_sales: 1,
      refunded_cents: 300,
      refunds: 1,
    });
    expect(patch.trackers.promptchan["/tw"]).toEqual({
      earnings_cents: 1_200,
      sign_ups: 0,
      clicks: 0,
      sales: 1,
      first_sales: 1,
    });
    expect(patch.trackers.cutechat.default).toEqual({
      earnings_cents: 0,
      sign_ups: 2,
      clicks: 5,
      sales: 0,
      first_sales: 0,
    });
    // Landing figures come only with a landing page: none of these changes knows one.
    expect(patch.landings).toEqual(affiliate.landings);
    expect(patch.recent_days).toEqual({
      "2026-11-21": { clicks: 0, sign_ups: 0, sales: 1, earnings_cents: 1_200, first_sales: 1 },
      "2026-11-20": { clicks: 5, sign_ups: 2, sales: 0, earnings_cents: 0 },
    });
  });

  test("a click and the conversions reported by its click id add to their landing page's funnel", () => {
    const patch = applyToAffiliate(
      affiliate,
      [
        { advertiser: "cutechat", tracker: "", day: "2026-11-20", figures: { clicks: 3 }, landing: "/ai-porn" },
        { advertiser: "cutechat", tracker: "", day: "2026-11-20", figures: { clicks: 1 }, landing: "" },
        { advertiser: "cutechat", tracker: "", day: "2026-11-21", figures: { sign_ups: 1 }, landing: "/ai-porn" },
        {
          advertiser: "cutechat",
          tracker: "",
          day: "2026-11-21",
          figures: { sales: 1, first_sales: 1, earnings_cents: 500 },
          landing: "/ai-porn",
        },
        // A renewal is no first sale, and a refund is no step of the funnel: neither adds a landing key.
        { advertiser: "cutechat", tracker: "", day: "2026-11-21", figures: { sales: 1 }, landing: "/nsfw-ai" },
        { advertiser: "cutechat", tracker: "", day: "2026-11-21", figures: { refunds: 1 }, landing: "/furry-ai" },
      ],
      now,
    );
    expect(patch.landings.cutechat).toEqual({
      "/ai-porn": { clicks: 3, sign_ups: 1, first_sales: 1 },
      default: { clicks: 1, sign_ups: 0, first_sales: 0 },
    });
    expect(patch.landings.promptchan).toEqual({});
  });

  test("does not change the affiliate it was given", () => {
    const before = structuredClone(affiliate);
    applyToAffiliate(affiliate, changes, now);
    expect(affiliate).toEqual(before);
  });

  test("keeps 95 days of recent figures and drops older ones", () => {
    const old = {
      ...affiliate,
      recent_days: { "2026-08-01": { clicks: 1, sign_ups: 0, sales: 0, earnings_cents: 0 } },
    };
    const patch = applyToAffiliate(
      old,
      [
        { advertiser: "promptchan", tracker: "", day: "2026-08-18", figures: { clicks: 1 } },
        { advertiser: "promptchan", tracker: "", day: "2026-08-19", figures: { clicks: 1 } },
      ],
      now,
    );
    expect(Object.keys(patch.recent_days)).toEqual(["2026-08-19"]);
    expect(patch.total_clicks).toBe(2);
  });
});

test("dayIncrements adds the day's changes only, per advertiser (not per tracker)", () => {
  const changes: LedgerChange[] = [
    { advertiser: "promptchan", tracker: "/tw", day: "2026-11-21", figures: { sales: 1, earnings_cents: 1_200 } },
    { advertiser: "promptchan", tracker: "/tw", day: "2026-11-21", figures: { refunded_cents: 200, refunds: 1 } },
    { advertiser: "cutechat", tracker: "", day: "2026-11-20", figures: { clicks: 9 } },
  ];
  expect(dayIncrements(changes, "2026-11-21")).toEqual({
    clicks: 0,
    sign_ups: 0,
    sales: 1,
    earnings_cents: 1_200,
    refunded_cents: 200,
    by_advertiser: { promptchan: { clicks: 0, sign_ups: 0, sales: 1, earnings_cents: 1_200 } },
  });
  expect(dayIncrements(changes, "2026-11-19")).toEqual({});
});

test("affiliateIncrements leave out days outside the window; staleRecentDays names them", () => {
  const tree = affiliateIncrements(
    [
      { advertiser: "promptchan", tracker: "", day: "2026-11-21", figures: { clicks: 1 } },
      { advertiser: "promptchan", tracker: "", day: "2026-07-01", figures: { clicks: 1 } },
    ],
    now,
  );
  expect(tree.total_clicks).toBe(2);
  expect(Object.keys(tree.recent_days as object)).toEqual(["2026-11-21"]);
  const recent = { "2026-08-18": {}, "2026-08-19": {}, "2026-11-21": {} } as never;
  expect(staleRecentDays({ recent_days: recent }, now)).toEqual(["2026-08-18"]);
});

test("addIncrements adds numbers and merges maps without touching the original", () => {
  const doc = { a: 1, nested: { b: 2, keep: "x" } };
  expect(addIncrements(doc, { a: 1, nested: { b: 3, c: 4 }, fresh: { d: 5 } })).toEqual({
    a: 2,
    nested: { b: 5, c: 4, keep: "x" },
    fresh: { d: 5 },
  });
  expect(doc).toEqual({ a: 1, nested: { b: 2, keep: "x" } });
});

/** SPEC.md's rates, and a hold of `holdDays`. */
const terms = (holdDays: number) => ({ commissionRate: 0.6, repeatRates: { "1": 0.5 }, holdDays });

describe("sales and refunds", () => {
  const affiliate = {
    ...newAffiliate("u1", "u1@demo.test", now),
    links: { promptchan: ["/tw"], cutechat: [], creategirls: [] },
  };
  const sale = {
    advertiser: "promptchan" as const,
    id: "s1",
    tracker: "/tw",
    amountCents: 2_000,
    repeatIndex: 0,
    occurredAt: now,
  };

  test("a sale earns the commission and counts one sale", () => {
    const { entry, change } = recordSale(affiliate, sale, now, terms(0));
    expect(entry).toMatchObject({ type: "sale", earnings_cents: 1_200, transaction_cost_cents: 2_000, rate: 0.6 });
    expect(change).toEqual({
      advertiser: "promptchan",
      tracker: "/tw",
      day: "2026-11-21",
      figures: { sales: 1, first_sales: 1, earnings_cents: 1_200 },
    });
  });

  test("a sale naming a tracker the affiliate has no link for counts towards the default link", () => {
    const { entry, change } = recordSale(affiliate, { ...sale, tracker: "/spam" }, now, terms(0));
    expect(entry.tracker).toBe("");
    expect(change.tracker).toBe("");
  });

  test("a renewal earns its repeat rate; one beyond the rates earns nothing but still counts", () => {
    expect(recordSale(affiliate, { ...sale, repeatIndex: 1 }, now, terms(0)).entry.earnings_cents).toBe(1_000);
    const late = recordSale(affiliate, { ...sale, repeatIndex: 13 }, now, terms(0));
    expect(late.entry.earnings_cents).toBe(0);
    // A renewal is a sale but not a first sale.
    expect(late.change.figures).toEqual({ sales: 1, earnings_cents: 0 });
  });

  test("a suspended affiliate's sale is recorded but earns nothing payable", () => {
    const { entry, change } = recordSale({ ...affiliate, fraud_user: true }, sale, now, terms(0));
    expect(entry.earnings_cents).toBe(0);
    expect(entry.note).toMatch(/withheld/);
    expect(change.figures.sales).toBe(1);
  });

  test("a refund claws back the commission; a second refund of the same sale does nothing", () => {
    const { entry } = recordSale(affiliate, sale, now, terms(0));
    const refund = recordRefund(entry, { type: "refund", advertiser: "promptchan", id: "r1", occurredAt: now }, now)!;
    expect(refund.entry).toMatchObject({ type: "refund", earnings_cents: -1_200, refers_to: "s1", tracker: "/tw" });
    expect(refund.change.figures).toEqual({ refunds: 1, refunded_cents: 1_200 });
    const refunded = { ...entry, ...refund.saleUpdate };
    expect(refunded).toMatchObject({ refunded: true, refunded_amount_cents: 2_000, clawed_back_cents: 1_200 });
    expect(
      recordRefund(refunded, { type: "chargeback", advertiser: "promptchan", id: "r2", occurredAt: now }, now),
    ).toBeUndefined();
  });

  test("a partial refund claws back its share", () => {
    const { entry } = recordSale(affiliate, sale, now, terms(0));
    const refund = recordRefund(
      entry,
      { type: "refund", advertiser: "promptchan", id: "r1", amountCents: 500, occurredAt: now },
      now,
    )!;
    expect(refund.entry.earnings_cents).toBe(-300);
    expect(refund.saleUpdate).toEqual({ refunded: true, refunded_amount_cents: 500, clawed_back_cents: 300 });
  });
});

describe("the commission hold", () => {
  const affiliate = newAffiliate("u1", "u1@demo.test", now);
  const sale = {
    advertiser: "promptchan" as const,
    id: "s1",
    tracker: "",
    amountCents: 2_000,
    repeatIndex: 0,
    occurredAt: now,
  };
  const refundAt = (at: Date, amountCents?: number) => ({
    type: "refund" as const,
    advertiser: "promptchan" as const,
    id: "r1",
    occurredAt: at,
    ...(amountCents === undefined ? {} : { amountCents }),
  });
  const day = 24 * 60 * 60 * 1000;

  test("a sale's commission is held until the day the hold ends", () => {
    const { entry, change } = recordSale(affiliate, sale, now, terms(30));
    expect(entry.matures_on).toBe("2026-12-21");
    expect(change.held).toEqual({ day: "2026-12-21", cents: 1_200 });
    const patch = applyToAffiliate(affiliate, [change], now);
    expect(patch.held).toEqual({ "2026-12-21": 1_200 });
    expect(patch.total_earnings_cents).toBe(1_200);
  });

  test("a sale older than the hold, or one that earns nothing, holds nothing", () => {
    const old = recordSale(affiliate, { ...sale, occurredAt: new Date(now.getTime() - 30 * day) }, now, terms(30));
    expect(old.entry.matures_on).toBe("2026-11-21");
    expect(old.change.held).toBeUndefined();
    expect(recordSale({ ...affiliate, fraud_user: true }, sale, now, terms(30)).change.held).toBeUndefined();
    expect(recordSale(affiliate, sale, now, terms(0)).change.held).toBeUndefined();
  });

  test("a refund inside the hold comes out of the held commission; after it, out of the balance", () => {
    const { entry } = recordSale(affiliate, sale, now, terms(30));
    const inside = recordRefund(entry, refundAt(now, 500), now)!;
    expect(inside.change.held).toEqual({ day: "2026-12-21", cents: -300 });
    expect(inside.change.figures).toEqual({ refunds: 1, refunded_cents: 300 });
    // The day it matures, the commission is the balance's: a refund claws back as it always did.
    const matured = new Date("2026-12-21T00:00:00Z");
    expect(recordRefund(entry, refundAt(matured), matured)!.change.held).toBeUndefined();
    // A sale recorded before commissions were held has no maturity: nothing to cancel.
    const { matures_on: _, ...legacy } = entry;
    expect(recordRefund(legacy, refundAt(now), now)!.change.held).toBeUndefined();
  });

  test("stale keys name the recent days out of the window and the held buckets that have matured", () => {
    const stored = {
      recent_days: {},
      held: { "2026-11-20": 100, "2026-11-21": 200, "2026-11-22": 300 },
    };
    expect(staleKeysOf(stored, now)).toEqual({ recent_days: [], held: ["2026-11-20", "2026-11-21"] });
    const patch = applyToAffiliate({ ...affiliate, held: stored.held }, [], now);
    expect(patch.held).toEqual({ "2026-11-22": 300 });
  });
});

describe("pending clicks", () => {
  const shards = [
    { clicks: 3, days: { "2026-11-21": { promptchan: { default: 2, "/tw": 1 } } } },
    { clicks: 2, days: { "2026-11-20": { cutechat: { "/ig": 2 }, unknown: { default: 5 } } } },
  ];

  const links = { promptchan: ["/tw"], cutechat: ["/ig"], creategirls: [] };

  test("become click changes per day, advertiser and tracker (unknown advertisers ignored)", () => {
    expect(pendingClickChanges(shards as never, links)).toEqual([
      { advertiser: "promptchan", tracker: "", day: "2026-11-21", figures: { clicks: 2 } },
      { advertiser: "promptchan", tracker: "/tw", day: "2026-11-21", figures: { clicks: 1 } },
      { advertiser: "cutechat", tracker: "/ig", day: "2026-11-20", figures: { clicks: 2 } },
    ]);
  });

  test("keep the landing page of the shard key, and drop one that is not in the catalogue", () => {
    const withLandings = [
      {
        clicks: 3,
        days: { "2026-11-21": { promptchan: { "default@/ai-porn": 2, "/tw@default": 1, "/tw@/nope": 4 } } },
      },
    ];
    expect(pendingClickChanges(withLandings as never, links)).toEqual([
      { advertiser: "promptchan", tracker: "", day: "2026-11-21", figures: { clicks: 2 }, landing: "/ai-porn" },
      { advertiser: "promptchan", tracker: "/tw", day: "2026-11-21", figures: { clicks: 1 }, landing: "" },
      { advertiser: "promptchan", tracker: "/tw", day: "2026-11-21", figures: { clicks: 4 } },
    ]);
  });

  test("on a link removed since they were counted go to the removed trackers", () => {
    const changes = pendingClickChanges(shards as never, { ...links, cutechat: [] });
    expect(changes).toContainEqual({
      advertiser: "cutechat",
      tracker: "removed",
      day: "2026-11-20",
      figures: { clicks: 2 },
    });
  });

  test("are added to what the dashboard shows", () => {
    const shown = withPendingClicks({ ...affiliate, links, total_clicks: 10 }, shards as never, now);
    expect(shown.total_clicks).toBe(15);
    expect(shown.trackers.cutechat["/ig"]?.clicks).toBe(2);
    expect(withPendingClicks(affiliate, [], now)).toBe(affiliate);
  });
});

describe("filtered clicks (bots and headless browsers, issue 33)", () => {
  const links = { promptchan: ["/tw"], cutechat: [], creategirls: [] };
  const shards = [
    {
      clicks: 1,
      days: { "2026-11-21": { promptchan: { "/tw@default": 1 } } },
      filtered_clicks: 4,
      filtered: { "2026-11-21": { promptchan: 3 }, "2026-11-20": { cutechat: 1 } },
    },
    { clicks: 0, days: {}, filtered_clicks: 2, filtered: { "2026-11-21": { promptchan: 2, unknown: 7 } } },
  ];

  test("become changes per day and advertiser, apart from the clicks and with no tracker or landing", () => {
    expect(pendingClickChanges(shards as never, links)).toEqual([
      { advertiser: "promptchan", tracker: "/tw", day: "2026-11-21", figures: { clicks: 1 }, landing: "" },
      { advertiser: "promptchan", tracker: "", day: "2026-11-21", figures: { filtered_clicks: 3 } },
      { advertiser: "cutechat", tracker: "", day: "2026-11-20", figures: { filtered_clicks: 1 } },
      { advertiser: "promptchan", tracker: "", day: "2026-11-21", figures: { filtered_clicks: 2 } },
    ]);
  });

  test("add to the totals, the advertiser and the day documents, never to clicks, trackers or landings", () => {
    const shown = withPendingClicks({ ...affiliate, links, total_clicks: 10 }, shards as never, now);
    expect(shown.total_clicks).toBe(11);
    expect(shown.total_filtered_clicks).toBe(6);
    expect(shown.by_advertiser.promptchan).toMatchObject({ clicks: 1, filtered_clicks: 5 });
    expect(shown.by_advertiser.cutechat).toMatchObject({ clicks: 0, filtered_clicks: 1 });
    // Per tracker they would grow the affiliate's bounded document (document-size.test.ts): not kept there.
    expect(shown.trackers.promptchan).toEqual({
      "/tw": { clicks: 1, sign_ups: 0, sales: 0, earnings_cents: 0, first_sales: 0 },
    });
    expect(shown.trackers.cutechat).toEqual({});
    expect(shown.landings.promptchan).toEqual({ default: { clicks: 1, sign_ups: 0, first_sales: 0 } });
    expect(shown.recent_days["2026-11-21"]).toEqual({ clicks: 1, sign_ups: 0, sales: 0, earnings_cents: 0 });

    const changes = pendingClickChanges(shards as never, links);
    expect(dayIncrements(changes, "2026-11-21")).toMatchObject({
      clicks: 1,
      filtered_clicks: 5,
      by_advertiser: { promptchan: { clicks: 1, filtered_clicks: 5 } },
    });
    expect(dayIncrements(changes, "2026-11-20")).toMatchObject({
      clicks: 0,
      filtered_clicks: 1,
      by_advertiser: { cutechat: { filtered_clicks: 1 } },
    });
  });

  test("build up on what was rolled up before", () => {
    const stored = withPendingClicks({ ...affiliate, links }, shards as never, now);
    const again = withPendingClicks(stored, shards as never, now);
    expect(again.total_filtered_clicks).toBe(12);
    expect(again.by_advertiser.promptchan.filtered_clicks).toBe(10);
  });

  test("a sale or a person's click writes no filtered figure, so no document gains a 0 for them", () => {
    const sale: LedgerChange = {
      advertiser: "promptchan",
      tracker: "/tw",
      day: "2026-11-21",
      figures: { sales: 1, earnings_cents: 600, clicks: 1 },
    };
    const increments = affiliateIncrements([sale], now);
    expect(increments).not.toHaveProperty("total_filtered_clicks");
    expect(increments.by_advertiser).toEqual({ promptchan: expect.not.objectContaining({ filtered_clicks: 0 }) });
    expect(dayIncrements([sale], "2026-11-21")).not.toHaveProperty("filtered_clicks");
    expect(affiliateIncrements([{ ...sale, figures: { filtered_clicks: 2 } }], now)).toMatchObject({
      total_filtered_clicks: 2,
      total_clicks: 0,
      by_advertiser: { promptchan: { filtered_clicks: 2, clicks: 0 } },
    });
  });
});

describe("datacenter clicks (hosting networks, issue 33)", () => {
  const links = { promptchan: ["/tw"], cutechat: [], creategirls: [] };
  // Three filtered clicks on 21 November, two of them from datacenters; one datacenter click on the 20th.
  const shards = [
    {
      clicks: 0,
      days: {},
      filtered_clicks: 4,
      filtered: { "2026-11-21": { promptchan: 3 }, "2026-11-20": { cutechat: 1 } },
      datacenter_clicks: 3,
      datacenter: { "2026-11-21": { promptchan: 2, unknown: 5 }, "2026-11-20": { cutechat: 1 } },
    },
  ];

  test("become changes of their own per day and advertiser, a subset of the filtered clicks", () => {
    expect(pendingClickChanges(shards as never, links)).toEqual([
      { advertiser: "promptchan", tracker: "", day: "2026-11-21", figures: { filtered_clicks: 3 } },
      { advertiser: "cutechat", tracker: "", day: "2026-11-20", figures: { filtered_clicks: 1 } },
      { advertiser: "promptchan", tracker: "", day: "2026-11-21", figures: { datacenter_clicks: 2 } },
      { advertiser: "cutechat", tracker: "", day: "2026-11-20", figures: { datacenter_clicks: 1 } },
    ]);
  });

  test("add to the totals, the advertiser and the day documents beside the filtered clicks, and build up", () => {
    const shown = withPendingClicks({ ...affiliate, links }, shards as never, now);
    expect(shown).toMatchObject({ total_clicks: 0, total_filtered_clicks: 4, total_datacenter_clicks: 3 });
    expect(shown.by_advertiser.promptchan).toMatchObject({ clicks: 0, filtered_clicks: 3, datacenter_clicks: 2 });
    expect(shown.by_advertiser.cutechat).toMatchObject({ filtered_clicks: 1, datacenter_clicks: 1 });
    expect(shown.trackers.promptchan).toEqual({});
    const changes = pendingClickChanges(shards as never, links);
    expect(dayIncrements(changes, "2026-11-21")).toMatchObject({
      filtered_clicks: 3,
      datacenter_clicks: 2,
      by_advertiser: { promptchan: { filtered_clicks: 3, datacenter_clicks: 2 } },
    });
    const again = withPendingClicks(shown, shards as never, now);
    expect(again).toMatchObject({ total_filtered_clicks: 8, total_datacenter_clicks: 6 });
  });

  test("a bot's click, a sale or a person's click writes no datacenter figure", () => {
    const bot: LedgerChange = {
      advertiser: "promptchan",
      tracker: "",
      day: "2026-11-21",
      figures: { filtered_clicks: 1 },
    };
    const sale: LedgerChange = { ...bot, tracker: "/tw", figures: { sales: 1, earnings_cents: 600, clicks: 1 } };
    for (const change of [bot, sale]) {
      const increments = affiliateIncrements([change], now);
      expect(increments).not.toHaveProperty("total_datacenter_clicks");
      expect(increments.by_advertiser).toEqual({ promptchan: expect.not.objectContaining({ datacenter_clicks: 0 }) });
      expect(dayIncrements([change], "2026-11-21")).not.toHaveProperty("datacenter_clicks");
    }
  });
});
