import { describe, expect, test } from "vitest";
import { dealTermsSchema, groupTermsSchema, termsForApi } from "./commission-group-input.js";
import {
  dealOf,
  defaultMembership,
  groupIdAt,
  groupSaleTerms,
  moveTo,
  pastGroupsKept,
  withDeal,
  type Deal,
} from "./commission-groups.js";
import { recordSale } from "./ledger.js";
import { newAffiliate } from "./model.js";
import { affiliatePayoutRules } from "./programme-settings.js";

const at = (iso: string) => new Date(iso);
const programme = { commissionRate: 0.6, repeatRates: { "1": 0.5, "2": 0.5 }, holdDays: 30 };
const vip = {
  rates: { promptchan: { commission_rate: 0.7, repeat_rates: { "1": 0.55 } } },
  hold_days: 7,
  minimum_payout_cents: null,
};

describe("memberships", () => {
  const fresh = { group: defaultMembership(), past_groups: [] };

  test("an affiliate never moved is in the default group for every sale", () => {
    expect(groupIdAt(fresh, at("2020-01-01T00:00:00Z"))).toBe("default");
  });

  test("a sale earns the group it happened in: before the move the old one, from the move the new one", () => {
    const moved = moveTo(fresh, { id: "vip", name: "VIP", terms: null }, at("2026-11-01T12:00:00Z"));
    expect(moved.group).toEqual({ id: "vip", name: "VIP", terms: null, since: at("2026-11-01T12:00:00Z") });
    expect(groupIdAt(moved, at("2026-11-01T11:59:59Z"))).toBe("default");
    expect(groupIdAt(moved, at("2026-11-01T12:00:00Z"))).toBe("vip");
    const again = moveTo(moved, { id: "gold", name: "Gold", terms: null }, at("2026-11-10T00:00:00Z"));
    expect(groupIdAt(again, at("2026-11-05T00:00:00Z"))).toBe("vip");
    expect(groupIdAt(again, at("2026-10-05T00:00:00Z"))).toBe("default");
  });

  test("the past memberships kept are bounded, newest first", () => {
    let member: { group: ReturnType<typeof defaultMembership>; past_groups: { id: string; since: Date }[] } = fresh;
    for (let i = 1; i <= pastGroupsKept + 5; i++)
      member = moveTo(
        member,
        { id: `g${i}`, name: `G${i}`, terms: null },
        at(`2026-01-01T00:00:${String(i).padStart(2, "0")}Z`),
      );
    expect(member.past_groups).toHaveLength(pastGroupsKept);
    expect(member.past_groups[0]!.id).toBe(`g${pastGroupsKept + 4}`);
  });
});

describe("terms: deal > group > programme", () => {
  test("the default group (null) is the programme's terms exactly", () => {
    expect(groupSaleTerms(programme, null, "promptchan")).toEqual(programme);
  });

  test("a group's rates for an advertiser and its hold; another advertiser's rates stay the programme's", () => {
    expect(groupSaleTerms(programme, vip, "promptchan")).toEqual({
      commissionRate: 0.7,
      repeatRates: { "1": 0.55 },
      holdDays: 7,
    });
    expect(groupSaleTerms(programme, vip, "cutechat")).toEqual({ ...programme, holdDays: 7 });
    expect(groupSaleTerms(programme, { ...vip, hold_days: null }, "cutechat")).toEqual(programme);
  });

  test("a deal overrides what it sets, while in force; after its end the group's terms again", () => {
    const group = groupSaleTerms(programme, vip, "promptchan");
    const deal: Deal = {
      rates: { promptchan: { commission_rate: 0.8 } },
      hold_days: null,
      minimum_payout_cents: null,
      starts_at: at("2026-11-01T00:00:00Z"),
      ends_at: at("2026-12-01T00:00:00Z"),
    };
    expect(withDeal(group, deal, "promptchan", at("2026-11-15T00:00:00Z"))).toEqual({ ...group, commissionRate: 0.8 });
    expect(withDeal(group, deal, "promptchan", at("2026-10-31T23:59:59Z"))).toEqual(group);
    expect(withDeal(group, deal, "promptchan", at("2026-12-01T00:00:00Z"))).toEqual(group);
    expect(withDeal(group, deal, "cutechat", at("2026-11-15T00:00:00Z"))).toEqual(group);
  });

  test("custom_terms, not yet migrated, is the deal it meant: own rates, every advertiser, always", () => {
    const legacy = dealOf({ custom_terms: true, commission_rate: 0.7, repeat_rates: { "1": 0.2 }, deal: null })!;
    expect(withDeal(programme, legacy, "creategirls", at("2001-01-01T00:00:00Z"))).toEqual({
      commissionRate: 0.7,
      repeatRates: { "1": 0.2 },
      holdDays: 30,
    });
    expect(dealOf({ custom_terms: false, commission_rate: 0.7, repeat_rates: {}, deal: null })).toBeNull();
  });

  test("the ledger pays a sale at its deal's rate and hold, exact to the cent", () => {
    const now = at("2026-11-21T10:00:00Z");
    const affiliate = {
      ...newAffiliate("u1", "u1@demo.test", now),
      deal: { ...legacyDealFor(0.75), hold_days: 0 },
    };
    const sale = {
      advertiser: "promptchan" as const,
      id: "s1",
      tracker: "",
      amountCents: 1_999,
      repeatIndex: 0,
      occurredAt: now,
    };
    const { entry, change } = recordSale(affiliate, sale, now, groupSaleTerms(programme, vip, "promptchan"));
    expect(entry).toMatchObject({ rate: 0.75, earnings_cents: 1_499, matures_on: "2026-11-21" });
    expect(change.held).toBeUndefined();
    // Renewals keep the group's rate by repeat index: the deal sets only the first sale's.
    expect(
      recordSale(affiliate, { ...sale, repeatIndex: 1 }, now, groupSaleTerms(programme, vip, "promptchan")).entry,
    ).toMatchObject({ rate: 0.55, earnings_cents: 1_099 });
  });
});

