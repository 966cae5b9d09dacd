import { describe, expect, test } from "vitest";
import {
  findingDetail,
  refundRateFindings,
  refundRateSignal,
  type RateCounts,
  type WindowCounts,
} from "./refund-rate.js";

const counts = (sales: number, refunds: number, chargebacks = 0): RateCounts => ({ sales, refunds, chargebacks });
/** The programme refunds 8% of its sales and charges back 1%. */
const programme = counts(10_000, 700, 100);
const windows = (thirty: RateCounts, ninety: RateCounts = thirty): WindowCounts[] => [
  { days: 30, affiliate: thirty, programme },
  { days: 90, affiliate: ninety, programme },
];

describe("refund and chargeback rate findings", () => {
  test("a rate above the factor times the programme's, with enough sales, is found in each window", () => {
    const findings = refundRateFindings(windows(counts(20, 12)), 3);
    expect(findings.map(({ days, kind, count, sales }) => ({ days, kind, count, sales }))).toEqual([
      { days: 30, kind: "refunds", count: 12, sales: 20 },
      { days: 90, kind: "refunds", count: 12, sales: 20 },
    ]);
    expect(findings[0]!.rate).toBe(0.6);
    expect(findings[0]!.programmeRate).toBe(0.08);
  });

  test("a rate at or under the factor times the programme's is not", () => {
    // 24% against 8% x 3 = 24%: not above.
    expect(refundRateFindings(windows(counts(100, 24)), 3)).toEqual([]);
    expect(refundRateFindings(windows(counts(100, 25)), 3)).toHaveLength(2);
  });

  test("too few sales in a window make no rate, whatever the refunds", () => {
    // 9 sales in 30 days and 19 in 90: under both minimums.
    expect(refundRateFindings(windows(counts(9, 9), counts(19, 19)), 3)).toEqual([]);
    // 15 sales: enough for 30 days (10), not for 90 (20).
    expect(refundRateFindings(windows(counts(15, 15)), 3).map((finding) => finding.days)).toEqual([30]);
  });

  test("chargebacks are compared on their own, and count with refunds in the first rate", () => {
    // 3 chargebacks in 40 sales: 7.5% against the programme's 1% (x3 = 3%); refunds and chargebacks 10%, not above 24%.
    const findings = refundRateFindings(windows(counts(40, 1, 3)), 3);
    expect(findings.map(({ days, kind, count }) => ({ days, kind, count }))).toEqual([
      { days: 30, kind: "chargebacks", count: 3 },
      { days: 90, kind: "chargebacks", count: 3 },
    ]);
  });

  test("a programme without refunds flags only rates above the 5% floor", () => {
    const clean = counts(5_000, 0);
    const against = (affiliate: RateCounts) => refundRateFindings([{ days: 30, affiliate, programme: clean }], 3);
    expect(against(counts(40, 2))).toEqual([]);
    expect(against(counts(40, 3))).toHaveLength(1);
  });

  test("an affiliate without refunds is never found, even in a programme without sales", () => {
    expect(refundRateFindings(windows(counts(50, 0)), 1)).toEqual([]);
    expect(refundRateFindings([{ days: 30, affiliate: counts(50, 0), programme: counts(0, 0) }], 1)).toEqual([]);
  });
});

describe("the refund rate signal", () => {
  test("none without findings", () => {
    expect(refundRateSignal([], "hold_new")).toBeNull();
  });

  test("names the counts in its key, so the same counts raise it once, and tells staff the rates", () => {
    const findings = refundRateFindings(windows(counts(20, 12), counts(60, 20, 4)), 3);
    const signal = refundRateSignal(findings, "hold_new")!;
    expect(signal).toMatchObject({ family: "refund_rate", action: "hold_new" });
    expect(signal.key).toBe("refund_rate:30d:refunds:12/20,90d:refunds:24/60,90d:chargebacks:4/60");
    expect(refundRateSignal(refundRateFindings(windows(counts(20, 12), counts(60, 20, 4)), 3), "flag")!.key).toBe(
      signal.key,
    );
    expect(signal.evidence.detail).toBe(
      "Last 30 days: 12 of 20 sales refunded or charged back (60%); the programme's rate is 8%. " +
        "Last 90 days: 24 of 60 sales refunded or charged back (40%); the programme's rate is 8%. " +
        "Last 90 days: 4 of 60 sales charged back (6.7%); the programme's rate is 1%.",
    );
  });

  test("a rate is written to a tenth of a percent", () => {
    expect(
      findingDetail({ days: 90, kind: "chargebacks", count: 1, sales: 3, rate: 1 / 3, programmeRate: 0.0125 }),
    ).toBe("Last 90 days: 1 of 3 sales charged back (33.3%); the programme's rate is 1.3%.");
  });
});
