/**
 * The programme's funnels (issue 31): the conversion report read from aggregates kept on every write instead
 * of from every affiliate. What the increments add, what a rebuild from an affiliate writes, and the report
 * made of them, each against the every-affiliate computation (trackerFunnels, landingFunnels, sumFunnels).
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import type { AdvertiserId } from "./advertisers.js";
import {
  affiliateFunnels,
  byConversion,
  funnelShardCount,
  funnelShardOf,
  isFoldedTracker,
  landingFunnels,
  programmeFunnels,
  programmeTrackerRows,
  sumFunnels,
  trackerFunnelId,
  trackerFunnels,
} from "./conversion-report.js";
import { addIncrements, affiliateIncrements, applyToAffiliate, funnelIncrements, type LedgerChange } from "./ledger.js";
import { newAffiliate, type AffiliateDoc, type TrackerTotals } from "./model.js";

const now = new Date("2026-11-21T12:00:00Z");
const day = "2026-11-21";

function affiliate(uid: string, patch: Partial<AffiliateDoc> = {}): AffiliateDoc {
  return { ...newAffiliate(uid, `${uid}@x.test`, now), ...patch };
}

const tracker = (clicks: number, sign_ups: number, first_sales: number): TrackerTotals => ({
  earnings_cents: 0,
  clicks,
  sign_ups,
  sales: first_sales,
  first_sales,
});

/** The report's tracker rows as it computed them from every affiliate, before issue 31. */
function everyAffiliateRows(affiliates: AffiliateDoc[], advertiser: AdvertiserId, minClicks: number) {
  return affiliates
    .flatMap((one) =>
      trackerFunnels(one, advertiser)
        .filter((row) => row.clicks >= minClicks)
        .map((row) => ({ ...row, key: `${one.uid}:${row.key}`, uid: one.uid, tracker: row.key })),
    )
    .sort(byConversion);
}

describe("where the programme's funnels are kept", () => {
  test("an affiliate's shard is fixed by its uid, and uids spread over every shard", () => {
    expect(funnelShardOf("alice")).toBe(funnelShardOf("alice"));
    const counts = new Array<number>(funnelShardCount).fill(0);
    for (let i = 0; i < 8_000; i++) counts[funnelShardOf(`uid-${i}`)]! += 1;
    expect(Math.min(...counts)).toBeGreaterThan(800);
    expect(Math.max(...counts)).toBeLessThan(1_200);
  });

  test("a tracker funnel's id nests no path and tells its parts apart", () => {
    expect(trackerFunnelId("promptchan", "u1", "/tw/x")).toBe("promptchan_u1_%2Ftw%2Fx");
    expect(trackerFunnelId("promptchan", "a_b", "c")).not.toBe(trackerFunnelId("promptchan", "a", "b_c"));
    expect(trackerFunnelId("cutechat", "x/y", "default")).not.toContain("/");
  });

  test("a key is folded when it is neither a live link, nor the default link, nor the removed trackers", () => {
    expect(isFoldedTracker("/old", ["/tw"])).toBe(true);
    expect(["/tw", "default", "removed"].map((key) => isFoldedTracker(key, ["/tw"]))).toEqual([false, false, false]);
  });
});

