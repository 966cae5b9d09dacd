import { describe, expect, test } from "vitest";
import { lastDays, type DayKey } from "./days.js";
import { salesSpike, salesSpikeSignal } from "./sales-spike.js";

const day: DayKey = "2026-11-26";
/** The 28 days before `day`, each with `perDay` sales, and `sales` on the day itself. */
function history(perDay: number, sales: number) {
  const recent: Record<DayKey, { sales: number }> = {};
  for (const key of lastDays(new Date("2026-11-25T12:00:00Z"), 28)) recent[key] = { sales: perDay };
  recent[day] = { sales };
  return recent;
}

describe("a day's sales far above the affiliate's norm", () => {
  test("more than the factor times the 28 days' average is a spike", () => {
    expect(salesSpike(history(2, 41), day, 20)).toEqual({ day, sales: 41, norm: 2 });
    expect(salesSpike(history(2, 40), day, 20)).toBeNull();
  });

  test("a norm under one sale a day counts as one; under ten sales a day is never a spike", () => {
    expect(salesSpike({ [day]: { sales: 11 } }, day, 10)).toEqual({ day, sales: 11, norm: 1 });
    expect(salesSpike({ [day]: { sales: 10 } }, day, 10)).toBeNull();
    expect(salesSpike({ [day]: { sales: 9 } }, day, 2)).toBeNull();
  });

  test("days older than the 28 before do not make the norm", () => {
    const recent = { "2026-10-01": { sales: 10_000 }, [day]: { sales: 30 } };
    expect(salesSpike(recent, day, 10)).toEqual({ day, sales: 30, norm: 1 });
  });

  test("its signal is one per day, with the figures for staff", () => {
    const signal = salesSpikeSignal({ day, sales: 41, norm: 1.25 }, "hold_new");
    expect(signal).toMatchObject({
      family: "conversion_anomaly",
      action: "hold_new",
      key: `conversion_anomaly:sales_spike:${day}`,
    });
    expect(signal.evidence.detail).toBe(
      "41 sales on 2026-11-26, against 1.3 a day on average over the 28 days before.",
    );
  });
});
