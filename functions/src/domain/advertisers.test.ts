import { describe, expect, it } from "vitest";
import { formatRate } from "./advertisers.js";

describe("formatRate", () => {
  it("states a rate in whole percent, as the public pages print it", () => {
    expect(formatRate(0.6)).toBe("60%");
    expect(formatRate(0.25)).toBe("25%");
    expect(formatRate(0.125)).toBe("13%");
    expect(formatRate(0)).toBe("0%");
    expect(formatRate(1)).toBe("100%");
  });
});
