import { describe, expect, test } from "vitest";
import { storedSettings } from "../domain/programme-settings.js";

describe("an advertiser's stored settings", () => {
  test("an advertiser that sets none gets SPEC.md's terms, a 30-day hold and a 30-day window", () => {
    expect(storedSettings("cutechat", undefined)).toMatchObject({
      commission_rate: 0.6,
      hold_days: 30,
      attribution_window_days: 30,
      link_domain: "https://cutechat.ai",
    });
  });

  test.each([1, 7, 90, 365])("an advertiser's own window of %i days is kept", (days) => {
    expect(storedSettings("cutechat", { attribution_window_days: days }).attribution_window_days).toBe(days);
  });

  test.each([[0], [-5], [366], [1.5], [Number.NaN], ["30"], [null], [{ days: 30 }]])(
    "a bad window (%j) falls back to the default",
    (stored) => {
      expect(storedSettings("cutechat", { attribution_window_days: stored }).attribution_window_days).toBe(30);
    },
  );

  test("a hold of 0 days is allowed (commission payable at once); a bad one falls back to 30", () => {
    expect(storedSettings("cutechat", { hold_days: 0 }).hold_days).toBe(0);
    expect(storedSettings("cutechat", { hold_days: -1 }).hold_days).toBe(30);
  });
});
