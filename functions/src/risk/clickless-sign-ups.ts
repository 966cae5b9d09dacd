/**
 * The daily look at sign-ups no counted click could have brought (issue 33, a conversion anomaly:
 * domain/clickless-sign-ups.ts), run by the `riskReview` schedule: every affiliate with a sign-up yesterday
 * has the week to yesterday measured against the clicks counted in it and the attribution window before, and
 * more sign-ups than those clicks raises a `conversion_anomaly` signal into their case. Costs one query and
 * one read per affiliate with a sign-up yesterday.
 */
import { dayKey } from "../domain/days.js";
import { clicklessSignUps, clicklessSignUpsSignal } from "../domain/clickless-sign-ups.js";
import { affiliatesWithSignUpsOn, recentDaysOf } from "../data/risk-days.js";
import { lookAt, type Look } from "./look.js";

/** The most day documents one look reads to find who had sign-ups yesterday (logged when reached). */
export const maxSignUpDays = 20_000;

export function lookAtClicklessSignUps(now: Date): Promise<Look> {
  const yesterday = dayKey(new Date(now.getTime() - 86_400_000));
  return lookAt("conversion_anomaly", now, {
    candidates: () => affiliatesWithSignUpsOn(yesterday, maxSignUpDays),
    limit: maxSignUpDays,
    signalFor: async (uid, rule) => {
      const finding = clicklessSignUps(await recentDaysOf(uid), yesterday);
      return finding ? clicklessSignUpsSignal(finding, rule.action) : null;
    },
  });
}
