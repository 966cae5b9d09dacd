/**
 * Programme settings (issue 19): each advertiser's commercial terms, edited by admins without a deploy,
 * validated here, and versioned. A version is in force from the moment it is saved: a sale is paid at the
 * rates of the version in force when it happened, so a change never reaches back to sales already made.
 *
 * The defaults are SPEC.md's values (and the registry's link domain), so an untouched programme behaves
 * exactly as before the settings existed.
 */
import { z } from "zod";
import { advertisers, defaultAdvertiserId, type AdvertiserId } from "./advertisers.js";
import { defaultCommissionRate, defaultRepeatRates, type RepeatRates } from "./commission.js";
import {
  dealInForce,
  dealOf,
  groupSaleTerms,
  withDeal,
  type Deal,
  type GroupMembership,
  type SaleTermsOf,
} from "./commission-groups.js";
import type { LoweredRatesScope } from "./promised-terms.js";
import { landingPages } from "./landing-pages.js";
import { defaultRecruitShare, maxRecruitLevels, maxRecruitMonths, type RecruitShareTerms } from "./recruits.js";
import { formatDollars } from "./money.js";
import { formatRatePercent } from "./numbers.js";
import { daysText, defaultPayoutRules, type PayoutRules } from "./payout-eligibility.js";
import {
  defaultRiskRules,
  formatRiskRules,
  riskRulesSchema,
  storedRiskRulesSchema,
  type RiskRules,
} from "./risk-rules.js";

/** What a sale takes from the settings in force when it happened. */
export function saleTerms(settings: ProgrammeSettings): SaleTermsOf {
  return { commissionRate: settings.commission_rate, repeatRates: settings.repeat_rates, holdDays: settings.hold_days };
}

/** The programme's rates an affiliate view shows. */
export type ProgrammeRates = Pick<ProgrammeSettings, "commission_rate" | "repeat_rates">;

/** What the programme's (default advertiser's) settings decide for every affiliate: rates and payout rules. */
export type ProgrammeTerms = Pick<
  ProgrammeSettings,
  "commission_rate" | "repeat_rates" | "minimum_payout_cents" | "payout_interval_days"
>;

/**
 * The rates an affiliate earns now on the default advertiser's sales, as views show them (SPEC.md's
 * commission_rate and repeat_rates): their deal's where it sets them (issue 34; `custom_terms` is such a
 * deal), else the programme's (or their group's, when `programme` is the group's terms in force).
 */
export function affiliateRates(
  affiliate: { deal?: Deal | null; custom_terms: boolean; commission_rate: number; repeat_rates: RepeatRates },
  programme: ProgrammeRates,
  now = new Date(),
): ProgrammeRates {
  const group = { commissionRate: programme.commission_rate, repeatRates: programme.repeat_rates, holdDays: 0 };
  const terms = withDeal(group, dealOf(affiliate), defaultAdvertiserId, now);
  return { commission_rate: terms.commissionRate, repeat_rates: terms.repeatRates };
}

/**
 * What the affiliate's sales of `advertiser` earn now, as their dashboard shows it (issue 34): their deal
 * over the group's terms on their document over the advertiser's settings in force.
 */
export function affiliateTermsNow(
  affiliate: Parameters<typeof dealOf>[0] & { group: Pick<GroupMembership, "terms"> },
  settings: ProgrammeSettings,
  advertiser: AdvertiserId,
  now: Date,
): SaleTermsOf {
  const group = groupSaleTerms(saleTerms(settings), affiliate.group.terms, advertiser);
  return withDeal(group, dealOf(affiliate), advertiser, now);
}

/**
 * The payout rules for the affiliate (issue 34): the minimum payout of their deal in force, else of their
 * group (its terms are on their document), else the programme's; the days between payouts are the programme's.
 */
