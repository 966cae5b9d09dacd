/**
 * Risk cases (issue 33): at most one open case per affiliate gathers the signals raised about them, each
 * with its evidence; the case's action is the strongest of its signals' rules (domain/risk-rules.ts). While
 * a case that holds is open, new sales' commission goes into the affiliate's `risk_held` buckets instead of
 * the normal hold, and payout requests are refused. Staff resolve it: release (the held commission returns
 * to its normal hold timeline) or confirm (it is cancelled by a ledger entry, counted as clawed back).
 */
import type { AdvertiserId } from "./advertisers.js";
import { dayKey, type DayKey } from "./days.js";
import type { IdentifierKind } from "./customer-identifiers.js";
import type { Cents } from "./money.js";
import type { DestinationKind } from "./shared-destination.js";
import { holdsCommission, riskFamilyInfo, strongerAction, type RiskAction, type RiskFamily } from "./risk-rules.js";

export type RiskCaseStatus = "open" | "released" | "confirmed";

/** What a signal points at: which sale, click or event, which other affiliate. */
export interface RiskEvidence {
  /** One line for staff. */
  detail: string;
  other_uid?: string;
  destination_kind?: DestinationKind;
  sale_id?: string;
  click_id?: string;
  event_id?: string;
  /** Self-referral: which kinds of the customer's identifiers matched the affiliate's own (never a value). */
  identifier_kinds?: IdentifierKind[];
}

/** A signal as a detector raises it. `key` names it: the same signal raised twice adds nothing. */
export interface RiskSignal {
  key: string;
  family: RiskFamily;
  action: RiskAction;
  evidence: RiskEvidence;
}

/** A signal as its case keeps it. */
export interface RiskEvent extends RiskSignal {
  at: Date;
}

export interface RiskResolution {
  outcome: "released" | "confirmed";
  /** The staff member (model.ts's Recorder: not imported, as model.ts imports this module's types). */
  by: { uid: string; email: string };
  at: Date;
  note: string;
  /** The commission the case held when it was resolved: returned to the hold timeline, or cancelled. */
  held_cents: Cents;
}

/** How many of a case's events it keeps (the newest); `event_count` counts them all. */
export const maxCaseEvents = 50;

/** risk_cases/{id} (server-only). */
export interface RiskCaseDoc {
  uid: string;
  status: RiskCaseStatus;
  /** The strongest action of its events. */
  action: RiskAction;
  families: RiskFamily[];
  opened_at: Date;
  updated_at: Date;
  /** The newest maxCaseEvents events, oldest first. */
  events: RiskEvent[];
  event_count: number;
  resolution: RiskResolution | null;
}

/** The open case as the affiliate document carries it, so the ledger's read of the affiliate sees it. */
export interface RiskCaseSummary {
  id: string;
  action: RiskAction;
  families: RiskFamily[];
  opened_at: Date;
}

/** Commission held by the open case, by advertiser and the day it would have matured on. */
export type RiskHeld = Partial<Record<AdvertiserId, Record<DayKey, Cents>>>;

export function openCase(uid: string, signal: RiskSignal, now: Date): RiskCaseDoc {
  return {
    uid,
    status: "open",
    action: signal.action,
    families: [signal.family],
    opened_at: now,
    updated_at: now,
    events: [{ ...signal, at: now }],
    event_count: 1,
    resolution: null,
  };
}

/** The open case with the signal added (its action the stronger, its family listed once). */
export function caseWithSignal(riskCase: RiskCaseDoc, signal: RiskSignal, now: Date): RiskCaseDoc {
  return {
    ...riskCase,
    action: strongerAction(riskCase.action, signal.action),
    families: riskCase.families.includes(signal.family) ? riskCase.families : [...riskCase.families, signal.family],
    updated_at: now,
    events: [...riskCase.events, { ...signal, at: now }].slice(-maxCaseEvents),
    event_count: riskCase.event_count + 1,
  };
}

export function caseSummary(id: string, riskCase: RiskCaseDoc): RiskCaseSummary {
  return { id, action: riskCase.action, families: riskCase.families, opened_at: riskCase.opened_at };
}

/**
 * What the affiliate's own document says of their open case: the case while it holds commission (the ledger
 * holds their sales by it, and they are told they are under review), nothing while it only flags (their
 * document is theirs to read, and a flag is for staff's eyes).
 */
export function affiliateCaseSummary(summary: RiskCaseSummary): RiskCaseSummary | null {
  return holdsCommission(summary.action) ? summary : null;
}

/** The open case that holds new commission, if the affiliate has one. */
export function holdingCase(affiliate: { risk_case: RiskCaseSummary | null }): RiskCaseSummary | null {
  const open = affiliate.risk_case;
  return open && holdsCommission(open.action) ? open : null;
}

