/**
 * Tiers and bonuses (issue 34): the rules that reward an affiliate's results, kept per commission group.
 *
 * A **tier** of a group moves its members to another group once they reach a goal: at least N first sales
 * in the last 30 days, or at least $X of lifetime commission (either is enough). Tiers only promote: nothing
 * here moves anyone back. A **bonus** of a group credits its members a one-off amount once they have made N
 * first sales in a period (whole UTC days), as a ledger entry of its own.
 *
 * Everything is measured from the affiliate's document (its `recent_days` first sales and its lifetime
 * totals), so checking costs no read beyond it. The ledger checks after each sale (rewards/after-sale.ts):
 * from the document it read before the sale plus the sale (`mayReach`, with a margin for concurrent sales
 * it could not see), and exactly (`reached`) in a transaction that reads the document fresh.
 */
import { dayKey, lastDays, type DayKey } from "./days.js";
import type { Cents } from "./money.js";

/** How many days back a tier's first sales count. */
export const tierWindowDays = 30;
/** The longest bonus period, in days: its first sales must still be in the document's 95 recent days. */
export const maxBonusDays = 62;
/** How many tiers and bonuses a group may have (one document holds them; the ledger checks each). */
export const maxTiers = 10;
export const maxBonuses = 20;

export interface Tier {
  id: string;
  /** Reached with at least this many first sales in the last 30 UTC days (null: not this way). */
  first_sales_30d: number | null;
  /** Reached with at least this lifetime commission, net of clawbacks, in cents (null: not this way). */
  lifetime_commission_cents: Cents | null;
  /** The group its members move to. */
  to_group: string;
}

export interface Bonus {
  id: string;
  name: string;
  /** The first sales to make in the period. */
  first_sales: number;
  /** The period, whole UTC days, both included. */
  starts_on: DayKey;
  ends_on: DayKey;
  amount_cents: Cents;
}

/** The tiers and bonuses of one group, as saved (the API's input before it has ids for new bonuses). */
export interface RewardRules {
  tiers: Tier[];
  bonuses: Bonus[];
}

/** reward_rules/{groupId} (server-only): a group's tiers and bonuses in force and their version. */
export interface RewardRulesDoc extends RewardRules {
  group_id: string;
  version: number;
  updated_at: Date;
}

/** reward_rules/{groupId}/versions/{n} (server-only): each version, who saved it and when. */
export interface RewardRulesVersionDoc extends RewardRules {
  version: number;
  effective_from: Date;
  changed_by: { uid: string; email: string };
}

/** What the rules are measured on: a part of the affiliate's document. */
export interface RewardFigures {
  recent_days: Record<DayKey, { first_sales?: number }>;
  total_earnings_cents: Cents;
  total_refunded_cents: Cents;
  /** The bonuses already credited (their ids). */
  bonuses_won?: string[];
}

const sumFirstSales = (figures: RewardFigures, days: Iterable<DayKey>) => {
  let total = 0;
  for (const day of days) total += figures.recent_days[day]?.first_sales ?? 0;
  return total;
};

/** First sales made on the last 30 UTC days, today included. */
export const firstSales30d = (figures: RewardFigures, now: Date) =>
  sumFirstSales(figures, lastDays(now, tierWindowDays));

/** Commission earned in all, less what refunds and chargebacks clawed back. */
export const lifetimeCommission = (figures: RewardFigures): Cents =>
  figures.total_earnings_cents - figures.total_refunded_cents;

/** The days of a bonus's period, oldest first. */
export function bonusDays(bonus: Pick<Bonus, "starts_on" | "ends_on">): DayKey[] {
  const days: DayKey[] = [];
  for (let at = Date.parse(`${bonus.starts_on}T00:00:00Z`); dayKey(new Date(at)) <= bonus.ends_on; at += 86_400_000) {
    days.push(dayKey(new Date(at)));
  }
  return days;
}

/** First sales made in the bonus's period. */
export const bonusFirstSales = (figures: RewardFigures, bonus: Bonus) => sumFirstSales(figures, bonusDays(bonus));

/** Whether a sale made on `day` counts toward the bonus. */
export const inPeriod = (bonus: Pick<Bonus, "starts_on" | "ends_on">, day: DayKey) =>
  bonus.starts_on <= day && day <= bonus.ends_on;

/** Whether a bonus can still be won on `now`'s day (its period has not ended). */
export const bonusOpen = (bonus: Bonus, now: Date) => dayKey(now) <= bonus.ends_on;

/**
 * Whether a value read before concurrent sales were counted may have reached a threshold: within a margin
 * (two sales, or 5% of a commission) of it. A check this lets through is confirmed exactly, fresh.
 */
export const mayReach = (value: number, threshold: number) => value + Math.max(2, threshold / 20) >= threshold;
const exactly = (value: number, threshold: number) => value >= threshold;

type Compare = (value: number, threshold: number) => boolean;

function tierMet(tier: Tier, figures: RewardFigures, now: Date, compare: Compare): boolean {
  return (
    (tier.first_sales_30d !== null && compare(firstSales30d(figures, now), tier.first_sales_30d)) ||
    (tier.lifetime_commission_cents !== null && compare(lifetimeCommission(figures), tier.lifetime_commission_cents))
  );
}

