/**
 * Simulating a risk rule before it is switched on (issue 33): which affiliates the rule would have caught over
 * the last `simulationWindowDays` days, and how much money it would have held, from what is stored. The
 * detectors are the daily review's and the save path's own (risk/look.ts's measures, sharedDestinationSignals);
 * this module is what the simulation adds to them: the first day a review would have fired, and the money.
 */
import { lastDays, type DayFigures, type DayKey } from "./days.js";
import type { Cents } from "./money.js";
import type { RiskAction, RiskFamily } from "./risk-rules.js";
import { sharedDestinationSignals, type RiskSignal } from "./risk.js";
import type { DestinationKind } from "./shared-destination.js";

/** How far back a simulation looks, in days (today included). */
export const simulationWindowDays = 90;
/** The most affiliates one simulation measures; past it, the answer says the list was cut. */
export const maxSimulatedAffiliates = 200;
/** The most documents one simulation reads to find who to measure (day documents, ledger entries, entries). */
export const maxSimulationCandidateReads = 5_000;

/**
 * What staff should know of how a family is simulated, where its stored record differs from what the rule
 * would have seen at the time (the answer's `note`); null where the replay is the detector's own.
 */
export const simulationNotes: Record<RiskFamily, string | null> = {
  shared_destination: "The index keeps no date of joining: the whole window counts for each affiliate caught.",
  shared_device:
    "Replayed from the index of devices, which keeps the 20 affiliates seen most lately on each device and when each was last recorded.",
  self_referral:
    "The customers named by the window's sign-ups and sales are compared with each affiliate's identity as it is today (their e-mail, payout destination, newest addresses and customer ids learnt), not as it was when the conversion came.",
  refund_rate: null,
  conversion_anomaly: null,
  traffic_quality: null,
};

/** The days a simulation reviews, oldest first: the window up to today. */
export const simulationDays = (now: Date): DayKey[] => lastDays(now, simulationWindowDays);

/** The first of `days` (oldest first) on which `findOn` finds something, with what it found. */
export function firstFinding<F>(days: readonly DayKey[], findOn: (day: DayKey) => F | null): F | null {
  for (const day of days) {
    const found = findOn(day);
    if (found) return found;
  }
  return null;
}

/** The commission of the affiliate's sales from `since` to today (`now`'s day), from their daily figures. */
export function commissionSince(recent: Record<DayKey, Partial<DayFigures>>, since: DayKey, now: Date): Cents {
  const today = lastDays(now, 1)[0]!;
  let total = 0;
  for (const [day, figures] of Object.entries(recent)) {
    if (day >= since && day <= today) total += figures.earnings_cents ?? 0;
  }
  return total;
}

/**
 * What the rule's action would have held: `flag` nothing; `hold_new` the commission of the sales since it
 * would have fired; `hold_all` that, or everything the affiliate is owed now (their balance) when that is more,
 * since under hold_all nothing payable leaves either.
 */
export function simulatedHoldCents(action: RiskAction, commissionCents: Cents, balanceCents: Cents): Cents {
  if (action === "flag") return 0;
  return action === "hold_new" ? commissionCents : Math.max(commissionCents, balanceCents);
}

/**
 * The signals the save path would have raised for every affiliate named in a shared destination's entry, had
 * the rule been on as each joined in turn (sharedDestinationSignals, replayed in the entry's order): the
 * first one named gets the second's signal, each later one their own as the joiner. By affiliate.
 */
export function sharedDestinationReplay(
  uids: readonly string[],
  kind: DestinationKind,
  destination: string,
  action: RiskAction,
): Map<string, RiskSignal> {
  const signals = new Map<string, RiskSignal>();
  for (let i = 1; i < uids.length; i += 1) {
    for (const { uid, signal } of sharedDestinationSignals(uids[i]!, uids.slice(0, i), kind, destination, action)) {
      if (!signals.has(uid)) signals.set(uid, signal);
    }
  }
  return signals;
}
