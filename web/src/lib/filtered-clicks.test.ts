import { describe, expect, test } from "vitest";
import { filteredByReason, filteredClicksNote, filteredClicksSources } from "./filtered-clicks";

describe("the clicks counted apart, by reason (issue 33)", () => {
  test("the bots' are the filtered clicks that are not datacenters'; figures from before either read as 0", () => {
    expect(filteredByReason(15, 3)).toEqual({ filtered: 15, bots: 12, datacenter: 3 });
    expect(filteredByReason(15)).toEqual({ filtered: 15, bots: 15, datacenter: 0 });
    expect(filteredByReason()).toEqual({ filtered: 0, bots: 0, datacenter: 0 });
  });

  test("a note names the reasons there are, with separators, and is absent when there are none", () => {
    expect(filteredClicksNote(12, 0)).toBe("12 filtered (bots)");
    expect(filteredClicksNote(12)).toBe("12 filtered (bots)");
    expect(filteredClicksNote(3, 3)).toBe("3 filtered (datacenter)");
    expect(filteredClicksNote(15_000, 3_000)).toBe("15,000 filtered (12,000 bots, 3,000 datacenter)");
    expect(filteredClicksNote(3, 2)).toBe("3 filtered (1 bot, 2 datacenter)");
    expect(filteredClicksNote(0, 0)).toBeUndefined();
    expect(filteredClicksNote(undefined)).toBeUndefined();
  });

  test("the sources in words", () => {
    expect(filteredClicksSources(2, 0)).toBe("by bots and headless browsers");
    expect(filteredClicksSources(2, 2)).toBe("from datacenters and hosting networks");
    expect(filteredClicksSources(3, 1)).toBe("by bots and headless browsers or from datacenters and hosting networks");
  });
});
