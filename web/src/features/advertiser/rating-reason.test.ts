import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { formatEarningsPerSignUp, rateEarningsPerSignUp } from "@domain/rating";
import { affiliateView } from "./affiliate-view";
import { ratingReason } from "./rating-reason";
import { summaryRowFixture } from "./summary-row-fixture";

/** The reason for an affiliate with these totals (earnings in cents, as the rating reads them). */
const reason = (earningsCents: number, signUps: number) =>
  ratingReason(affiliateView(summaryRowFixture({ total_earnings: earningsCents / 100, total_sign_ups: signUps })));

describe("ratingReason", () => {
  test("each band: the figure as the card shows it, and the band's rule", () => {
    expect(reason(6_878, 10)).toBe("$6.878 per sign-up: above $1.000 is HIGH RISK");
    expect(reason(50_000, 1_000)).toBe("$0.500 per sign-up: from $0.333… to $1.000 is High Performance");
    expect(reason(2_000, 100)).toBe("$0.200 per sign-up: from $0.125 to below $0.333… is Neutral Performance");
    expect(reason(100, 100)).toBe("$0.010 per sign-up: below $0.125 is Low Performance");
  });

  test("no sign-ups: no figure, and says so", () => {
    expect(reason(5_000, 0)).toBe("No sign-ups yet, so no earnings per sign-up to rate");
    expect(reason(0, 0)).toBe("No sign-ups yet, so no earnings per sign-up to rate");
  });

  test("on a line, the band the line belongs to", () => {
    expect(reason(300, 3)).toBe("$1.000 per sign-up: from $0.333… to $1.000 is High Performance");
    expect(reason(100, 3)).toBe("$0.333… per sign-up: from $0.333… to $1.000 is High Performance");
    expect(reason(100, 8)).toBe("$0.125 per sign-up: from $0.125 to below $0.333… is Neutral Performance");
  });

  test("a figure that rounds onto the other side of a line gets the decimals that keep it on its own side", () => {
    expect(reason(10_004, 100)).toBe("$1.0004 per sign-up: above $1.000 is HIGH RISK");
    expect(reason(12_496, 1_000)).toBe("$0.12496 per sign-up: below $0.125 is Low Performance");
    // $0.3333 is below $1/3: printed to 3 decimals, it reads below the line "$0.333…" already.
    expect(reason(3_333, 100)).toBe("$0.333 per sign-up: from $0.125 to below $0.333… is Neutral Performance");
  });

  test("the figure always reads in its band, and matches the card's wherever rounding keeps it there", () => {
    // Any totals, and totals a few cents either side of a line, where rounding could mislead.
    const anyTotals = fc.tuple(fc.integer({ min: 0, max: 100_000_000 }), fc.integer({ min: 1, max: 1_000_000 }));
    const nearALine = fc
      .tuple(fc.integer({ min: 1, max: 1_000_000 }), fc.constantFrom(1, 3, 8), fc.integer({ min: -3, max: 3 }))
      .map(
        ([signUps, divisor, cents]) => [Math.max(0, Math.round((100 * signUps) / divisor) + cents), signUps] as const,
      );
    fc.assert(
      fc.property(fc.oneof(anyTotals, nearALine), ([cents, signUps]) => {
        const rating = rateEarningsPerSignUp(cents, signUps);
        const text = reason(cents, signUps);
        expect(text.endsWith(` is ${rating.label}`)).toBe(true);
        const figure = /^\$([\d,]+)\.(\d+)(…?) per sign-up: /.exec(text);
        expect(figure).not.toBeNull();
        const [, whole, decimals, goesOn] = figure!;
        // The printed figure, rated as an exact amount: units of 10^-decimals dollars, over 10^(decimals-2) sign-ups.
        const printed = rateEarningsPerSignUp(
          Number(whole!.replaceAll(",", "") + decimals),
          10 ** (decimals!.length - 2),
        );
        if (goesOn) expect(text.startsWith("$0.333… per sign-up")).toBe(true);
        else expect(printed.label).toBe(rating.label);
        if (decimals!.length === 3 && !goesOn) expect(text.startsWith(formatEarningsPerSignUp(rating))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
