import { describe, expect, test } from "vitest";
import { clickForConversion, isClickId, newClick } from "./clicks.js";
import type { SubIds } from "./sub-ids.js";

const clickedAt = new Date("2026-11-01T12:00:00Z");
const subIds: SubIds = { sub1: "campaign", sub2: null, sub3: null, sub4: null, sub5: "x" };
const click = newClick(
  { uid: "aff-1", advertiser_id: "cutechat", tracker: "/ig", landing: "/ai-porn" },
  subIds,
  clickedAt,
  30,
);

describe("newClick", () => {
  test("records what the click was, its sub-ids and when its attribution window ends", () => {
    expect(click).toEqual({
      uid: "aff-1",
      advertiser_id: "cutechat",
      tracker: "/ig",
      landing: "/ai-porn",
      ...subIds,
      clicked_at: clickedAt,
      expire_at: new Date("2026-12-01T12:00:00Z"),
      converted_at: null,
    });
  });

  test("the window is the advertiser's", () => {
    const oneDay = newClick({ uid: "u", advertiser_id: "promptchan", tracker: "", landing: "" }, subIds, clickedAt, 1);
    expect(oneDay.expire_at).toEqual(new Date("2026-11-02T12:00:00Z"));
  });
});

describe("clickForConversion", () => {
  test("a click id that names no click is unknown", () => {
    expect(clickForConversion(undefined, clickedAt)).toEqual({ status: "unknown" });
  });

  test.each([
    ["at the click", clickedAt],
    ["a day later", new Date("2026-11-02T12:00:00Z")],
    ["the last millisecond of the window", new Date("2026-12-01T11:59:59.999Z")],
  ])("is valid %s", (_, at) => {
    expect(clickForConversion(click, at)).toEqual({ status: "valid", click });
  });

  test.each([
    ["when the window ends", new Date("2026-12-01T12:00:00Z")],
    ["a year later", new Date("2027-11-01T12:00:00Z")],
  ])("is expired %s", (_, at) => {
    expect(clickForConversion(click, at)).toEqual({ status: "expired", click });
  });

  test("a converted click stays valid past its window, for the customer's renewals and refunds", () => {
    const converted = { ...click, converted_at: new Date("2026-11-05T00:00:00Z"), expire_at: null };
    expect(clickForConversion(converted, new Date("2027-11-01T12:00:00Z"))).toEqual({
      status: "valid",
      click: converted,
    });
  });
});

describe("isClickId", () => {
  test.each(["AAAAAAAAAAAAAAAAAAAAAA", "abcdefghijklmnopqrst-_", "0123456789ABCDEFGHIJKL"])("accepts %s", (id) => {
    expect(isClickId(id)).toBe(true);
  });

  test.each([
    ["too short", "A".repeat(21)],
    ["too long", "A".repeat(23)],
    ["padding", `${"A".repeat(21)}=`],
    ["base64's + and /", `${"A".repeat(20)}+/`],
    ["a path", "../../affiliates/abcde"],
    ["not a string", 12345],
    ["nothing", undefined],
  ])("refuses %s", (_, id) => {
    expect(isClickId(id)).toBe(false);
  });
});
