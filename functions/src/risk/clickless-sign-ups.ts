/**
 * The daily look at sign-ups no counted click could have brought (issue 33, a conversion anomaly:
 * domain/clickless-sign-ups.ts), run by the `riskReview` schedule: every affiliate with a sign-up yesterday
 * has the week to yesterday measured against the clicks counted in it and the attribution window before, and
 * more sign-ups than those clicks raises a `conversion_anomaly` signal into their case. Costs one query and
 * one read per affiliate with a sign-up yesterday. The simulation (risk/simulate.ts) asks the same measure.
 */
import { dayBefore, dayKey, lastDays, type DayFigures, type DayKey } from "../domain/days.js";
import { attributionDays, clicklessSignUps, clicklessSignUpsSignal, windowDays } from "../domain/clickless-sign-ups.js";
import { affiliatesWithSignUpsOn, dailyFiguresOver } from "../data/risk-days.js";
import { lookAt, measuredNow, type Look, type Measure } from "./look.js";

/** The most day documents one look reads to find who had sign-ups yesterday (logged when reached). */
export const maxSignUpDays = 20_000;

/**
 * One affiliate's measure: their daily figures, and the review of a day measures the week to the day before
 * it against the clicks of that week and the attribution window before.
 */
export const clicklessSignUpsMeasure: Measure<Record<DayKey, DayFigures>> = {
  read: (uid, days, now) => dailyFiguresOver(uid, lastDays(now, days.length + windowDays + attributionDays + 1)),
  findingOn: (recent, day, rule) => {
    const finding = clicklessSignUps(recent, dayBefore(day));
    return finding ? { signal: clicklessSignUpsSignal(finding, rule.action), since: day } : null;
  },
};

export function lookAtClicklessSignUps(now: Date): Promise<Look> {
  return lookAt("conversion_anomaly", now, {
    candidates: () => affiliatesWithSignUpsOn([dayBefore(dayKey(now))], maxSignUpDays),
    limit: maxSignUpDays,
    signalFor: measuredNow(clicklessSignUpsMeasure, now),
  });
}