export function affiliatePayoutRules(
  affiliate: Parameters<typeof dealOf>[0] & { group: Pick<GroupMembership, "terms"> },
  programme: PayoutRules,
  now: Date,
): PayoutRules {
  const deal = dealOf(affiliate);
  const minimum =
    (dealInForce(deal, now) ? deal.minimum_payout_cents : null) ??
    affiliate.group.terms?.minimum_payout_cents ??
    programme.minimumCents;
  return { minimumCents: minimum, intervalDays: programme.intervalDays };
}

/** The largest minimum payout an admin may set, in cents ($100,000). */
export const maxMinimumPayoutCents = 10_000_000;
/** The longest hold and attribution window, in days. */
export const maxSettingDays = 365;
/** Renewal rates are kept for at most this many renewals (five years of monthly payments). */
export const maxRepeatIndex = 60;

export interface ProgrammeSettings {
  /** Commission on a customer's first payment, 0 to 1. */
  commission_rate: number;
  /** Commission on the n-th renewal ("1" the first), 0 to 1; a renewal without a rate earns nothing. */
  repeat_rates: RepeatRates;
  /** Days a sale's commission is held before it can be paid out (0: paid at once). */
  hold_days: number;
  /** Days a click can be credited with a conversion. */
  attribution_window_days: number;
  /** Where the tracking links point ("https://promptchan.ai"): an origin, without a path. */
  link_domain: string;
  /** The landing pages affiliates may send visitors to: catalogue paths, the home page ("") always among them. */
  landing_pages: string[];
  /**
   * The payout rules, programme-wide: an affiliate has one balance across the advertisers, so the default
   * advertiser's apply (the other advertisers' are kept, unused). The smallest payout, in cents.
   */
  minimum_payout_cents: number;
  /** Days that must pass after a payout before the next one. */
  payout_interval_days: number;
  /**
   * The risk rules (issue 33, domain/risk-rules.ts), programme-wide like the payout rules. Stored apart from
   * the public advertiser document (affiliates never learn a rule's threshold).
   */
  risk_rules: RiskRules;
  /**
   * What recruiters earn from their recruits' commissions (issue 34, domain/recruits.ts): the share, for how
   * many months from the recruit's sign-up, and how many recruiters up the chain. Per advertiser, as the rates.
   */
  recruit_share: RecruitShareTerms;
}

export const settingFields = [
  "commission_rate",
  "repeat_rates",
  "hold_days",
  "attribution_window_days",
  "link_domain",
  "landing_pages",
  "minimum_payout_cents",
  "payout_interval_days",
  "risk_rules",
  "recruit_share",
] as const satisfies readonly (keyof ProgrammeSettings)[];

export type SettingField = (typeof settingFields)[number];

/** What each setting is called on the settings page and in the version history. */
export const settingLabels: Record<SettingField, string> = {
  commission_rate: "Commission rate",
  repeat_rates: "Renewal rates",
  hold_days: "Hold period",
  attribution_window_days: "Attribution window",
  link_domain: "Link domain",
  landing_pages: "Landing pages",
  minimum_payout_cents: "Minimum payout",
  payout_interval_days: "Days between payouts",
  risk_rules: "Risk rules",
  recruit_share: "Recruiter's share",
};

/** SPEC.md's terms and the registry's link domain: what an advertiser has until an admin changes it. */
export function defaultSettings(id: AdvertiserId): ProgrammeSettings {
  return {
    commission_rate: defaultCommissionRate,
    repeat_rates: { ...defaultRepeatRates },
    hold_days: 30,
    attribution_window_days: 30,
    link_domain: advertisers[id].defaultLinkDomain,
    landing_pages: landingPages.map((page) => page.value),
    minimum_payout_cents: defaultPayoutRules.minimumCents,
    payout_interval_days: defaultPayoutRules.intervalDays,
    risk_rules: defaultRiskRules(),
    recruit_share: defaultRecruitShare(),
  };
}

/** The payout rules the settings set (the default advertiser's apply to the programme). */
export function payoutRulesOf(
  settings: Pick<ProgrammeTerms, "minimum_payout_cents" | "payout_interval_days">,
): PayoutRules {
  return { minimumCents: settings.minimum_payout_cents, intervalDays: settings.payout_interval_days };
}

