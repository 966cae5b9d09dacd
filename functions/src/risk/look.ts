/**
 * A daily look for one signal family (the `riskReview` schedule): when the family's rule is on, each
 * candidate affiliate (those whose figures for it changed lately) is measured, and a finding raises the
 * family's signal into their case (data/risk-cases.ts) with the rule's action. Bounded: the candidates are
 * read up to a limit (logged when reached), and measured a few at a time.
 */
import { logger } from "firebase-functions/logger";
import pMap from "p-map";
import { dayKey, type DayKey } from "../domain/days.js";
import { ruleFor, type RiskFamily, type RiskRule } from "../domain/risk-rules.js";
import type { RiskSignal } from "../domain/risk.js";
import { riskRulesNow } from "../data/programme-settings.js";
import { raiseSignal } from "../data/risk-cases.js";

export interface Look {
  /** Affiliates measured. */
  looked: number;
  /** Signals that were new to the affiliate's case. */
  raised: number;
}

export interface LookPlan {
  /** Who to measure. */
  candidates: () => Promise<string[]>;
  /** The most candidates `candidates` reads (a warning is logged when it comes back with as many). */
  limit: number;
  /** The affiliate's signal under the rule, or null when nothing is found. */
  signalFor: (uid: string, rule: RiskRule) => Promise<RiskSignal | null>;
}

/** What a look finds about one affiliate: the signal, and the first day its hold would count from. */
export interface Finding {
  signal: RiskSignal;
  /** The day the rule would have started holding (the review's day, or where its evidence starts). */
  since: DayKey;
}

/**
 * How one family measures one affiliate, in two steps so the daily look and the simulation (risk/simulate.ts)
 * run the same detector: `read` reads what the review of each of `days` needs (once, bounded), and
 * `findingOn` is what the review of one of those days finds in it under the rule. The look reads for today
 * only; the simulation reads for the window and asks each day in turn.
 */
export interface Measure<Data> {
  read: (uid: string, days: readonly DayKey[], now: Date) => Promise<Data>;
  findingOn: (data: Data, day: DayKey, rule: RiskRule) => Finding | null;
}

/** The look's `signalFor` from a family's measure: today's review of the affiliate. */
export function measuredNow<Data>(measure: Measure<Data>, now: Date): LookPlan["signalFor"] {
  const today = dayKey(now);
  return async (uid, rule) => measure.findingOn(await measure.read(uid, [today], now), today, rule)?.signal ?? null;
}

export async function lookAt(family: RiskFamily, now: Date, plan: LookPlan): Promise<Look> {
  const rule = ruleFor(await riskRulesNow(), family);
  if (!rule) return { looked: 0, raised: 0 };
  const uids = await plan.candidates();
  if (uids.length >= plan.limit) logger.warn("risk look reached its limit", { family, limit: plan.limit });
  const raised = await pMap(
    uids,
    async (uid) => {
      try {
        const signal = await plan.signalFor(uid, rule);
        return signal ? (await raiseSignal(uid, signal, now)).added : false;
      } catch (error) {
        // One affiliate's failure (deleted since, a store error) leaves the others to be looked at.
        logger.error("risk signal not raised", { uid, family, error: String(error) });
        return false;
      }
    },
    { concurrency: 8 },
  );
  return { looked: uids.length, raised: raised.filter(Boolean).length };
}
