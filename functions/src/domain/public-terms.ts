/**
 * The figures the public pages state (issue 34): each advertiser's first-sale and first-renewal rates, and
 * the programme's minimum payout and payout interval, as the default group's terms in force say them (the
 * programme settings in force, data/programme-settings.ts). Pure, and light on purpose: the public pages'
 * function (public-pages/serve.ts) and the web app both use it, and the function's cold start must stay small.
 *
 * The pages are prerendered once, at build time, with a placeholder where each figure goes
 * (`figurePlaceholder`); the function fills the placeholders with the figures in force (`fillFigures`) and
 * states the terms themselves in the root's `data-terms` attribute, which the app reads when it hydrates
 * the page, so it renders the same figures.
 */
import { advertiserIds, type AdvertiserId } from "./advertisers.js";
import { defaultCommissionRate, defaultRepeatRates } from "./commission.js";
import type { Cents } from "./money.js";
import { formatRatePercent } from "./numbers.js";

/** The terms behind the figures: rates as fractions (0.6), money in cents. */
export interface PublicTerms {
  rates: Record<AdvertiserId, { commission_rate: number; renewal_rate: number }>;
  minimum_payout_cents: Cents;
  payout_interval_days: number;
}

/** SPEC.md's terms (the programme settings' defaults): what a page states when the settings cannot be read. */
export function defaultPublicTerms(): PublicTerms {
  const renewal = defaultRepeatRates["1"] ?? 0;
  return {
    rates: Object.fromEntries(
      advertiserIds.map((id) => [id, { commission_rate: defaultCommissionRate, renewal_rate: renewal }]),
    ) as PublicTerms["rates"],
    minimum_payout_cents: 20_000,
    payout_interval_days: 30,
  };
}

/** The settings fields the figures come from (as stored on advertisers/{id}). */
export interface PublicTermsSource {
  commission_rate: number;
  repeat_rates: Record<string, number>;
  minimum_payout_cents: Cents;
  payout_interval_days: number;
}

/**
 * The public terms from each advertiser's settings in force; the payout rules are the default advertiser's
 * (they apply to the whole programme). A programme without a first renewal rate states 0% for renewals.
 */
export function publicTermsOf(
  settingsOf: (id: AdvertiserId) => PublicTermsSource,
  defaultAdvertiser: AdvertiserId,
): PublicTerms {
  const rates = Object.fromEntries(
    advertiserIds.map((id) => {
      const settings = settingsOf(id);
      return [id, { commission_rate: settings.commission_rate, renewal_rate: settings.repeat_rates["1"] ?? 0 }];
    }),
  ) as PublicTerms["rates"];
  const programme = settingsOf(defaultAdvertiser);
  return {
    rates,
    minimum_payout_cents: programme.minimum_payout_cents,
    payout_interval_days: programme.payout_interval_days,
  };
}

/** The figures a page names, by key: "promptchan.commission", "promptchan.renewal", "minimum_payout", ... */
export type FigureKey = `${AdvertiserId}.${"commission" | "renewal"}` | "minimum_payout" | "payout_interval_days";
export type PublicFigures = Record<FigureKey, string>;

/** Money as the terms state it: whole dollars without cents ("$200"), otherwise with them ("$199.50"). */
export function formatPublicDollars(cents: Cents): string {
  const dollars = cents / 100;
  return Number.isInteger(dollars)
    ? `$${dollars.toLocaleString("en-US")}`
    : `$${dollars.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** Each figure as the pages write it. */
export function publicFigures(terms: PublicTerms): PublicFigures {
  const figures: Partial<PublicFigures> = {
    minimum_payout: formatPublicDollars(terms.minimum_payout_cents),
    payout_interval_days: String(terms.payout_interval_days),
  };
  for (const id of advertiserIds) {
    figures[`${id}.commission`] = formatRatePercent(terms.rates[id].commission_rate);
    figures[`${id}.renewal`] = formatRatePercent(terms.rates[id].renewal_rate);
  }
  return figures as PublicFigures;
}

/**
 * What the prerender writes in a figure's place: letters, digits, dots and underscores only, so React's
 * escaping leaves it as it is in text and in attributes alike.
 */
export const figurePlaceholder = (key: FigureKey): string => `__FIGURE_${key}__`;

/** The placeholders a prerendered page carries, as figures (what the prerender renders with). */
export function placeholderFigures(): PublicFigures {
  const keys = Object.keys(publicFigures(defaultPublicTerms())) as FigureKey[];
  return Object.fromEntries(keys.map((key) => [key, figurePlaceholder(key)])) as PublicFigures;
}

/** The attribute of the page's root that carries the terms it states (read by the app as it hydrates). */
export const termsAttribute = "data-terms";
/** The placeholder of that attribute's value in a prerendered page. */
export const termsPlaceholder = "__PUBLIC_TERMS__";

const escapeAttribute = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/** `template` (a prerendered page) with every placeholder replaced by the figures of `terms`. */
export function fillFigures(template: string, terms: PublicTerms): string {
  const figures = publicFigures(terms);
  return template
    .replaceAll(termsPlaceholder, escapeAttribute(JSON.stringify(terms)))
    .replace(/__FIGURE_([a-z_.]+)__/g, (placeholder, key: string) => figures[key as FigureKey] ?? placeholder);
}

const isRate = (value: unknown): value is number => typeof value === "number" && value >= 0 && value <= 1;
const isCount = (value: unknown): value is number => typeof value === "number" && Number.isInteger(value) && value >= 0;

/** The terms a page's `data-terms` attribute states, or undefined when it states none it could have written. */
export function readPublicTerms(json: string | undefined): PublicTerms | undefined {
  if (!json) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const terms = value as Partial<PublicTerms>;
  const ratesOk = advertiserIds.every((id) => {
    const rates = terms.rates?.[id];
    return rates !== undefined && isRate(rates.commission_rate) && isRate(rates.renewal_rate);
  });
  if (!ratesOk || !isCount(terms.minimum_payout_cents) || !isCount(terms.payout_interval_days)) return undefined;
  return terms as PublicTerms;
}

/** Whether a prerendered page states any figure (and so is served, filled in, by function `pages`). */
export const hasFigurePlaceholders = (html: string): boolean => html.includes("__FIGURE_");
