import { describe, expect, test } from "vitest";
import {
  deviceEntryWith,
  deviceText,
  maxAffiliatesPerDevice,
  maxUserAgentLength,
  sharedDeviceReplay,
  sharedDeviceSignals,
  sharedDeviceWindowDays,
  type SignInDeviceDoc,
} from "./shared-device.js";

const now = new Date("2026-11-27T04:00:00Z");
const day = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(now.getTime() - days * day);
const chrome = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0 Safari/537.36";

const entry = (seen: [string, number][]): SignInDeviceDoc => ({
  seen: seen.map(([uid, days]) => ({ uid, at: daysAgo(days) })),
  shared: seen.length >= 2,
  updated_at: now,
});

describe("deviceText: where a session comes from, as one text", () => {
  test("the address as self-referral compares it, with the user agent trimmed", () => {
    expect(deviceText("81.2.69.160", ` ${chrome} `)).toBe(`device:ip:81.2.69.160\n${chrome}`);
    // An IPv6 address by its /64: the same household or phone the next day.
    expect(deviceText("2a00:1450:4009:81f::200e", chrome)).toBe(deviceText("2a00:1450:4009:81f:1:2:3:4", chrome));
    expect(deviceText("::ffff:81.2.69.160", chrome)).toBe(deviceText("81.2.69.160", chrome));
  });

  test("another browser or another address is another device", () => {
    expect(deviceText("81.2.69.160", chrome)).not.toBe(deviceText("81.2.69.160", `${chrome} Edg/131.0`));
    expect(deviceText("81.2.69.160", chrome)).not.toBe(deviceText("81.2.69.161", chrome));
  });

  test("none without a public address or a user agent; a long user agent is cut", () => {
    expect(deviceText("127.0.0.1", chrome)).toBeNull();
    expect(deviceText("10.1.2.3", chrome)).toBeNull();
    expect(deviceText("", chrome)).toBeNull();
    expect(deviceText("81.2.69.160", undefined)).toBeNull();
    expect(deviceText("81.2.69.160", "   ")).toBeNull();
    const long = "x".repeat(maxUserAgentLength + 100);
    expect(deviceText("81.2.69.160", long)).toBe(deviceText("81.2.69.160", long.slice(0, maxUserAgentLength)));
  });
});

describe("deviceEntryWith: the index entry with an affiliate seen on the device", () => {
  test("a first affiliate starts it; a second within the window is shared with the first", () => {
    const first = deviceEntryWith(null, "a", daysAgo(3));
    expect(first).toEqual({
      entry: { seen: [{ uid: "a", at: daysAgo(3) }], shared: false, updated_at: daysAgo(3) },
      others: [],
    });
    const second = deviceEntryWith(first.entry, "b", now);
    expect(second.others).toEqual(["a"]);
    expect(second.entry.seen.map((s) => s.uid)).toEqual(["a", "b"]);
    expect(second.entry.shared).toBe(true);
  });

  test("an affiliate seen before the window is not named; one recorded again within it names no one", () => {
    expect(deviceEntryWith(entry([["a", sharedDeviceWindowDays + 1]]), "b", now).others).toEqual([]);
    expect(deviceEntryWith(entry([["a", sharedDeviceWindowDays]]), "b", now).others).toEqual(["a"]);
    const refreshed = deviceEntryWith(
      entry([
        ["a", 9],
        ["b", 8],
      ]),
      "a",
      now,
    );
    expect(refreshed.others).toEqual([]);
    expect(refreshed.entry.seen).toEqual([
      { uid: "b", at: daysAgo(8) },
      { uid: "a", at: now },
    ]);
    // Back after the window: a join again, naming who was there lately.
    expect(
      deviceEntryWith(
        entry([
          ["a", 40],
          ["b", 8],
        ]),
        "a",
        now,
      ).others,
    ).toEqual(["b"]);
  });

  test("names at most the bound, the most lately seen", () => {
    const full = entry(Array.from({ length: maxAffiliatesPerDevice }, (_, i): [string, number] => [`u${i}`, 20 - i]));
    const next = deviceEntryWith(full, "new", now);
    expect(next.entry.seen).toHaveLength(maxAffiliatesPerDevice);
    expect(next.entry.seen[0]!.uid).toBe("u1");
    expect(next.entry.seen.at(-1)!.uid).toBe("new");
    expect(next.others).toHaveLength(maxAffiliatesPerDevice);
  });
});

describe("sharedDeviceSignals", () => {
  test("the joiner names the others, and the one who was alone hears of the joiner; keyed by the device", () => {
    const [joiner, alone] = sharedDeviceSignals("b", ["a"], "dev1", "flag");
    expect(joiner).toEqual({
      uid: "b",
      signal: {
        key: "shared_device:dev1",
        family: "shared_device",
        action: "flag",
        evidence: {
          detail: `Signs in from the same device (address and browser) as affiliate a, within ${sharedDeviceWindowDays} days.`,
          other_uid: "a",
        },
      },
    });
    expect(alone!.uid).toBe("a");
    expect(alone!.signal.evidence.other_uid).toBe("b");
    const third = sharedDeviceSignals("e", ["a", "b", "c", "d"], "dev1", "hold_new");
    expect(third.map((each) => each.uid)).toEqual(["e"]);
    expect(third[0]!.signal.evidence.detail).toContain("affiliate a, b, c and 1 more");
    expect(sharedDeviceSignals("a", [], "dev1", "flag")).toEqual([]);
  });
});

describe("sharedDeviceReplay: what the sessions would have raised, from the entry", () => {
  test("each join within the window of another, from its day; joins before the window start count not", () => {
    const found = sharedDeviceReplay(
      entry([
        ["b", 5],
        ["a", 10],
        ["c", 100],
      ]).seen,
      "dev1",
      "hold_new",
      "2026-09-01",
    );
    expect([...found.keys()].sort()).toEqual(["a", "b"]);
    expect(found.get("a")!.since).toBe("2026-11-22");
    expect(found.get("b")!.signal.evidence.other_uid).toBe("a");
    // c was seen long before the others: their joins do not name c, and c's own day is before `from`.
    expect(found.has("c")).toBe(false);
    expect(
      sharedDeviceReplay(
        entry([
          ["a", 10],
          ["b", 5],
        ]).seen,
        "dev1",
        "flag",
        "2026-11-25",
      ).size,
    ).toBe(0);
  });
});
