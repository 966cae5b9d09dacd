import { afterEach, describe, expect, test } from "vitest";
import {
  forgetLastSeen,
  lastSeenBeforeAuth,
  lastSeenOf,
  saveLastSeen,
  type DashboardFigures,
} from "./last-seen-figures";
import { sessionHintAttribute } from "./session-hint";

afterEach(() => {
  window.localStorage.clear();
  document.documentElement.removeAttribute(sessionHintAttribute);
});

const figures = (balance: number): DashboardFigures => ({
  lastSevenDays: { earnings_cents: 1_799, sign_ups: 1, clicks: 5, sales: 2 },
  allTime: {
    balance_cents: balance,
    total_earnings_cents: 30_000,
    total_payouts_cents: 10_000,
    total_sign_ups: 12,
    total_clicks: 1_313,
    total_sales: 5,
    total_refunds: 1,
    total_refunded_cents: 500,
  },
});
const at = Date.parse("2026-11-26T14:05:00Z");

describe("the figures a device last saw", () => {
  test("are kept per uid and come back marked stale, with when they were seen", () => {
    saveLastSeen("alice", figures(19_500), at);
    saveLastSeen("bob", figures(100), at + 1);
    expect(lastSeenOf("alice")).toEqual({ figures: figures(19_500), stale: true, savedAt: at });
    expect(lastSeenOf("bob")).toEqual({ figures: figures(100), stale: true, savedAt: at + 1 });
    expect(lastSeenOf("carol")).toBeUndefined();
  });

  test("carry the filtered and datacenter clicks when saved with them, and read fine without (issue 33)", () => {
    const withFiltered = figures(100);
    withFiltered.allTime = { ...withFiltered.allTime, total_filtered_clicks: 9, total_datacenter_clicks: 4 };
    saveLastSeen("alice", withFiltered, at);
    expect(lastSeenOf("alice")?.figures.allTime).toMatchObject({
      total_filtered_clicks: 9,
      total_datacenter_clicks: 4,
    });
    saveLastSeen("bob", { ...withFiltered, allTime: { ...withFiltered.allTime, total_datacenter_clicks: 1.5 } }, at);
    expect(lastSeenOf("bob")).toBeUndefined();
  });

  test("hold only the cards' figures: no name, e-mail or payout details", () => {
    saveLastSeen("alice", figures(19_500), at);
    const stored = JSON.parse(window.localStorage.getItem("lastSeenFigures:alice")!) as Record<string, unknown>;
    expect(Object.keys(stored).sort()).toEqual(["figures", "savedAt", "uid"]);
  });

  test("are never another user's: an entry under one uid naming another, or of another shape, is ignored", () => {
    saveLastSeen("alice", figures(19_500), at);
    window.localStorage.setItem("lastSeenFigures:bob", window.localStorage.getItem("lastSeenFigures:alice")!);
    expect(lastSeenOf("bob")).toBeUndefined();
    window.localStorage.setItem(
      "lastSeenFigures:carol",
      JSON.stringify({ uid: "carol", savedAt: at, figures: { allTime: {} } }),
    );
    expect(lastSeenOf("carol")).toBeUndefined();
    window.localStorage.setItem("lastSeenFigures:dan", "{not json");
    expect(lastSeenOf("dan")).toBeUndefined();
  });

  test("signing out forgets everyone's; Auth naming who is here forgets everyone else's", () => {
    saveLastSeen("alice", figures(19_500), at);
    saveLastSeen("bob", figures(100), at);
    window.localStorage.setItem("currentAdvertiser", "promptchan");
    forgetLastSeen("bob");
    expect(lastSeenOf("alice")).toBeUndefined();
    expect(lastSeenOf("bob")).toBeDefined();
    forgetLastSeen();
    expect(lastSeenOf("bob")).toBeUndefined();
    // Nothing else in local storage is touched.
    expect(window.localStorage.getItem("currentAdvertiser")).toBe("promptchan");
  });

  test("before Auth answers, only with the session hint on and only one person's kept", () => {
    saveLastSeen("alice", figures(19_500), at);
    expect(lastSeenBeforeAuth()).toBeUndefined();
    document.documentElement.setAttribute(sessionHintAttribute, "");
    expect(lastSeenBeforeAuth()).toEqual({ uid: "alice", figures: figures(19_500), stale: true, savedAt: at });
    saveLastSeen("bob", figures(100), at);
    expect(lastSeenBeforeAuth()).toBeUndefined();
  });
});
