import { describe, expect, it } from "vitest";
import { advertiserIds } from "./advertisers.js";
import { defaultPayoutRules } from "./payout-eligibility.js";
import { defaultSettings } from "./programme-settings.js";
import {
  defaultPublicTerms,
  figurePlaceholder,
  fillFigures,
  formatPublicDollars,
  hasFigurePlaceholders,
  placeholderFigures,
  publicFigures,
  publicTermsOf,
  readPublicTerms,
  termsPlaceholder,
} from "./public-terms.js";

describe("the public pages' figures", () => {
  it("are SPEC.md's by default, the programme settings' defaults", () => {
    const terms = defaultPublicTerms();
    expect(terms).toEqual(publicTermsOf(defaultSettings, "promptchan"));
    expect(terms.minimum_payout_cents).toBe(defaultPayoutRules.minimumCents);
    expect(terms.payout_interval_days).toBe(defaultPayoutRules.intervalDays);
    expect(publicFigures(terms)).toMatchObject({
      "promptchan.commission": "60%",
      "promptchan.renewal": "50%",
      minimum_payout: "$200",
      payout_interval_days: "30",
    });
  });

  it("follow each advertiser's settings, the payout rules the default advertiser's", () => {
    const terms = publicTermsOf(
      (id) => ({
        ...defaultSettings(id),
        commission_rate: id === "cutechat" ? 0.45 : 0.6,
        repeat_rates: (id === "creategirls" ? {} : { "1": 0.3 }) as Record<string, number>,
        minimum_payout_cents: id === "promptchan" ? 15_050 : 99_900,
      }),
      "promptchan",
    );
    const figures = publicFigures(terms);
    expect(figures["cutechat.commission"]).toBe("45%");
    expect(figures["promptchan.renewal"]).toBe("30%");
    // A programme without a first renewal rate pays nothing on renewals.
    expect(figures["creategirls.renewal"]).toBe("0%");
    expect(figures.minimum_payout).toBe("$150.50");
  });

  it("write money as the terms do (rates: domain/numbers.ts formatRatePercent)", () => {
    expect(formatPublicDollars(20_000)).toBe("$200");
    expect(formatPublicDollars(125_000)).toBe("$1,250");
    expect(formatPublicDollars(19_950)).toBe("$199.50");
  });

  it("fill a prerendered page's placeholders, text and attribute alike, and state the terms in its root", () => {
    const terms = { ...defaultPublicTerms(), minimum_payout_cents: 25_000 };
    terms.rates.promptchan = { commission_rate: 0.7, renewal_rate: 0.5 };
    const template = `<title>earn ${figurePlaceholder("promptchan.commission")}</title><div id="root" data-terms="${termsPlaceholder}"><p>${figurePlaceholder("minimum_payout")} and ${figurePlaceholder("promptchan.commission")}</p></div>`;
    expect(hasFigurePlaceholders(template)).toBe(true);
    const page = fillFigures(template, terms);
    expect(hasFigurePlaceholders(page)).toBe(false);
    expect(page).toContain("<title>earn 70%</title>");
    expect(page).toContain("<p>$250 and 70%</p>");
    const attribute = /data-terms="([^"]*)"/.exec(page)![1]!.replaceAll("&quot;", '"');
    expect(readPublicTerms(attribute)).toEqual(terms);
  });

  it("are placeholders when prerendered, one per figure", () => {
    const placeholders = Object.values(placeholderFigures());
    expect(new Set(placeholders).size).toBe(advertiserIds.length * 2 + 2);
    for (const placeholder of placeholders) expect(placeholder).toMatch(/^__FIGURE_[a-z_.]+__$/);
  });

  it("read from a page only when the page states whole terms", () => {
    expect(readPublicTerms(undefined)).toBeUndefined();
    expect(readPublicTerms(termsPlaceholder)).toBeUndefined();
    expect(readPublicTerms("{}")).toBeUndefined();
    const terms = defaultPublicTerms();
    expect(readPublicTerms(JSON.stringify({ ...terms, minimum_payout_cents: -1 }))).toBeUndefined();
    expect(
      readPublicTerms(JSON.stringify({ ...terms, rates: { ...terms.rates, cutechat: { commission_rate: 2 } } })),
    ).toBeUndefined();
    expect(readPublicTerms(JSON.stringify(terms))).toEqual(terms);
  });
});
