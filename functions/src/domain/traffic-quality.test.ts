import { describe, expect, test } from "vitest";
import { trafficFinding, trafficQualitySignal, type DayClicks } from "./traffic-quality.js";

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