/** What the rules grant an affiliate whose figures these are: the first tier reached and the bonuses won. */
export interface Due {
  tier: Tier | null;
  bonuses: Bonus[];
}

function due(rules: RewardRules, figures: RewardFigures, now: Date, saleDay: DayKey, compare: Compare): Due {
  const won = new Set(figures.bonuses_won ?? []);
  return {
    tier: rules.tiers.find((tier) => tierMet(tier, figures, now, compare)) ?? null,
    bonuses: rules.bonuses.filter(
      (bonus) =>
        !won.has(bonus.id) && inPeriod(bonus, saleDay) && compare(bonusFirstSales(figures, bonus), bonus.first_sales),
    ),
  };
}

/** What a sale on `saleDay` may have brought, from figures that may lag behind concurrent sales. */
export const mayBeDue = (rules: RewardRules, figures: RewardFigures, now: Date, saleDay: DayKey): Due =>
  due(rules, figures, now, saleDay, mayReach);

/** What the affiliate has reached, exactly, from figures read fresh. */
export const dueNow = (rules: RewardRules, figures: RewardFigures, now: Date, saleDay: DayKey): Due =>
  due(rules, figures, now, saleDay, exactly);

export const nothingDue = (found: Due) => found.tier === null && found.bonuses.length === 0;

/**
 * The figures with one more sale counted: `firstSale` adds a first sale on `day`, `upToCents` the most its
 * commission can be (the sale's amount: no rate is over 100%), so a check from them never falls short.
 */
export function withSale(figures: RewardFigures, day: DayKey, firstSale: boolean, upToCents: Cents): RewardFigures {
  const before = figures.recent_days[day]?.first_sales ?? 0;
  return {
    ...figures,
    recent_days: { ...figures.recent_days, [day]: { first_sales: before + (firstSale ? 1 : 0) } },
    total_earnings_cents: figures.total_earnings_cents + upToCents,
  };
}

/** Why a tier moved the affiliate, for the move's audit record. */
export function tierReason(tier: Tier, figures: RewardFigures, now: Date): string {
  const goals = [
    tier.first_sales_30d === null
      ? null
      : `at least ${tier.first_sales_30d} first sales in 30 days (${firstSales30d(figures, now)})`,
    tier.lifetime_commission_cents === null
      ? null
      : `at least $${(tier.lifetime_commission_cents / 100).toFixed(2)} lifetime commission ($${(lifetimeCommission(figures) / 100).toFixed(2)})`,
  ].filter((goal) => goal !== null);
  return `Tier ${tier.id} reached: ${goals.join(" or ")}.`;
}

/** How far an affiliate is from a tier: what is left on each of its goals (0 when met), null for a goal it lacks. */
export interface TierProgress {
  tier: Tier;
  first_sales_left: number | null;
  commission_left_cents: Cents | null;
}

export function tierProgress(tier: Tier, figures: RewardFigures, now: Date): TierProgress {
  return {
    tier,
    first_sales_left:
      tier.first_sales_30d === null ? null : Math.max(0, tier.first_sales_30d - firstSales30d(figures, now)),
    commission_left_cents:
      tier.lifetime_commission_cents === null
        ? null
        : Math.max(0, tier.lifetime_commission_cents - lifetimeCommission(figures)),
  };
}

export interface BonusProgress {
  bonus: Bonus;
  first_sales: number;
  won: boolean;
}

/** The bonuses an affiliate sees: those won, and those still open with their progress. */
export function bonusProgress(rules: RewardRules, figures: RewardFigures, now: Date): BonusProgress[] {
  const won = new Set(figures.bonuses_won ?? []);
  return rules.bonuses
    .filter((bonus) => won.has(bonus.id) || (bonusOpen(bonus, now) && bonus.starts_on <= dayKey(now)))
    .map((bonus) => ({ bonus, first_sales: bonusFirstSales(figures, bonus), won: won.has(bonus.id) }));
}

/** A bonus's ledger entry's id: one per bonus and affiliate, so it is credited once. */
export const bonusEntryId = (bonusId: string) => `bonus_${bonusId}`;

/**
 * Problems with rules about to be saved for a group (beyond each field's own checks): the messages, none if
 * they are sound. `groups` are the ids of the groups that exist (the default one included).
 */
export function rulesProblems(groupId: string, rules: RewardRules, groups: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  rules.tiers.forEach((tier, i) => {
    const name = `tiers[${i}]`;
    if (tier.first_sales_30d === null && tier.lifetime_commission_cents === null) {
      problems.push(`${name}: set first_sales_30d, lifetime_commission or both.`);
    }
    if (tier.to_group === groupId) problems.push(`${name}: to_group must be another group than the tier's own.`);
    else if (!groups.has(tier.to_group)) problems.push(`${name}: no commission group has the id ${tier.to_group}.`);
  });
  rules.bonuses.forEach((bonus, i) => {
    const name = `bonuses[${i}]`;
    if (bonus.ends_on < bonus.starts_on) problems.push(`${name}: ends_on must not be before starts_on.`);
    else if (bonusDays(bonus).length > maxBonusDays) {
      problems.push(`${name}: a bonus period is at most ${maxBonusDays} days.`);
    }
  });
  return problems;
}
