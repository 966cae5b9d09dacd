import { describe, expect, test } from "vitest";
import {
  bestLanding,
  isExplained,
  byConversion,
  landingFunnels,
  landingLabel,
  rate,
  sumFunnels,
  trackerFunnels,
  type FunnelRow,
} from "./conversion-report.js";
import { newAffiliate } from "./model.js";

const row = (key: string, clicks: number, sign_ups: number, first_sales: number): FunnelRow => ({
  key,
  clicks,
  sign_ups,
  first_sales,
});

describe("the order of a report", () => {
  test("most first sales per click first, then sign-ups per click, then volume; no clicks last", () => {
    const rows = [
      row("/few-sales", 100, 30, 1),
      row("/no-clicks", 0, 2, 1),
      row("/best", 100, 10, 5),
      row("/more-sign-ups", 100, 40, 1),
      row("/same-but-bigger", 200, 80, 2),
    ];
    expect(rows.sort(byConversion).map((entry) => entry.key)).toEqual([
      "/best",
      "/same-but-bigger",
      "/more-sign-ups",
      "/few-sales",
      "/no-clicks",
    ]);
  });

  test("a rate needs something to divide by, and a part the whole can explain", () => {
    expect(rate(1, 4)).toBe(0.25);
    expect(rate(4, 4)).toBe(1);
    expect(rate(1, 0)).toBeNull();
    // 4,028 sign-ups of 3,690 clicks: some came without a click, so there is no rate, never 109.2%.
    expect(rate(4_028, 3_690)).toBeNull();
  });

  test("a funnel is explained by its clicks when first sales ≤ sign-ups ≤ clicks", () => {
    expect(isExplained(row("/ok", 10, 5, 5))).toBe(true);
    expect(isExplained(row("/more-sign-ups", 10, 11, 0))).toBe(false);
    expect(isExplained(row("/more-sales", 100, 5, 6))).toBe(false);
  });
});

describe("landing pages", () => {
  test("lists pages with figures, best converting first, and names them as the catalogue does", () => {
    const rows = landingFunnels({
      default: { clicks: 100, sign_ups: 10, first_sales: 2 },
      "/ai-porn": { clicks: 80, sign_ups: 20, first_sales: 8 },
      "/furry-ai": { clicks: 0, sign_ups: 0, first_sales: 0 },
    });
    expect(rows.map((entry) => entry.key)).toEqual(["/ai-porn", "default"]);
    expect(rows.map((entry) => landingLabel(entry.key))).toEqual(["AI Porn", "Default (home page)"]);
    expect(landingFunnels(undefined)).toEqual([]);
  });

  test("the best page needs enough clicks and a first sale", () => {
    const rows = [row("/lucky", 3, 3, 3), row("/steady", 120, 12, 6), row("/busy", 500, 20, 5)];
    expect(bestLanding(rows)?.key).toBe("/steady");
    expect(bestLanding([row("/lucky", 3, 3, 3), row("/none", 500, 50, 0)])).toBeNull();
  });

  test("a page with more first sales than sign-ups is not called the best", () => {
    const rows = [row("/odd", 100, 5, 20), row("/steady", 120, 12, 6)];
    expect(bestLanding(rows)?.key).toBe("/steady");
    expect(bestLanding([row("/odd", 100, 5, 20)])).toBeNull();
  });

  test("the programme's pages add up across affiliates", () => {
    expect(sumFunnels([row("default", 10, 2, 1), row("/ai-porn", 5, 1, 1), row("default", 30, 3, 0)])).toEqual([
      row("/ai-porn", 5, 1, 1),
      row("default", 40, 5, 1),
    ]);
  });
});

describe("trackers", () => {
  test("the default link, live links and removed ones, with first sales (0 when not recorded)", () => {
    const affiliate = {
      ...newAffiliate("u", "u@x.test", new Date()),
      links: { promptchan: ["/tw"], cutechat: [], creategirls: [] },
      trackers: {
        promptchan: {
          default: { earnings_cents: 0, clicks: 50, sign_ups: 5, sales: 3, first_sales: 2 },
          "/tw": { earnings_cents: 0, clicks: 10, sign_ups: 4, sales: 2, first_sales: 2 },
          // Figures from before first sales were counted, and a link removed since.
          "/old": { earnings_cents: 0, clicks: 7, sign_ups: 1, sales: 1 },
        },
        cutechat: {},
        creategirls: {},
      },
    };
    expect(trackerFunnels(affiliate, "promptchan")).toEqual([
      row("/tw", 10, 4, 2),
      row("default", 50, 5, 2),
      row("removed", 7, 1, 0),
    ]);
    expect(trackerFunnels(affiliate, "cutechat")).toEqual([]);
  });
});
