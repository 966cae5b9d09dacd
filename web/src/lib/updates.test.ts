import { describe, expect, test } from "vitest";
import { isNewUpdate, latestUpdate, newForDays, type Update } from "./updates";

const update = (title: string, date: string, pinned?: boolean): Update => ({ title, date, paragraphs: [], pinned });

describe("isNewUpdate", () => {
  test(`an announcement is new for ${newForDays} days, counted in the visitor's calendar days`, () => {
    expect(isNewUpdate("2025-10-06", new Date(2025, 9, 6, 0, 0))).toBe(true);
    expect(isNewUpdate("2025-10-06", new Date(2025, 9, 6 + newForDays - 1, 23, 59))).toBe(true);
    expect(isNewUpdate("2025-10-06", new Date(2025, 9, 6 + newForDays, 0, 0))).toBe(false);
  });

  test("a year on it is not (issue 32: 2025's news still said New in 2026)", () => {
    expect(isNewUpdate("2025-06-02", new Date(2026, 10, 26))).toBe(false);
  });

  test("across a month and a year end", () => {
    expect(isNewUpdate("2025-12-20", new Date(2026, 0, 10))).toBe(true);
    expect(isNewUpdate("2025-11-15", new Date(2026, 0, 10))).toBe(false);
  });
});

describe("latestUpdate", () => {
  test("the newest by date, pinned or not", () => {
    const list = [
      update("old pinned", "2024-01-01", true),
      update("newest", "2025-03-01"),
      update("mid", "2024-06-01"),
    ];
    expect(latestUpdate(list).title).toBe("newest");
  });

  test("the first of the newest on a tie", () => {
    expect(latestUpdate([update("a", "2025-01-01"), update("b", "2025-01-01")]).title).toBe("a");
  });

  test("refuses an empty list", () => {
    expect(() => latestUpdate([])).toThrow();
  });
});
