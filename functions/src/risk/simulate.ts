/**
 * POST /api/simulate_risk_rule (issue 33, "simulate before switching on"): which affiliates a candidate rule
 * would have caught over the last 90 days, and how much money it would have held, from what is stored; it
 * writes nothing. Each family is measured by the daily review's own measure (risk/look.ts), asked for every
 * day of the window as the review would have been, or, for a shared payout destination or sign-in device, by
 * replaying the save path's or the dashboard sessions' signals over the index, or, for self-referral, by
 * matching the window's customers with the affiliates' identities: so what the simulation shows is what the
 * rule then does (self-referral: with the identities of today).
 *
 * Conversions faster than a person are not a daily look: they are replayed from the converted clicks, each
 * click's first conversion timed as its postback was (domain/fast-conversion.ts's firstConversionOf).
 *
 * Bounded per request: at most maxSimulationCandidateReads documents read to find candidates (or converted
 * clicks), at most maxSimulatedAffiliates of them measured (each: one read for sales spikes, its window's day
 * documents for traffic, its busy address blocks and one read for address blocks, six aggregation counts
 * for refund rates, one identity for self-referral), and one masked read of each affiliate caught.
 */
import pMap from "p-map";
import type { RiskSimulation } from "../contract/risk.js";
import { balanceOf } from "../domain/balance.js";
import { dayBefore, dayKey, type DayKey } from "../domain/days.js";
import type { AffiliateDoc } from "../domain/model.js";
import { fastConversionSignal, firstConversionOf } from "../domain/fast-conversion.js";
import { centsToDollars } from "../domain/money.js";
import type { RiskSignal } from "../domain/risk.js";
import type { RiskFamily, RiskRule } from "../domain/risk-rules.js";
import {
  commissionSince,
  firstFinding,
  maxSimulatedAffiliates,
  maxSimulationCandidateReads,
  sharedDestinationReplay,
  simulatedHoldCents,
  simulationDays,
  simulationNotes,
  simulationWindowDays,
} from "../domain/risk-simulation.js";
import { firstSelfReferral, type CustomerEvent } from "../domain/self-referral.js";
import { minSpikeSales } from "../domain/sales-spike.js";
import { sharedDeviceReplay } from "../domain/shared-device.js";
import { windowStart } from "../domain/refund-rate.js";
import { db, refs } from "../data/firestore.js";
import { sharedEntries } from "../data/payout-destinations.js";
import { sharedDeviceEntries } from "../data/sign-in-devices.js";
import { customerEventsSince, identitiesOf } from "../data/risk-identity.js";
import { affiliatesWithBusyBlocks } from "../data/address-blocks.js";
import { convertedClicksSince } from "../data/clicks.js";
import { affiliatesRefundedIn } from "../data/refund-counts.js";
import { affiliatesWithDays, type FoundAffiliates } from "../data/risk-days.js";
import type { Finding, Measure } from "./look.js";
import { refundRateMeasure } from "./refund-rate.js";
import { addressBlocksMeasure } from "./address-blocks.js";
import { clicklessSignUpsMeasure } from "./clickless-sign-ups.js";
import { salesSpikeMeasure } from "./sales-spike.js";
import { trafficQualityMeasure } from "./traffic-quality.js";

/** Who a family's measured findings come from, and on which days the review would have looked. */
interface Plan<Data> {
  measure: Measure<Data>;
  /** The affiliates worth measuring over `days` (the window), at most `limit` documents read. */
  candidates: (days: DayKey[], now: Date, limit: number) => Promise<FoundAffiliates>;
  /** The review days asked, oldest first. */
  reviewDays: (days: DayKey[]) => DayKey[];
}

interface Caught {
  uid: string;
  finding: Finding;
}

/** What one look at a family finds over the window, and whether a bound left some out. */
interface Findings {
  caught: Caught[];
  cut: boolean;
}

/** One look at a family over the window (`days`, oldest first) under the rule. */
type WindowLook = (rule: RiskRule, days: DayKey[], now: Date) => Promise<Findings>;

/** A measured look: its candidates, each measured by the daily review's own measure. */
const plan =
  <Data>(p: Plan<Data>): WindowLook =>
  (rule, days, now) =>
    lookFindings(p as Plan<unknown>, rule, days, now);

/** A review of a day looks at the day before too (sales spikes compare it; traffic looks at who had filtered clicks). */
const withDayBefore = (days: DayKey[]): DayKey[] => [dayBefore(days[0]!), ...days];

type MeasuredFamily = "refund_rate" | "conversion_anomaly" | "traffic_quality";