const rate = z
  .number({ error: "must be a number." })
  .min(0, { error: "must not be negative." })
  .max(1, { error: "must be at most 1 (100%)." })
  .refine((value) => Math.abs(value * 10_000 - Math.round(value * 10_000)) < 1e-6, {
    error: "must be a whole number of hundredths of a percent.",
  });

const days = (min: number) =>
  z
    .number({ error: "must be a number of days." })
    .int({ error: "must be a whole number of days." })
    .min(min, { error: `must be at least ${daysText(min)}.` })
    .max(maxSettingDays, { error: `must be at most ${maxSettingDays} days.` });

const loopbackHosts = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** An origin the links can live on: https, or http on this machine (the emulators' link domains). */
const linkDomain = z
  .string({ error: "must be a web address such as https://promptchan.ai." })
  .trim()
  .max(200, { error: "must be at most 200 characters." })
  .transform((value, context) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      context.addIssue({ code: "custom", message: "must be a web address such as https://promptchan.ai." });
      return z.NEVER;
    }
    const local = loopbackHosts.has(url.hostname) || url.hostname.endsWith(".localhost");
    if (url.protocol !== "https:" && !(url.protocol === "http:" && local)) {
      context.addIssue({ code: "custom", message: "must start with https://." });
      return z.NEVER;
    }
    if ((url.pathname !== "/" && url.pathname !== "") || url.search || url.hash || url.username || url.password) {
      context.addIssue({ code: "custom", message: "must be a domain only, without a path, query or login." });
      return z.NEVER;
    }
    return url.origin;
  });

const catalogue = new Set(landingPages.map((page) => page.value));

/** Each setting as stored (money in cents); commission groups and deals validate their fields with these too. */
export const fieldSchemas = {
  commission_rate: rate,
  repeat_rates: z.record(z.string(), rate).superRefine((rates, context) => {
    for (const key of Object.keys(rates)) {
      const index = Number(key);
      if (!/^[1-9]\d*$/.test(key) || index > maxRepeatIndex) {
        context.addIssue({
          code: "custom",
          message: `renewal ${JSON.stringify(key)} is not a renewal number from 1 to ${maxRepeatIndex}.`,
        });
      }
    }
  }),
  hold_days: days(0),
  attribution_window_days: days(1),
  link_domain: linkDomain,
  landing_pages: z
    .array(z.string().max(100), { error: "must be a list of landing page paths." })
    .max(catalogue.size, { error: `must list at most ${catalogue.size} pages.` })
    .superRefine((paths, context) => {
      for (const path of paths) {
        if (!catalogue.has(path)) {
          context.addIssue({
            code: "custom",
            message: `${JSON.stringify(path)} is not a landing page of the catalogue.`,
          });
        }
      }
      if (!paths.includes("")) context.addIssue({ code: "custom", message: "must include the home page (Default)." });
    })
    // In the catalogue's order, each once: a list that differs only in order is the same setting.
    .transform((paths) => landingPages.map((page) => page.value).filter((value) => paths.includes(value))),
  minimum_payout_cents: z.number().int().min(0).max(maxMinimumPayoutCents),
  payout_interval_days: days(0),
  risk_rules: riskRulesSchema,
  recruit_share: z.strictObject(
    {
      rate,
      months: z
        .number({ error: "must be a number of months." })
        .int({ error: "must be a whole number of months." })
        .min(0, { error: "must not be negative." })
        .max(maxRecruitMonths, { error: `must be at most ${maxRecruitMonths} months.` }),
      levels: z
        .number({ error: "must be a number of levels." })
        .int({ error: "must be a whole number of levels." })
        .min(1, { error: "must be at least 1." })
        .max(maxRecruitLevels, { error: `must be at most ${maxRecruitLevels}.` }),
    },
    { error: "must give the rate, the months and the levels." },
  ),
};

