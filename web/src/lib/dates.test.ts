import { describe, expect, test } from "vitest";
import { formatDay, formatMoment } from "./dates";

describe("one style for dates and times", () => {
  test("a day is day, short month, year: never an ambiguous 06/10/2025", () => {
    expect(formatDay("2025-10-06")).toBe("6 Oct 2025");
    expect(formatDay(new Date("2024-12-31T23:59:59Z"))).toBe("31 Dec 2024");
  });

  test("a moment is in UTC and says so, with seconds where asked", () => {
    expect(formatMoment("2026-11-21T10:05:09Z")).toBe("21 Nov 2026, 10:05 UTC");
    expect(formatMoment(new Date("2026-11-21T10:05:09Z"), { seconds: true })).toBe("21 Nov 2026, 10:05:09 UTC");
    // Late in the UTC day is still that day, wherever the browser is.
    expect(formatMoment("2026-11-21T23:30:00Z")).toBe("21 Nov 2026, 23:30 UTC");
  });
});
