/**
 * Promised terms (issue 34): an affiliate's rates are those they accepted. A programme change that lowers a
 * rate (the first-sale rate or a renewal's) applies to affiliates who join after it; those who joined before
 * keep what they had, for good, unless staff chose "apply to everyone" with a notice date, from which the new
 * rates are theirs too. A raise reaches everyone at once. Only the programme's (default group's) rates are
 * promised this way: a group's or a deal's rates are staff's choice for that affiliate, audited on their own.
 *
 * The rule, per rate: the affiliate starts with the rates in force when they joined; each later rate change
 * gives them the higher of their rate and the new one, or the new one outright once its notice date is past.
 */
import type { RepeatRates } from "./commission.js";
import { dayKey, dayMs, dayStart } from "./days.js";

/** The rates a promise covers, in the programme settings' shape. */
export interface PromisedRates {
  commission_rate: number;
  repeat_rates: RepeatRates;
}

/** Whom a change that lowers a rate applies to. */
export type LoweredRatesScope = { applies_to: "new_affiliates" } | { applies_to: "everyone"; notice_date: string };

/** One change of the programme's rates, as the promises remember it (advertisers/{id}/rate_history/changes). */
export interface RateChange extends PromisedRates {
  /** The settings version that made it (0: the rates the programme started with). */
  version: number;
  effective_from: Date;
  /**
   * When affiliates who joined before the change take its rates even where they are lower: null for a raise
   * or a change for new affiliates only (never), the notice date's start (UTC) for "apply to everyone".
   */
  everyone_from: Date | null;
  /** When the affiliates it lowers were e-mailed about it (groups/rates-notices.ts); absent: not yet. */
  notified_at?: Date;
}

/** The shortest notice staff may give before lowered rates reach affiliates who joined earlier. */
export const minNoticeDays = 14;
/** The longest: a notice further off is a plan, not a notice. */
export const maxNoticeDays = 365;
/** How many rate changes the promises keep (each a few hundred bytes on one document). */
export const maxRateChanges = 1_000;

/** The renewals either set of rates names, in order ("1", "2" … "12"): a renewal absent from one earns 0 there. */
export function renewalsOf(a: PromisedRates, b: PromisedRates): string[] {
  const keys = new Set([...Object.keys(a.repeat_rates), ...Object.keys(b.repeat_rates)]);
  return [...keys].sort((x, y) => Number(x) - Number(y));
}

/** "Commission rate", "Renewal #3": the rates `after` lowers against `before`, in the settings page's order. */
export function loweredRates(before: PromisedRates, after: PromisedRates): string[] {
  const lowered: string[] = [];
  if (after.commission_rate < before.commission_rate) lowered.push("Commission rate");
  for (const key of renewalsOf(before, after)) {
    if ((after.repeat_rates[key] ?? 0) < (before.repeat_rates[key] ?? 0)) lowered.push(`Renewal #${key}`);
  }
  return lowered;
}

/** Whether two rate sets are the same (a save that leaves them alone is not a rate change). */
export function sameRates(a: PromisedRates, b: PromisedRates): boolean {
  return loweredRates(a, b).length === 0 && loweredRates(b, a).length === 0;
}

function higher(a: PromisedRates, b: PromisedRates): PromisedRates {
  const repeat_rates: RepeatRates = { ...a.repeat_rates };
  for (const [key, rate] of Object.entries(b.repeat_rates))
    repeat_rates[key] = Math.max(rate, a.repeat_rates[key] ?? 0);
  return { commission_rate: Math.max(a.commission_rate, b.commission_rate), repeat_rates };
}

const ratesOf = ({ commission_rate, repeat_rates }: PromisedRates): PromisedRates => ({
  commission_rate,
  repeat_rates: { ...repeat_rates },
});

const byTime = (a: RateChange, b: RateChange) => a.effective_from.getTime() - b.effective_from.getTime();

/** The programme's rates at `at`: the newest change in effect by then (undefined: none yet). */
function programmeAt(sorted: RateChange[], at: Date): RateChange | undefined {
  return sorted.filter((change) => change.effective_from.getTime() <= at.getTime()).at(-1);
}

/**
 * The rates an affiliate who joined at `joinedAt` earns at `at`. An "apply to everyone" change whose notice
 * date has come treats them from then as if they had joined when it took effect; otherwise they start with
 * the rates in force when they joined and take each later change's rate where it is higher. Null when no
 * change is known by then (the caller's settings in force apply).
 */