/** The minimum payout as the API takes it: dollars, in whole cents. */
export const minimumPayoutDollars = z
  .number({ error: "must be an amount in dollars." })
  .min(0, { error: "must not be below $0." })
  .max(maxMinimumPayoutCents / 100, {
    error: `must be at most $${(maxMinimumPayoutCents / 100).toLocaleString("en-US")}.`,
  })
  .refine((dollars) => Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6, {
    error: "must be in whole cents.",
  });

/**
 * The settings as the API takes them: money in dollars (`minimum_payout`), everything else as stored; the
 * output is the stored form.
 */
export const programmeSettingsSchema = z
  .strictObject({
    commission_rate: fieldSchemas.commission_rate,
    repeat_rates: fieldSchemas.repeat_rates,
    hold_days: fieldSchemas.hold_days,
    attribution_window_days: fieldSchemas.attribution_window_days,
    link_domain: fieldSchemas.link_domain,
    landing_pages: fieldSchemas.landing_pages,
    minimum_payout: minimumPayoutDollars,
    payout_interval_days: fieldSchemas.payout_interval_days,
    // Optional: a client that does not know the risk rules (an older page) keeps the ones in force.
    risk_rules: fieldSchemas.risk_rules.optional(),
    // Optional too: a page that does not know the recruiter's share keeps the one in force.
    recruit_share: fieldSchemas.recruit_share.optional(),
  })
  .transform(({ minimum_payout, ...rest }): SettingsToSave => ({
    ...rest,
    minimum_payout_cents: Math.round(minimum_payout * 100),
  }));

/** Settings an admin saves: the risk rules and the recruiter's share may be left out, keeping those in force. */
export type SettingsToSave = Omit<ProgrammeSettings, "risk_rules" | "recruit_share"> & {
  risk_rules?: RiskRules;
  recruit_share?: RecruitShareTerms;
};

/** The settings as the API gives them: the stored form, with money in dollars. */
export type SettingsInput = z.input<typeof programmeSettingsSchema>;

export function settingsForApi({ minimum_payout_cents, ...rest }: ProgrammeSettings): SettingsInput {
  return { ...rest, minimum_payout: minimum_payout_cents / 100 };
}

/** How a stored field is read: as saved, but risk rules stored before a family existed get its default. */
const storedFieldSchema = (field: SettingField) =>
  field === "risk_rules" ? storedRiskRulesSchema : fieldSchemas[field];

/** The stored settings, each field falling back to the default when absent or no longer valid. */
export function storedSettings(id: AdvertiserId, stored: Partial<Record<SettingField, unknown>> | undefined) {
  const defaults = defaultSettings(id);
  const settings = { ...defaults };
  for (const field of settingFields) {
    const value = stored?.[field];
    if (value === undefined) continue;
    const parsed = storedFieldSchema(field).safeParse(value);
    if (parsed.success) (settings as Record<SettingField, unknown>)[field] = parsed.data;
  }
  return settings;
}

/** One setting's change, as the version history shows it. */
export interface SettingChange {
  field: SettingField;
  from: ProgrammeSettings[SettingField];
  to: ProgrammeSettings[SettingField];
}

const same = (a: unknown, b: unknown) => JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value) || value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** What differs between two versions of the settings, field by field, in the page's order. */
export function settingChanges(before: SettingsToSave, after: SettingsToSave): SettingChange[] {
  return settingFields
    .filter((field) => after[field] !== undefined && before[field] !== undefined && !same(before[field], after[field]))
    .map((field) => ({ field, from: before[field]!, to: after[field]! }));
}

/** A saved version: the settings in force from `effective_from` until the next version's. */
export interface SettingsVersion {
  version: number;
  effective_from: Date;
  /** Who saved it; null for version 0, the settings the programme had before any admin changed them. */
  changed_by: { uid: string; email: string } | null;
  changes: SettingChange[];
  settings: ProgrammeSettings;
  /** Whom the rates it lowered apply to (promised terms, issue 34); absent when it lowered none. */
  lowered_rates?: LoweredRatesScope;
}