describe("what a write adds to the programme's funnels", () => {
  test("the funnel steps of its tracker and landing figures, and their totals", () => {
    const changes: LedgerChange[] = [
      { advertiser: "promptchan", tracker: "/tw", day, figures: { clicks: 7 }, landing: "/ai-porn" },
      { advertiser: "promptchan", tracker: "", day, figures: { sign_ups: 1 }, landing: "" },
      { advertiser: "promptchan", tracker: "/tw", day, figures: { sales: 1, first_sales: 1, earnings_cents: 900 } },
      // A renewal and a refund move no funnel step: no tracker funnel is written for them.
      { advertiser: "cutechat", tracker: "/ig", day, figures: { sales: 1, earnings_cents: 300 } },
      { advertiser: "cutechat", tracker: "/ig", day, figures: { refunds: 1, refunded_cents: 300 } },
    ];
    expect(funnelIncrements(affiliateIncrements(changes, now))).toEqual({
      promptchan: {
        totals: { clicks: 7, sign_ups: 1, first_sales: 1 },
        landings: {
          "/ai-porn": { clicks: 7, sign_ups: 0, first_sales: 0 },
          default: { clicks: 0, sign_ups: 1, first_sales: 0 },
        },
        trackers: {
          "/tw": { clicks: 7, sign_ups: 0, first_sales: 1 },
          default: { clicks: 0, sign_ups: 1, first_sales: 0 },
        },
      },
    });
  });

  test("whatever the writes, what they add up to is what the rebuild computes from the affiliate", () => {
    const change = fc.record({
      advertiser: fc.constantFrom<AdvertiserId>("promptchan", "cutechat"),
      tracker: fc.constantFrom("", "/tw", "removed"),
      clicks: fc.nat(30),
      sign_ups: fc.nat(2),
      sales: fc.nat(2),
      first: fc.boolean(),
      landing: fc.option(fc.constantFrom("", "/ai-porn", "/furry-ai"), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(fc.array(change, { maxLength: 4 }), { maxLength: 12 }), (writes) => {
        let one = affiliate("p1", { links: { promptchan: ["/tw"], cutechat: ["/tw"], creategirls: [] } });
        let programme = {};
        for (const write of writes) {
          const changes: LedgerChange[] = write.map(
            ({ advertiser, tracker, clicks, sign_ups, sales, first, landing }) => ({
              advertiser,
              tracker,
              day,
              figures: { clicks, sign_ups, sales, first_sales: first ? Math.min(sales, 1) : 0 },
              ...(landing === undefined ? {} : { landing }),
            }),
          );
          programme = addIncrements(programme, funnelIncrements(affiliateIncrements(changes, now)));
          one = { ...one, ...applyToAffiliate(one, changes, now) };
        }
        const rebuilt = affiliateFunnels(one);
        const expected = Object.fromEntries(
          rebuilt.shards.map(({ advertiser_id, totals, landings }) => [
            advertiser_id,
            {
              totals,
              landings,
              trackers: Object.fromEntries(
                rebuilt.trackers
                  .filter((doc) => doc.advertiser_id === advertiser_id)
                  .map(({ tracker: key, clicks, sign_ups, first_sales }) => [key, { clicks, sign_ups, first_sales }]),
              ),
            },
          ]),
        );
        // Landing pages and trackers whose every step is 0 are written by neither.
        const nonEmpty = (tree: object): object =>
          JSON.parse(JSON.stringify(tree, (_, value: unknown) => (isEmptyFunnel(value) ? undefined : value)));
        expect(nonEmpty(programme)).toEqual(nonEmpty(expected));
      }),
    );
  });
});

function isEmptyFunnel(value: unknown): boolean {
  if (value === null || typeof value !== "object") return false;
  const keys = Object.keys(value);
  return keys.length === 3 && keys.every((key) => ["clicks", "sign_ups", "first_sales"].includes(key))
    ? Object.values(value).every((step) => step === 0)
    : false;
}

describe("the programme's report from its funnels", () => {
  const affiliates = [
    affiliate("a1", {
      links: { promptchan: ["/tw"], cutechat: [], creategirls: [] },
      trackers: {
        promptchan: {
          default: tracker(40, 4, 1),
          "/tw": tracker(25, 10, 5),
          removed: tracker(12, 2, 2),
          "/old": tracker(9, 1, 0),
        },
        cutechat: { default: tracker(3, 0, 0) },
        creategirls: {},
      },
      landings: {
        promptchan: {
          default: { clicks: 40, sign_ups: 2, first_sales: 1 },
          "/ai-porn": { clicks: 20, sign_ups: 3, first_sales: 0 },
        },
        cutechat: {},
        creategirls: {},
      },
    }),
    affiliate("a2", {
      trackers: {
        promptchan: { default: tracker(21, 1, 1), removed: tracker(5, 0, 0) },
        cutechat: {},
        creategirls: {},
      },
      landings: {
        promptchan: {
          "/ai-porn": { clicks: 21, sign_ups: 1, first_sales: 1 },
          "/furry-ai": { clicks: 0, sign_ups: 0, first_sales: 0 },
        },
        cutechat: {},
        creategirls: {},
      },
    }),
    affiliate("a3"),
  ];
  const rebuilt = affiliates.map(affiliateFunnels);

  test("totals and landing pages: the shards add up to what every affiliate's figures do", () => {
    const shards = rebuilt.flatMap(({ shards }) => shards.filter((shard) => shard.advertiser_id === "promptchan"));
    const landings = sumFunnels(affiliates.flatMap((one) => landingFunnels(one.landings.promptchan)));
    const totals = affiliates
      .flatMap((one) => trackerFunnels(one, "promptchan"))
      .reduce(
        (sum, row) => ({
          clicks: sum.clicks + row.clicks,
          sign_ups: sum.sign_ups + row.sign_ups,
          first_sales: sum.first_sales + row.first_sales,
        }),
        { clicks: 0, sign_ups: 0, first_sales: 0 },
      );
    expect(programmeFunnels(shards)).toEqual({ totals, landings });
    expect(programmeFunnels([])).toEqual({ totals: { clicks: 0, sign_ups: 0, first_sales: 0 }, landings: [] });
  });

  test("trackers: a folded key joins the removed trackers, which rank on their sum, as every affiliate's rows do", () => {
    const docs = rebuilt.flatMap(({ trackers }) => trackers.filter((doc) => doc.advertiser_id === "promptchan"));
    // a1's removed trackers: 12 clicks, and 9 on /old, a link removed while an event put its key back.
    expect(programmeTrackerRows(docs, 20)).toEqual(everyAffiliateRows(affiliates, "promptchan", 20));
    expect(programmeTrackerRows(docs, 20).map((row) => row.key)).toEqual([
      "a1:/tw",
      "a1:removed",
      "a2:default",
      "a1:default",
    ]);
    // A document read twice (by both of the report's queries) counts once.
    expect(programmeTrackerRows([...docs, ...docs], 20)).toEqual(programmeTrackerRows(docs, 20));
    expect(programmeTrackerRows(docs, 1)).toEqual(everyAffiliateRows(affiliates, "promptchan", 1));
  });
});