function legacyDealFor(rate: number): Deal {
  return {
    rates: { promptchan: { commission_rate: rate } },
    hold_days: null,
    minimum_payout_cents: null,
    starts_at: new Date(0),
    ends_at: null,
  };
}

describe("the API's form", () => {
  test("a group's terms: rates checked like the programme settings', money in dollars", () => {
    const parsed = groupTermsSchema.parse({ rates: vip.rates, hold_days: 7, minimum_payout: 150.5 });
    expect(parsed).toEqual({ ...vip, minimum_payout_cents: 15_050 });
    expect(termsForApi(parsed)).toEqual({ rates: vip.rates, hold_days: 7, minimum_payout: 150.5 });
    const bad = groupTermsSchema.safeParse({
      rates: { promptchan: { commission_rate: 1.2, repeat_rates: {} } },
      hold_days: null,
      minimum_payout: null,
    });
    expect(bad.success).toBe(false);
    expect(
      groupTermsSchema.safeParse({ rates: { nobody: vip.rates.promptchan }, hold_days: null, minimum_payout: null })
        .success,
    ).toBe(false);
  });

  test("a deal's terms may set a single rate", () => {
    expect(
      dealTermsSchema.parse({ rates: { cutechat: { commission_rate: 0.65 } }, hold_days: null, minimum_payout: null }),
    ).toEqual({
      rates: { cutechat: { commission_rate: 0.65 } },
      hold_days: null,
      minimum_payout_cents: null,
    });
  });
});

describe("the minimum payout: deal > group > programme", () => {
  const programmeRules = { minimumCents: 20_000, intervalDays: 30 };
  const now = at("2026-11-21T10:00:00Z");
  const member = newAffiliate("u1", "u1@demo.test", now);

  test("the programme's for the default group, the group's when it sets one, the deal's while in force", () => {
    expect(affiliatePayoutRules(member, programmeRules, now)).toEqual(programmeRules);
    const group = { ...member.group, id: "vip", terms: { ...vip, minimum_payout_cents: 5_000 } };
    expect(affiliatePayoutRules({ ...member, group }, programmeRules, now)).toEqual({
      minimumCents: 5_000,
      intervalDays: 30,
    });
    const deal = { ...legacyDealFor(0.7), minimum_payout_cents: 1_000, ends_at: at("2026-12-01T00:00:00Z") };
    expect(affiliatePayoutRules({ ...member, group, deal }, programmeRules, now).minimumCents).toBe(1_000);
    expect(
      affiliatePayoutRules({ ...member, group, deal }, programmeRules, at("2026-12-02T00:00:00Z")).minimumCents,
    ).toBe(5_000);
  });
});