export function promisedRates(changes: RateChange[], joinedAt: Date, at: Date): PromisedRates | null {
  const sorted = [...changes].sort(byTime);
  let joined = Math.min(joinedAt.getTime(), at.getTime());
  for (const change of sorted) {
    const noticed = change.everyone_from && change.everyone_from.getTime() <= at.getTime();
    if (noticed && change.effective_from.getTime() > joined) joined = change.effective_from.getTime();
  }
  const start = programmeAt(sorted, new Date(joined));
  if (!start) return null;
  let rates = ratesOf(start);
  for (const change of sorted) {
    const time = change.effective_from.getTime();
    if (time > joined && time <= at.getTime()) rates = higher(rates, change);
  }
  return rates;
}

/** One step of an affiliate's terms: the rates they earn from `from`, and what changed then. */
export interface TermsStep extends PromisedRates {
  from: Date;
  /** joined; raised or lowered: their rates changed; kept: the programme's changed and theirs did not. */
  reason: "joined" | "raised" | "lowered" | "kept";
  /** The programme's rates from then, where they differ from the affiliate's (a promise kept). */
  programme?: PromisedRates;
}

/**
 * The affiliate's terms from their joining to `until`, oldest first: a step where their rates or the
 * programme's changed (a change's day, and an "apply to everyone" change's notice date).
 */
export function termsHistory(changes: RateChange[], joinedAt: Date, until: Date): TermsStep[] {
  const sorted = [...changes].sort(byTime);
  const moments = new Set<number>([joinedAt.getTime()]);
  for (const change of sorted) {
    if (change.effective_from.getTime() <= joinedAt.getTime()) continue;
    moments.add(change.effective_from.getTime());
    if (change.everyone_from) moments.add(change.everyone_from.getTime());
  }
  const steps: TermsStep[] = [];
  for (const time of [...moments].sort((a, b) => a - b)) {
    if (time > until.getTime()) break;
    const at = new Date(time);
    const rates = promisedRates(sorted, joinedAt, at);
    const programme = programmeAt(sorted, at);
    if (!rates || !programme) continue;
    const previous = steps.at(-1);
    const reason = !previous
      ? "joined"
      : loweredRates(previous, rates).length > 0
        ? "lowered"
        : sameRates(previous, rates)
          ? "kept"
          : "raised";
    if (previous && reason === "kept" && sameRates(previous.programme ?? previous, programme)) continue;
    steps.push({
      from: at,
      reason,
      ...rates,
      ...(sameRates(rates, programme) ? {} : { programme: ratesOf(programme) }),
    });
  }
  return steps;
}

/**
 * The rate change a save makes, if it changes a rate, or the reason it is refused: a save that lowers a rate
 * must say whom the lower rates apply to, and "everyone" needs a notice date from minNoticeDays to
 * maxNoticeDays ahead (UTC days), so affiliates hear of it first.
 */
export function rateChangeOf(
  before: PromisedRates,
  after: PromisedRates,
  scope: LoweredRatesScope | undefined,
  version: number,
  now: Date,
): { change: RateChange | null; lowered: string[] } | { problem: string } {
  if (sameRates(before, after)) return { change: null, lowered: [] };
  const lowered = loweredRates(before, after);
  let everyoneFrom: Date | null = null;
  if (lowered.length > 0) {
    if (!scope) {
      return {
        problem: `lowered_rates: the settings lower the ${lowered.join(", ")}: say whether the lower rates apply to new affiliates only (those who joined earlier keep theirs) or to everyone from a notice date.`,
      };
    }
    if (scope.applies_to === "everyone") {
      const days = Math.round((dayStart(scope.notice_date).getTime() - dayStart(dayKey(now)).getTime()) / dayMs);
      if (!(days >= minNoticeDays && days <= maxNoticeDays)) {
        return {
          problem: `lowered_rates.notice_date: must be ${minNoticeDays} to ${maxNoticeDays} days from today, so affiliates hear of the lower rates first.`,
        };
      }
      everyoneFrom = dayStart(scope.notice_date);
    }
  }
  const change: RateChange = { version, effective_from: now, ...ratesOf(after), everyone_from: everyoneFrom };
  return { change, lowered };
}

/**
 * The rate changes before promises existed, from the settings' versions: each applied to everyone at once, as
 * it then did, so a sale already paid is paid the same.
 */
export function rateChangesBefore(
  versions: { version: number; effective_from: Date; settings: PromisedRates }[],
): RateChange[] {
  const changes: RateChange[] = [];
  for (const version of [...versions].sort((a, b) => a.version - b.version)) {
    const previous = changes.at(-1);
    if (previous && sameRates(previous, version.settings)) continue;
    changes.push({
      version: version.version,
      effective_from: version.effective_from,
      ...ratesOf(version.settings),
      everyone_from: version.version === 0 ? null : version.effective_from,
    });
  }
  return changes;
}