/** Each measured family's plan, made per simulation (the refund rates' measure reads the programme's counts once). */
const plansNow = (): Record<MeasuredFamily, WindowLook[]> => ({
  // Refund rates are over the 30 and 90 days up to today: measured as today's review measures them.
  refund_rate: [
    plan({
      measure: refundRateMeasure(),
      candidates: (_days, now, limit) => affiliatesRefundedIn(windowStart(now, simulationWindowDays), limit),
      reviewDays: (days) => days.slice(-1),
    }),
  ],
  // Four looks: the review of each day compares the day before with the norm (sales spikes), measures the
  // week to it against the clicks that could have brought its sign-ups, and counts its sign-ups by block;
  // and the conversions faster than a person, timed as their postbacks arrived, replayed from the clicks.
  conversion_anomaly: [
    plan({
      measure: salesSpikeMeasure,
      candidates: (days, _now, limit) => affiliatesWithDays("sales", minSpikeSales, withDayBefore(days), limit),
      reviewDays: (days) => days,
    }),
    plan({
      measure: clicklessSignUpsMeasure,
      candidates: (days, _now, limit) => affiliatesWithDays("sign_ups", 1, withDayBefore(days), limit),
      reviewDays: (days) => days,
    }),
    plan({
      measure: addressBlocksMeasure,
      candidates: (days, _now, limit) => affiliatesWithBusyBlocks(withDayBefore(days), limit),
      reviewDays: (days) => days,
    }),
    fastConversionFindings,
  ],
  // The review of each day looks at who had filtered clicks on it or the day before.
  traffic_quality: [
    plan({
      measure: trafficQualityMeasure,
      candidates: (days, _now, limit) => affiliatesWithDays("filtered_clicks", 1, withDayBefore(days), limit),
      reviewDays: (days) => days,
    }),
  ],
});

/** The findings of a measured family over the window: who, from when, with what evidence. */
async function measuredFindings(family: MeasuredFamily, rule: RiskRule, days: DayKey[], now: Date): Promise<Findings> {
  const looks = await Promise.all(plansNow()[family].map((look) => look(rule, days, now)));
  // A family of several looks (conversion anomalies) catches an affiliate from the first of its findings.
  const first = new Map<string, Finding>();
  for (const { uid, finding } of looks.flatMap((look) => look.caught)) {
    const earlier = first.get(uid);
    if (!earlier || finding.since < earlier.since) first.set(uid, finding);
  }
  return {
    caught: [...first].map(([uid, finding]) => ({ uid, finding })),
    cut: looks.some((look) => look.cut),
  };
}

/** One look's findings over the window: its candidates measured, each from the first day it finds. */
async function lookFindings(
  { measure, candidates, reviewDays }: Plan<unknown>,
  rule: RiskRule,
  days: DayKey[],
  now: Date,
): Promise<Findings> {
  const found = await candidates(days, now, maxSimulationCandidateReads);
  const measured = found.uids.slice(0, maxSimulatedAffiliates);
  const reviewed = reviewDays(days);
  const findings = await pMap(
    measured,
    async (uid) => {
      const data = await measure.read(uid, reviewed, now);
      const finding = firstFinding(reviewed, (day) => measure.findingOn(data, day, rule));
      return finding ? [{ uid, finding }] : [];
    },
    { concurrency: 8 },
  );
  return { caught: findings.flat(), cut: found.reached || found.uids.length > measured.length };
}

/**
 * Conversions faster than a person, replayed: the clicks first converted in the window (at most
 * maxSimulationCandidateReads read, the newest first), each timed as its postback was; an affiliate is caught
 * from the day of their first fast one, with its evidence, as the case the rule opened shows it.
 */
async function fastConversionFindings(rule: RiskRule, days: DayKey[]): Promise<Findings> {
  const { clicks, reached } = await convertedClicksSince(
    new Date(`${days[0]!}T00:00:00Z`),
    maxSimulationCandidateReads,
  );
  const first = new Map<string, Finding>();
  // The newest first: each affiliate's finding is left at their oldest.
  for (const { id, click } of clicks) {
    const timed = firstConversionOf(id, click);
    const signal = timed ? fastConversionSignal(timed, rule.action) : null;
    if (signal) first.set(click.uid, { signal, since: dayKey(click.converted_at!) });
  }
  const caught = [...first].map(([uid, finding]) => ({ uid, finding }));
  return {
    caught: caught.slice(0, maxSimulatedAffiliates),
    cut: reached || caught.length > maxSimulatedAffiliates,
  };
}

/** The save path's signals replayed over the shared destinations' entries: each named affiliate, once. */
async function sharedFindings(rule: RiskRule, days: DayKey[]): Promise<Findings> {
  const { entries, reached } = await sharedEntries(maxSimulationCandidateReads);
  const signals = new Map<string, RiskSignal>();
  for (const { key, entry } of entries) {
    for (const [uid, signal] of sharedDestinationReplay(entry.uids, entry.kind, key, rule.action)) {
      if (!signals.has(uid)) signals.set(uid, signal);
    }
  }
  // The index keeps no date of joining: the hold counts over the whole window.
  const caught = [...signals].map(([uid, signal]) => ({ uid, finding: { signal, since: days[0]! } }));
  return {
    caught: caught.slice(0, maxSimulatedAffiliates),
    cut: reached || caught.length > maxSimulatedAffiliates || entries.some(({ entry }) => entry.more > 0),
  };
}

