import { describe, expect, test } from "vitest";
import { lastDays, type DayFigures, type DayKey } from "./days.js";
import { clicklessSignUps, clicklessSignUpsSignal, minSignUps } from "./clickless-sign-ups.js";

const day = "2026-11-26";
const end = new Date(`${day}T00:00:00Z`);

/** Daily figures: `signUps` spread over the week to `day`, `clicks` on a day `clicksDaysBefore` days before it. */
function recent(signUps: number, clicks: number, clicksDaysBefore = 10): Record<DayKey, Partial<DayFigures>> {
  const week = lastDays(end, 7);
  const figures: Record<DayKey, Partial<DayFigures>> = {};
  week.forEach((key, i) => (figures[key] = { sign_ups: Math.floor(signUps / 7) + (i < signUps % 7 ? 1 : 0) }));
  const clickDay = lastDays(end, clicksDaysBefore + 1)[0]!;
  figures[clickDay] = { ...figures[clickDay], clicks };
  return figures;
}

describe("sign-ups no counted click could have brought", () => {
  test("more sign-ups in the week than clicks in it and the attribution window before: a finding", () => {
    expect(clicklessSignUps(recent(12, 0), day)).toEqual({ day, signUps: 12, clicks: 0 });
    expect(clicklessSignUps(recent(12, 11), day)).toEqual({ day, signUps: 12, clicks: 11 });
  });

  test("as many clicks as sign-ups, or clicks inside the 37 days, are enough; older clicks are not counted", () => {
    expect(clicklessSignUps(recent(12, 12), day)).toBeNull();
    expect(clicklessSignUps(recent(12, 40, 36), day)).toBeNull();
    expect(clicklessSignUps(recent(12, 40, 37), day)).toEqual({ day, signUps: 12, clicks: 0 });
  });

  test("fewer than five sign-ups is never a finding, clicks or not", () => {
    expect(clicklessSignUps(recent(minSignUps - 1, 0), day)).toBeNull();
    expect(clicklessSignUps(recent(minSignUps, 0), day)).not.toBeNull();
    expect(clicklessSignUps({}, day)).toBeNull();
  });

  test("the signal has one key per case and the figures for staff", () => {
    const signal = clicklessSignUpsSignal({ day, signUps: 12, clicks: 3 }, "hold_new");
    expect(signal).toMatchObject({
      key: "conversion_anomaly:clickless_sign_ups",
      family: "conversion_anomaly",
      action: "hold_new",
    });
    expect(signal.evidence.detail).toBe(
      "12 sign-ups in the 7 days to 2026-11-26, against 3 counted clicks in the 37 days to it: more sign-ups than the clicks that could have brought them.",
    );
  });
});
