import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { advertiserIds, type AdvertiserId } from "./advertisers.js";
import { applyToAffiliate, type LedgerChange } from "./ledger.js";
import { defaultTrackerKey, newAffiliate, removedTrackersKey, type AffiliateDoc } from "./model.js";
import { clickTracker, countedTracker, foldRemovedTrackers, trackerRows, withLinks } from "./trackers.js";

const now = new Date("2026-11-21T12:00:00Z");
const links = { promptchan: ["/tw", "/ig"], cutechat: [], creategirls: [] };
const totals = (clicks: number, earnings_cents = 0) => ({
  earnings_cents,
  sign_ups: 0,
  clicks,
  sales: 0,
  first_sales: 0,
});

describe("which tracker an event counts towards", () => {
  test("its own when it is one of the affiliate's links for that advertiser", () => {
    expect(countedTracker(links, "promptchan", "/tw")).toBe("/tw");
    expect(countedTracker(links, "promptchan", "")).toBe("");
  });

  test("the default link when the affiliate has no such link (anyone can type a tracker)", () => {
    expect(countedTracker(links, "promptchan", "/spam")).toBe("");
    expect(countedTracker(links, "cutechat", "/tw")).toBe("");
  });

  test("clicks counted on a link removed since go to the removed trackers", () => {
    expect(clickTracker(links, "promptchan", "/tw")).toBe("/tw");
    expect(clickTracker(links, "promptchan", "/gone")).toBe(removedTrackersKey);
    expect(clickTracker(links, "promptchan", "")).toBe("");
  });
});

describe("folding removed trackers", () => {
  test("adds up every key that is not a live link, the default or the removed entry", () => {
    const trackers = {
      default: totals(1),
      "/tw": totals(2),
      "/old": totals(3, 100),
      "/older": totals(4),
      removed: totals(9),
    };
    expect(foldRemovedTrackers(trackers, ["/tw"])).toEqual({ keys: ["/old", "/older"], totals: totals(7, 100) });
    expect(foldRemovedTrackers(trackers, ["/tw", "/old", "/older"])).toBeUndefined();
  });

  test("the dashboard lists the default link, the live links by name, then the removed trackers as one", () => {
    const trackers = { "/zz": totals(1), "/aa": totals(2), default: totals(3), removed: totals(4), "/gone": totals(5) };
    expect(trackerRows(trackers, ["/aa", "/zz"])).toEqual([
      { key: defaultTrackerKey, totals: totals(3) },
      { key: "/aa", totals: totals(2) },
      { key: "/zz", totals: totals(1) },
      { key: removedTrackersKey, totals: totals(9) },
    ]);
    expect(trackerRows({ default: totals(1) }, [])).toEqual([{ key: defaultTrackerKey, totals: totals(1) }]);
  });
});

/** Sums a tracker field over an advertiser's trackers. */
const sumOver = (affiliate: AffiliateDoc, advertiser: AdvertiserId, field: "clicks" | "sign_ups") =>
  Object.values(affiliate.trackers[advertiser]).reduce((sum, figures) => sum + figures[field], 0);

test("whatever trackers events name and however links change, the tracker map stays bounded and adds up", () => {
  const tracker = fc.constantFrom("", "/a", "/b", "/c", "/d", "/e", "/f", "/g");
  const advertiser = fc.constantFrom(...advertiserIds);
  const step = fc.oneof(
    fc.record({ kind: fc.constant("event" as const), advertiser, tracker, clicks: fc.boolean() }),
    fc.record({ kind: fc.constant("link" as const), advertiser, tracker: tracker.filter(Boolean) }),
  );
  fc.assert(
    fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
      let affiliate = newAffiliate("u1", "u1@demo.test", now);
      for (const s of steps) {
        if (s.kind === "link") {
          // Toggles the link, as add_custom_link and delete_custom_link do.
          const live = affiliate.links[s.advertiser];
          const next = live.includes(s.tracker) ? live.filter((l) => l !== s.tracker) : [...live, s.tracker];
          affiliate = withLinks(affiliate, s.advertiser, next);
        } else {
          const change: LedgerChange = {
            advertiser: s.advertiser,
            tracker: countedTracker(affiliate.links, s.advertiser, s.tracker),
            day: "2026-11-21",
            figures: s.clicks ? { clicks: 1 } : { sign_ups: 1 },
          };
          affiliate = { ...affiliate, ...applyToAffiliate(affiliate, [change], now) };
        }
      }
      for (const id of advertiserIds) {
        const allowed = new Set([defaultTrackerKey, removedTrackersKey, ...affiliate.links[id]]);
        expect(Object.keys(affiliate.trackers[id]).every((key) => allowed.has(key))).toBe(true);
        expect(sumOver(affiliate, id, "clicks")).toBe(affiliate.by_advertiser[id].clicks);
        expect(sumOver(affiliate, id, "sign_ups")).toBe(affiliate.by_advertiser[id].sign_ups);
        const rows = trackerRows(affiliate.trackers[id], affiliate.links[id]);
        expect(rows.reduce((sum, row) => sum + row.totals.clicks, 0)).toBe(affiliate.by_advertiser[id].clicks);
      }
    }),
  );
});
