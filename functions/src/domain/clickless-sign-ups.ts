/**
 * A conversion anomaly (issue 33): sign-ups credited to an affiliate that no counted click of theirs could
 * have brought. Every referred customer arrives through the affiliate's link, and each visitor's click is
 * counted once an hour, so over a week an affiliate's sign-ups should not outnumber the clicks counted in
 * that week and the attribution window before it. More sign-ups than those clicks means conversions reported
 * for visitors who never came through the link (an advertiser's attribution gone wrong, or conversions
 * claimed by someone), or clicks counted apart as bots' and datacenters' that then converted.
 *
 * Measured from the daily figures the affiliate document keeps (`recent_days`, 95 days): the sign-ups of
 * the `windowDays` days to `day`, against the clicks of the `windowDays + attributionDays` days to it. Fewer
 * than `minSignUps` sign-ups is never a finding (a handful is noise).
 */
import { lastDays, type DayFigures, type DayKey } from "./days.js";
import type { RiskAction } from "./risk-rules.js";
import type { RiskSignal } from "./risk.js";

export const windowDays = 7;
/** The default attribution window: a sign-up may come this long after its click. */
export const attributionDays = 30;
export const minSignUps = 5;

export interface ClicklessSignUps {
  /** The last day of the week measured. */
  day: DayKey;
  signUps: number;
  clicks: number;
}

/** The finding for the week to `day`, or null when the sign-ups are few or the clicks could have brought them. */
export function clicklessSignUps(recent: Record<DayKey, Partial<DayFigures>>, day: DayKey): ClicklessSignUps | null {
  const end = new Date(`${day}T00:00:00Z`);
  const sum = (days: DayKey[], field: "sign_ups" | "clicks") =>
    days.reduce((total, key) => total + (recent[key]?.[field] ?? 0), 0);
  const signUps = sum(lastDays(end, windowDays), "sign_ups");
  if (signUps < minSignUps) return null;
  const clicks = sum(lastDays(end, windowDays + attributionDays), "clicks");
  return signUps > clicks ? { day, signUps, clicks } : null;
}

/** The finding's signal: one per case (a week that stays clickless adds nothing), with the figures for staff. */
export function clicklessSignUpsSignal(finding: ClicklessSignUps, action: RiskAction): RiskSignal {
  return {
    key: "conversion_anomaly:clickless_sign_ups",
    family: "conversion_anomaly",
    action,
    evidence: {
      detail:
        `${finding.signUps} sign-ups in the ${windowDays} days to ${finding.day}, against ${finding.clicks} counted ` +
        `clicks in the ${windowDays + attributionDays} days to it: more sign-ups than the clicks that could have brought them.`,
    },
  };
}
