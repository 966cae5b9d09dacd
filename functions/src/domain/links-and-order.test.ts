import { describe, expect, test } from "vitest";
import { affiliateLink, parseTrackingPath } from "./affiliate-link.js";
import { advertiserIds, advertisers, defaultAdvertiserId, isAdvertiserId, linkDomains } from "./advertisers.js";
import { dayKey, lastDays, sumLastDays } from "./days.js";
import { findLandingPage, landingPages } from "./landing-pages.js";
import { compareAffiliates } from "./summary-order.js";

describe("affiliate links", () => {
  test("{domain}/m/{uid}{suffix}, with ?landing= only when a landing page is chosen", () => {
    expect(affiliateLink("https://promptchan.ai", "u1")).toBe("https://promptchan.ai/m/u1");
    expect(affiliateLink("https://promptchan.ai/", "u1", "/tw")).toBe("https://promptchan.ai/m/u1/tw");
    expect(affiliateLink("https://promptchan.ai", "u1", "/tw", "/ai-porn")).toBe(
      "https://promptchan.ai/m/u1/tw?landing=%2Fai-porn",
    );
  });

  test("a tracking path splits back into uid and suffix", () => {
    expect(parseTrackingPath("/m/u1")).toEqual({ uid: "u1", suffix: "" });
    expect(parseTrackingPath("/m/u1/tw")).toEqual({ uid: "u1", suffix: "/tw" });
    expect(parseTrackingPath("/m/u1/a/b")).toEqual({ uid: "u1", suffix: "/a/b" });
    for (const hostile of ["/m/", "/m//evil.com", "/m/u1/TW", "/m/u1\\evil", "/m/u1/%2F", "/x/u1", "/m/u1?x"]) {
      expect(parseTrackingPath(hostile)).toBeUndefined();
    }
  });
});

describe("advertisers and landing pages", () => {
  test("promptchan is the default of the three advertisers", () => {
    expect(advertiserIds).toEqual(["promptchan", "cutechat", "creategirls"]);
    expect(defaultAdvertiserId).toBe("promptchan");
    expect(isAdvertiserId("cutechat")).toBe(true);
    expect(isAdvertiserId("evil")).toBe(false);
  });

  test("configured link domains override the defaults", () => {
    const domains = linkDomains({ cutechat: "http://cutechat.localhost:5050/" });
    expect(domains.cutechat).toBe("http://cutechat.localhost:5050");
    expect(domains.promptchan).toBe(advertisers.promptchan.defaultLinkDomain);
  });

  test("SPEC.md's catalogue: twelve options, all NSFW but Default and the two (SFW) ones", () => {
    expect(landingPages.map((page) => page.label)).toEqual([
      "Default",
      "AI Character",
      "AI Generator (SFW)",
      "AI Hentai",
      "AI Porn",
      "AI Porn Video Generator",
      "Furry AI",
      "Gay AI Porn",
      "Girl Generator (SFW)",
      "NSFW AI",
      "NSFW AI Chat",
      "NSFW AI Video Generator",
    ]);
    expect(landingPages.filter((page) => !page.nsfw).map((page) => page.label)).toEqual([
      "Default",
      "AI Generator (SFW)",
      "Girl Generator (SFW)",
    ]);
    expect(findLandingPage("")?.label).toBe("Default");
    expect(findLandingPage("/ai-porn")?.label).toBe("AI Porn");
    expect(findLandingPage("//evil.com")).toBeUndefined();
  });
});

describe("advertiser list order", () => {
  const row = (user_id: string, payout_pending: boolean, balanceCents: number) => ({
    user_id,
    payout_pending,
    balanceCents,
  });
  const rows = [
    row("a", false, 500),
    row("b", true, 100),
    row("c", false, 900),
    row("d", true, 300),
    row("e", false, 500),
  ];

  test("pending first, then balance descending, ties by user id", () => {
    expect([...rows].sort(compareAffiliates("pending-first")).map((r) => r.user_id)).toEqual(["d", "b", "c", "a", "e"]);
  });

  test("after recording a payout, balance descending only", () => {
    expect([...rows].sort(compareAffiliates("balance")).map((r) => r.user_id)).toEqual(["c", "a", "e", "d", "b"]);
  });
});

describe("day buckets", () => {
  const now = new Date("2026-11-21T23:59:59Z");

  test("days are UTC", () => {
    expect(dayKey(new Date("2026-11-21T23:59:59-05:00"))).toBe("2026-11-22");
  });

  test("the last 7 days end today and roll over by themselves", () => {
    expect(lastDays(now, 7)).toEqual([
      "2026-11-15",
      "2026-11-16",
      "2026-11-17",
      "2026-11-18",
      "2026-11-19",
      "2026-11-20",
      "2026-11-21",
    ]);
    expect(lastDays(new Date("2026-03-01T00:00:00Z"), 2)).toEqual(["2026-02-28", "2026-03-01"]);
  });

  test("sums only the days in the window", () => {
    const buckets = {
      "2026-11-14": { clicks: 100, sign_ups: 100, sales: 100, earnings_cents: 100 },
      "2026-11-15": { clicks: 1, sign_ups: 2, sales: 3, earnings_cents: 400 },
      "2026-11-21": { clicks: 10, earnings_cents: 600 },
    };
    expect(sumLastDays(buckets, now)).toEqual({ clicks: 11, sign_ups: 2, sales: 3, earnings_cents: 1_000 });
    expect(sumLastDays(buckets, new Date("2026-11-28T00:00:00Z"))).toEqual({
      clicks: 0,
      sign_ups: 0,
      sales: 0,
      earnings_cents: 0,
    });
  });
});
