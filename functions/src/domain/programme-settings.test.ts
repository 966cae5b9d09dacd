import { describe, expect, test } from "vitest";
import {
  affiliateRates,
  changeForApi,
  defaultSettings,
  describeChange,
  formatSetting,
  payoutRulesOf,
  programmeSettingsSchema,
  settingChanges,
  settingsForApi,
  storedSettings,
  versionInForce,
} from "./programme-settings.js";

const defaults = defaultSettings("cutechat");
/** The defaults as the API takes them (the minimum payout in dollars). */
const input = settingsForApi(defaults);

describe("programme settings", () => {
  test("the defaults are SPEC.md's terms, the registry's link domain and the whole catalogue", () => {
    expect(defaults).toMatchObject({
      commission_rate: 0.6,
      hold_days: 30,
      attribution_window_days: 30,
      link_domain: "https://cutechat.ai",
      minimum_payout_cents: 20_000,
      payout_interval_days: 30,
    });
    expect(payoutRulesOf(defaults)).toEqual({ minimumCents: 20_000, intervalDays: 30 });
    expect(defaults.repeat_rates).toEqual(
      Object.fromEntries(Array.from({ length: 12 }, (_, i) => [String(i + 1), 0.5])),
    );
    expect(defaults.landing_pages[0]).toBe("");
    expect(input.minimum_payout).toBe(200);
    expect(programmeSettingsSchema.parse(input)).toEqual(defaults);
  });

  test("link domains become origins; http only on this machine (the emulators)", () => {
    const parse = (link_domain: string) => programmeSettingsSchema.safeParse({ ...input, link_domain });
    expect(parse(" https://Links.Example.com/ ").data?.link_domain).toBe("https://links.example.com");
    expect(parse("http://cutechat.localhost:5050").data?.link_domain).toBe("http://cutechat.localhost:5050");
    expect(parse("http://127.0.0.1:5050").success).toBe(true);
    for (const bad of [
      "http://cutechat.ai",
      "ftp://cutechat.ai",
      "cutechat.ai",
      "https://u:p@cutechat.ai",
      "https://cutechat.ai/?a=1",
    ]) {
      expect(parse(bad).success, bad).toBe(false);
    }
  });

  test("landing pages are kept in the catalogue's order, each once", () => {
    const parsed = programmeSettingsSchema.parse({ ...input, landing_pages: ["/ai-porn", "", "/ai-porn"] });
    expect(parsed.landing_pages).toEqual(["", "/ai-porn"]);
  });

  test("rates are kept to hundredths of a percent", () => {
    expect(programmeSettingsSchema.safeParse({ ...input, commission_rate: 0.4525 }).success).toBe(true);
    expect(programmeSettingsSchema.safeParse({ ...input, commission_rate: 0.45251 }).success).toBe(false);
  });

  test("the minimum payout is taken in dollars, kept in cents, and refused out of range with the reason", () => {
    const parse = (minimum_payout: unknown) => programmeSettingsSchema.safeParse({ ...input, minimum_payout });
    expect(parse(150.5).data?.minimum_payout_cents).toBe(15_050);
    expect(parse(0.29).data?.minimum_payout_cents).toBe(29);
    expect(parse(0).data?.minimum_payout_cents).toBe(0);
    expect(parse(100_000).data?.minimum_payout_cents).toBe(10_000_000);
    const reason = (value: unknown) => parse(value).error?.issues[0]?.message;
    expect(reason(-0.01)).toBe("must not be below $0.");
    expect(reason(100_000.01)).toBe("must be at most $100,000.");
    expect(reason(10.005)).toBe("must be in whole cents.");
    expect(reason("200")).toBe("must be an amount in dollars.");
    // The stored name is not the API's: money crosses the API in dollars only.
    expect(programmeSettingsSchema.safeParse({ ...defaults }).success).toBe(false);
  });

  test("the days between payouts are whole days from 0 to a year", () => {
    const parse = (payout_interval_days: unknown) =>
      programmeSettingsSchema.safeParse({ ...input, payout_interval_days });
    expect(parse(0).data?.payout_interval_days).toBe(0);
    expect(parse(14).data?.payout_interval_days).toBe(14);
    for (const bad of [-1, 1.5, 366, "30", null]) expect(parse(bad).success, String(bad)).toBe(false);
  });

  test("stored settings fall back field by field to the defaults", () => {
    expect(storedSettings("cutechat", { commission_rate: 0.5, hold_days: "x" })).toEqual({
      ...defaults,
      commission_rate: 0.5,
    });
  });

  test("changes list the fields that differ, whatever the order of a map's keys", () => {
    const after = {
      ...defaults,
      commission_rate: 0.5,
      repeat_rates: Object.fromEntries(Object.entries(defaults.repeat_rates).reverse()),
    };
    expect(settingChanges(defaults, after)).toEqual([{ field: "commission_rate", from: 0.6, to: 0.5 }]);
    expect(settingChanges(defaults, defaults)).toEqual([]);
  });

  test("the version in force is the newest that took effect at or before the time", () => {
    const versions = [
      { version: 0, effective_from: new Date(0) },
      { version: 2, effective_from: new Date("2026-11-20T00:00:00Z") },
      { version: 1, effective_from: new Date("2026-11-10T00:00:00Z") },
    ];
    expect(versionInForce(versions, new Date("2026-11-15T00:00:00Z"))?.version).toBe(1);
    expect(versionInForce(versions, new Date("2026-11-20T00:00:00Z"))?.version).toBe(2);
    expect(versionInForce(versions, new Date("2020-01-01T00:00:00Z"))?.version).toBe(0);
    expect(versionInForce([], new Date())).toBeNull();
  });

  test("an affiliate earns the programme's rates unless on an individual deal", () => {
    const programme = { commission_rate: 0.45, repeat_rates: { "1": 0.3 } };
    const affiliate = { custom_terms: false, commission_rate: 0.6, repeat_rates: { "1": 0.5 } };
    expect(affiliateRates(affiliate, programme)).toEqual(programme);
    expect(affiliateRates({ ...affiliate, custom_terms: true }, programme)).toEqual({
      commission_rate: 0.6,
      repeat_rates: { "1": 0.5 },
    });
  });

  test("settings read as the history writes them", () => {
    expect(formatSetting("commission_rate", 0.4525)).toBe("45.25%");
    expect(formatSetting("repeat_rates", defaults.repeat_rates)).toBe("50% on the first 12");
    expect(formatSetting("repeat_rates", { "2": 0.1, "1": 0.2 })).toBe("#1 20%, #2 10%");
    expect(formatSetting("repeat_rates", {})).toBe("none");
    expect(formatSetting("hold_days", 1)).toBe("1 day");
    expect(formatSetting("attribution_window_days", 30)).toBe("30 days");
    expect(formatSetting("landing_pages", ["", "/ai-porn"])).toBe("2 of 12");
    expect(formatSetting("minimum_payout_cents", 15_050)).toBe("$150.50");
    expect(formatSetting("payout_interval_days", 14)).toBe("14 days");
  });

  test("a change crosses the API with money in dollars, and reads the same in the history", () => {
    const cents = { field: "minimum_payout_cents" as const, from: 20_000, to: 15_050 };
    expect(changeForApi(cents)).toEqual({ field: "minimum_payout", from: 200, to: 150.5 });
    expect(describeChange(changeForApi(cents))).toBe("Minimum payout: $200.00 → $150.50");
    const rate = { field: "commission_rate" as const, from: 0.6, to: 0.55 };
    expect(describeChange(changeForApi(rate))).toBe("Commission rate: 60% → 55%");
  });
});