/**
 * A stored version as the history shows it: its settings read as storedSettings reads them, and a change of
 * the risk rules with both sides read so, so rules saved before a family existed show it at its default.
 */
export function storedVersion(id: AdvertiserId, version: SettingsVersion): SettingsVersion {
  const readRules = (value: unknown) => storedRiskRulesSchema.safeParse(value).data ?? value;
  return {
    ...version,
    settings: storedSettings(id, version.settings),
    changes: version.changes.map((change) =>
      change.field === "risk_rules"
        ? { ...change, from: readRules(change.from) as RiskRules, to: readRules(change.to) as RiskRules }
        : change,
    ),
  };
}

/** The version in force at `at`: the newest one that took effect at or before it (null: none had yet). */
export function versionInForce<T extends Pick<SettingsVersion, "effective_from">>(versions: T[], at: Date): T | null {
  let found: T | null = null;
  for (const version of versions) {
    if (version.effective_from.getTime() <= at.getTime()) {
      if (!found || version.effective_from.getTime() >= found.effective_from.getTime()) found = version;
    }
  }
  return found;
}

/** A setting's value as the history and the page write it: "60%", "30 days", "1st 50%, 2nd 50%". */
export function formatSetting(field: SettingField, value: ProgrammeSettings[SettingField]): string {
  switch (field) {
    case "commission_rate":
      return formatRatePercent(value as number);
    case "repeat_rates": {
      const entries = Object.entries(value as RepeatRates).sort(([a], [b]) => Number(a) - Number(b));
      if (entries.length === 0) return "none";
      const rates = new Set(entries.map(([, r]) => r));
      const consecutive = entries.every(([key], i) => Number(key) === i + 1);
      if (rates.size === 1 && consecutive) {
        return `${formatRatePercent(entries[0]![1])} on the first ${entries.length === 1 ? "renewal" : entries.length}`;
      }
      return entries.map(([key, r]) => `#${key} ${formatRatePercent(r)}`).join(", ");
    }
    case "hold_days":
    case "attribution_window_days":
    case "payout_interval_days":
      return daysText(value as number);
    case "link_domain":
      return value as string;
    case "landing_pages": {
      const paths = value as string[];
      return `${paths.length} of ${landingPages.length}`;
    }
    case "minimum_payout_cents":
      return formatDollars(value as number);
    case "risk_rules":
      return formatRiskRules(value as RiskRules);
    case "recruit_share": {
      const share = value as RecruitShareTerms;
      const levels = share.levels === 1 ? "the recruiter only" : `${share.levels} levels of recruiters`;
      return `${formatRatePercent(share.rate)} for ${share.months} months, ${levels}`;
    }
  }
}

/** A setting as the API names it: the minimum payout is in dollars there. */
export type ApiSettingField = Exclude<SettingField, "minimum_payout_cents"> | "minimum_payout";

export interface ApiSettingChange {
  field: ApiSettingField;
  from: unknown;
  to: unknown;
}

/** A change as the API gives it (money in dollars). */
export function changeForApi(change: SettingChange): ApiSettingChange {
  if (change.field !== "minimum_payout_cents") return change as ApiSettingChange;
  return { field: "minimum_payout", from: (change.from as number) / 100, to: (change.to as number) / 100 };
}

/** The stored setting an API field sets. */
export const storedField = (field: ApiSettingField): SettingField =>
  field === "minimum_payout" ? "minimum_payout_cents" : field;

/** A change as the version history says it: "Commission rate: 60% → 55%". */
export function describeChange(change: ApiSettingChange): string {
  const field = storedField(change.field);
  const value = (raw: unknown) =>
    formatSetting(field, (change.field === "minimum_payout" ? Math.round((raw as number) * 100) : raw) as never);
  return `${settingLabels[field]}: ${value(change.from)} → ${value(change.to)}`;
}
