import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { earningsPerSignUpText, formatEarningsPerSignUp, rateEarningsPerSignUp, ratingLabels } from "./rating.js";

const label = (earningsCents: number, signUps: number) => rateEarningsPerSignUp(earningsCents, signUps).label;

describe("rateEarningsPerSignUp", () => {
  test("no sign-ups", () => {
    expect(rateEarningsPerSignUp(5_000, 0)).toEqual({ label: "No signups", earningsPerSignUp: null });
  });

  test("the labels are SPEC.md's, word for word", () => {
    expect(Object.values(ratingLabels)).toEqual([
      "No signups",
      "HIGH RISK",
      "High Performance",
      "Neutral Performance",
      "Low Performance",
    ]);
  });

  test("exactly $1 per sign-up is High Performance; a cent more is HIGH RISK", () => {
    expect(label(300, 3)).toBe("High Performance");
    expect(label(301, 3)).toBe("HIGH RISK");
  });

  test("exactly $1/3 per sign-up is High Performance; a cent less is Neutral", () => {
    expect(label(100, 3)).toBe("High Performance");
    expect(label(99, 3)).toBe("Neutral Performance");
  });

  test("exactly $1/8 per sign-up is Neutral; a cent less is Low", () => {
    expect(label(100, 8)).toBe("Neutral Performance");
    expect(label(99, 8)).toBe("Low Performance");
  });

  test("boundaries hold at any scale (k sign-ups earning exactly the threshold)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), (k) => {
        expect(label(100 * k, k)).toBe("High Performance"); // $1
        expect(label(100 * k + 1, k)).toBe("HIGH RISK");
        expect(label(100 * 3 * k, 9 * k)).toBe("High Performance"); // $1/3
        expect(label(100 * 3 * k - 1, 9 * k)).toBe("Neutral Performance");
        expect(label(100 * k, 8 * k)).toBe("Neutral Performance"); // $1/8
        expect(label(100 * k - 1, 8 * k)).toBe("Low Performance");
      }),
    );
  });

  test("more earnings never lowers the rating", () => {
    const rank: string[] = [ratingLabels.low, ratingLabels.neutral, ratingLabels.high, ratingLabels.highRisk];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.nat(1000),
        fc.integer({ min: 1, max: 100_000 }),
        (e, extra, s) => {
          expect(rank.indexOf(label(e + extra, s))).toBeGreaterThanOrEqual(rank.indexOf(label(e, s)));
        },
      ),
    );
  });
});

test("earnings per sign-up are shown in dollars with 3 decimals", () => {
  expect(formatEarningsPerSignUp(rateEarningsPerSignUp(100, 3))).toBe("$0.333");
  expect(formatEarningsPerSignUp(rateEarningsPerSignUp(4_000, 16))).toBe("$2.500");
  expect(formatEarningsPerSignUp(rateEarningsPerSignUp(252_000, 1))).toBe("$2,520.000");
  expect(formatEarningsPerSignUp(rateEarningsPerSignUp(4_000, 0))).toBe("—");
});

test("exports carry earnings per sign-up as a plain number", () => {
  expect(earningsPerSignUpText(rateEarningsPerSignUp(100, 3))).toBe("0.333");
  expect(earningsPerSignUpText(rateEarningsPerSignUp(4_000, 0))).toBe("");
});