/**
 * The dashboard sessions' shared-device signals replayed over the index's shared entries (sharedDeviceReplay):
 * each affiliate from the first join in the window the rule would have signalled.
 */
async function sharedDeviceFindings(rule: RiskRule, days: DayKey[]): Promise<Findings> {
  const { entries, reached } = await sharedDeviceEntries(maxSimulationCandidateReads);
  const first = new Map<string, Finding>();
  for (const { key, entry } of entries) {
    for (const [uid, finding] of sharedDeviceReplay(entry.seen, key, rule.action, days[0]!)) {
      const earlier = first.get(uid);
      if (!earlier || finding.since < earlier.since) first.set(uid, finding);
    }
  }
  const caught = [...first].map(([uid, finding]) => ({ uid, finding }));
  return { caught: caught.slice(0, maxSimulatedAffiliates), cut: reached || caught.length > maxSimulatedAffiliates };
}

/**
 * The ledger path's self-referral check replayed over the window's sign-ups and sales that named their
 * customer (their event records keep the keys): each affiliate's, against their identity as it is today,
 * from the first that matches. At most maxSimulatedAffiliates affiliates' identities are read.
 */
async function selfReferralFindings(rule: RiskRule, days: DayKey[]): Promise<Findings> {
  const { events, reached } = await customerEventsSince(new Date(`${days[0]!}T00:00:00Z`), maxSimulationCandidateReads);
  const byUid = new Map<string, CustomerEvent[]>();
  for (const { uid, ...event } of events) byUid.set(uid, [...(byUid.get(uid) ?? []), event]);
  const measured = [...byUid.keys()].slice(0, maxSimulatedAffiliates);
  const identities = await identitiesOf(measured);
  const caught = measured.flatMap((uid) => {
    const finding = firstSelfReferral(byUid.get(uid)!, identities.get(uid) ?? null, rule.action);
    return finding ? [{ uid, finding }] : [];
  });
  return { caught, cut: reached || byUid.size > measured.length };
}

/** The affiliate fields a caught row needs (a field mask: the affiliate document is large). */
const rowFields = [
  "name",
  "email",
  "recent_days",
  "total_earnings_cents",
  "total_refunded_cents",
  "total_payouts_cents",
];

/** Who the family's rule would have caught over the window, and from when. */
function findingsOf(family: RiskFamily, rule: RiskRule, days: DayKey[], now: Date) {
  switch (family) {
    case "shared_destination":
      return sharedFindings(rule, days);
    case "shared_device":
      return sharedDeviceFindings(rule, days);
    case "self_referral":
      return selfReferralFindings(rule, days);
    default:
      return measuredFindings(family, rule, days, now);
  }
}

export async function simulateRiskRule(family: RiskFamily, rule: RiskRule, now: Date): Promise<RiskSimulation> {
  const days = simulationDays(now);
  const { caught, cut } = await findingsOf(family, rule, days, now);
  const snapshots =
    caught.length === 0
      ? []
      : await db().getAll(...caught.map(({ uid }) => refs.affiliate(uid)), { fieldMask: rowFields });
  const affiliates = new Map(
    snapshots.flatMap((snapshot) => (snapshot.exists ? [[snapshot.id, snapshot.data() as AffiliateDoc]] : [])),
  );
  const rows = caught.flatMap(({ uid, finding }) => {
    const affiliate = affiliates.get(uid);
    if (!affiliate) return [];
    const commission = commissionSince(affiliate.recent_days, finding.since, now);
    const cents = simulatedHoldCents(rule.action, commission, balanceOf(affiliate));
    return [{ uid, affiliate, finding, cents }];
  });
  rows.sort((a, b) => b.cents - a.cents || a.uid.localeCompare(b.uid));
  return {
    family,
    action: rule.action,
    threshold: rule.threshold ?? null,
    window_days: simulationWindowDays,
    from: days[0]!,
    to: dayKey(now),
    affiliates: rows.map(({ uid, affiliate, finding, cents }) => ({
      user_id: uid,
      name: affiliate.name,
      email: affiliate.email,
      since: finding.since,
      evidence: finding.signal.evidence.detail,
      amount: centsToDollars(cents),
    })),
    count: rows.length,
    total: centsToDollars(rows.reduce((sum, { cents }) => sum + cents, 0)),
    cut,
    limit: maxSimulatedAffiliates,
    note: simulationNotes[family],
  };
}
