import { describe, expect, test } from "vitest";
import { limits } from "../config.js";
import { attributionWindowDays } from "./advertiser-config.js";

describe("attributionWindowDays", () => {
  test("an advertiser that sets none gets the default of 30 days", () => {
    expect(limits.attributionWindowDays).toBe(30);
    expect(attributionWindowDays("cutechat", undefined)).toBe(30);
  });

  test.each([1, 7, 90, 365])("an advertiser's own window of %i days is kept", (days) => {
    expect(attributionWindowDays("cutechat", days)).toBe(days);
  });

  test.each([[0], [-5], [366], [1.5], [Number.NaN], ["30"], [null], [{ days: 30 }]])(
    "a bad window (%j) falls back to the default",
    (stored) => {
      expect(attributionWindowDays("cutechat", stored)).toBe(30);
    },
  );
});