/** The signal's document id among its case's signals: its key, made safe for a document id. */
export const signalId = (key: string): string => key.replace(/[/]/g, "_").slice(0, 500);

/** The commission the open case holds, in all. */
export function riskHeldCentsOf(affiliate: { risk_held?: RiskHeld }): Cents {
  let cents = 0;
  for (const days of Object.values(affiliate.risk_held ?? {})) for (const held of Object.values(days)) cents += held;
  return cents;
}

/**
 * Releasing the case: each bucket goes back to the normal hold on its day, or (its day come) is simply no
 * longer held, so it is payable. Answers the normal buckets to add.
 */
export function releasedHolds(riskHeld: RiskHeld, now: Date): Record<DayKey, Cents> {
  const today = dayKey(now);
  const back: Record<DayKey, Cents> = {};
  for (const days of Object.values(riskHeld)) {
    for (const [day, cents] of Object.entries(days)) {
      if (day > today && cents !== 0) back[day] = (back[day] ?? 0) + cents;
    }
  }
  return back;
}

/** Confirming the case: the held commission cancelled, per advertiser (each a ledger entry of its own). */
export function cancelledHolds(riskHeld: RiskHeld): Partial<Record<AdvertiserId, Cents>> {
  const cancelled: Partial<Record<AdvertiserId, Cents>> = {};
  for (const [advertiser, days] of Object.entries(riskHeld) as [AdvertiserId, Record<DayKey, Cents>][]) {
    const cents = Object.values(days).reduce((sum, held) => sum + held, 0);
    if (cents > 0) cancelled[advertiser] = cents;
  }
  return cancelled;
}

/** The review as the affiliate reads it: the families in plain words, never a rule's threshold. */
export function reviewReasons(families: readonly RiskFamily[]): string[] {
  return families.map((family) => riskFamilyInfo[family].plain);
}

/** What a review means for the affiliate's payouts, in their words. */
export const underReviewMessage =
  "Your account is under review, so new commissions are held and payouts are paused until the review ends. Contact us if you have questions.";

/** How many of the others a joining affiliate's evidence names in its line for staff. */
const othersNamed = 3;

/** The others as a joining affiliate's evidence names them: "a, b, c and 2 more". */
export function namedOthers(named: readonly string[]): string {
  const more = named.length > othersNamed ? ` and ${named.length - othersNamed} more` : "";
  return `${named.slice(0, othersNamed).join(", ")}${more}`;
}

/**
 * The signals of "one person, several accounts" when an affiliate joins something others use (a payout
 * destination, a sign-in device): one for the joining affiliate, naming the others; and, when it was one
 * affiliate's until now (it has just become shared), one for that affiliate, naming the newcomer. Those who
 * shared it already were signalled when it became shared: a third account adds a signal for itself only, so a
 * join raises at most two signals however many accounts share it. `signalFor` makes the signal of one
 * affiliate naming others (the first of them as `other_uid`).
 */
export function joinSignals(
  joining: string,
  others: readonly string[],
  signalFor: (named: readonly string[]) => RiskSignal,
): { uid: string; signal: RiskSignal }[] {
  const existing = others.filter((other) => other !== joining);
  if (existing.length === 0) return [];
  const joiner = { uid: joining, signal: signalFor(existing) };
  return existing.length === 1 ? [joiner, { uid: existing[0]!, signal: signalFor([joining]) }] : [joiner];
}

/**
 * The shared-destination signals when an affiliate joins a destination others use (joinSignals; staff see
 * every account that shares it through GET /api/shared_payout_destination). Keyed by the destination: one
 * event per destination in a case.
 */
export function sharedDestinationSignals(
  joining: string,
  others: readonly string[],
  kind: DestinationKind,
  destination: string,
  action: RiskAction,
): { uid: string; signal: RiskSignal }[] {
  return joinSignals(joining, others, (named) => ({
    key: `shared_destination:${destination}`,
    family: "shared_destination",
    action,
    evidence: {
      detail: `Uses the same payout destination as affiliate ${namedOthers(named)}.`,
      other_uid: named[0]!,
      destination_kind: kind,
    },
  }));
}

/** What an affiliate under a review that holds may see of it: never the rule, its threshold or the evidence. */
export interface RiskReviewView {
  message: string;
  reasons: string[];
  since: Date;
  held_cents: Cents;
}

/**
 * The affiliate's own view of their review: only while a case that holds is open (a case that only flags
 * changes nothing for them, and is not theirs to see).
 */
export function riskReviewOf(affiliate: {
  risk_case: RiskCaseSummary | null;
  risk_held?: RiskHeld;
}): RiskReviewView | null {
  const open = holdingCase(affiliate);
  if (!open) return null;
  return {
    message: underReviewMessage,
    reasons: reviewReasons(open.families),
    since: open.opened_at,
    held_cents: riskHeldCentsOf(affiliate),
  };
}
