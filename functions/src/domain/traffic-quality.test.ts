import { describe, expect, test } from "vitest";
import { trafficFinding, trafficFindingOn, trafficQualitySignal, type DayClicks } from "./traffic-quality.js";

const day = (clicks: number, filtered: number, datacenter = 0): DayClicks => ({
  date: "2026-11-20",
  clicks,
  filtered,
  datacenter,
});

describe("traffic quality", () => {
  test("a share of filtered clicks above the threshold, over enough clicks, is found", () => {
    expect(trafficFinding([day(10, 40, 10), day(10, 50)], 50)).toEqual({
      clicks: 110,
      filtered: 90,
      datacenter: 10,
      percent: (90 / 110) * 100,
    });
  });

  test("at or under the threshold it is not", () => {
    expect(trafficFinding([day(50, 50)], 50)).toBeNull();
    expect(trafficFinding([day(49, 51)], 50)).not.toBeNull();
  });

  test("fewer than 100 clicks in all say nothing, however many were filtered", () => {
    expect(trafficFinding([day(0, 99)], 1)).toBeNull();
    expect(trafficFinding([day(0, 100)], 1)).not.toBeNull();
  });

  test("the signal names the counts in its key and splits bots from datacenters for staff", () => {
    const finding = trafficFinding([day(200, 1_800, 300)], 50)!;
    const signal = trafficQualitySignal(finding, "flag");
    expect(signal).toMatchObject({ family: "traffic_quality", action: "flag", key: "traffic_quality:7d:1800/2000" });
    expect(signal.evidence.detail).toBe(
      "Last 7 days: 1,800 of 2,000 clicks filtered as automated (90%): 1,500 from bots, 300 from datacenters.",
    );
  });
});

describe("the review of one day (trafficFindingOn)", () => {
  const on = (date: string, clicks: number, filtered: number): DayClicks => ({ date, clicks, filtered, datacenter: 0 });

  test("looks at the week ending with the day, whatever else the days hold", () => {
    const days = [on("2026-11-01", 0, 500), on("2026-11-13", 10, 45), on("2026-11-14", 10, 45)];
    // The week of the 14th is the 8th to the 14th: 110 clicks, 90 filtered; the 1st is outside it.
    expect(trafficFindingOn(days, "2026-11-14", 50)).toMatchObject({ clicks: 110, filtered: 90 });
    expect(trafficFindingOn(days, "2026-11-14", 90)).toBeNull();
  });

  test("only for an affiliate with filtered clicks on the day or the day before, as the review picks them", () => {
    const days = [on("2026-11-10", 0, 200), on("2026-11-12", 50, 0)];
    expect(trafficFindingOn(days, "2026-11-11", 50)).toMatchObject({ filtered: 200 });
    // On the 12th the week still holds the 200 filtered clicks, but none were on the 11th or the 12th.
    expect(trafficFindingOn(days, "2026-11-12", 50)).toBeNull();
  });
});
