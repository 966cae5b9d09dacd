import { describe, expect, test } from "vitest";
import {
  bonusDays,
  bonusProgress,
  dueNow,
  firstSales30d,
  mayBeDue,
  mayReach,
  rulesProblems,
  tierProgress,
  tierReason,
  withSale,
  type Bonus,
  type RewardFigures,
  type Tier,
} from "./rewards.js";

const now = new Date("2026-12-20T12:00:00Z");

const figures = (days: Record<string, number>, earnings = 0, refunded = 0, won: string[] = []): RewardFigures => ({
  recent_days: Object.fromEntries(Object.entries(days).map(([day, count]) => [day, { first_sales: count }])),
  total_earnings_cents: earnings,
  total_refunded_cents: refunded,
  bonuses_won: won,
});

const tier = (over: Partial<Tier> = {}): Tier => ({
  id: "gold",
  first_sales_30d: 20,
  lifetime_commission_cents: null,
  to_group: "g-gold",
  ...over,
});

const december: Bonus = {
  id: "b1",
  name: "December push",
  first_sales: 20,
  starts_on: "2026-12-01",
  ends_on: "2026-12-31",
  amount_cents: 10_000,
};

describe("what is measured", () => {
  test("30-day first sales count today and the 29 days before, nothing older", () => {
    // 2026-11-21 is the 30th day back from 2026-12-20; 2026-11-20 the 31st.
    expect(firstSales30d(figures({ "2026-12-20": 2, "2026-11-21": 3, "2026-11-20": 7 }), now)).toBe(5);
  });

  test("a bonus's period is its days, both ends included", () => {
    expect(bonusDays(december)).toHaveLength(31);
    expect(bonusDays({ starts_on: "2026-12-31", ends_on: "2026-12-31" })).toEqual(["2026-12-31"]);
  });
});

describe("tiers", () => {
  test("reached at the threshold exactly, not one below", () => {
    const rules = { tiers: [tier()], bonuses: [] };
    expect(dueNow(rules, figures({ "2026-12-20": 19 }), now, "2026-12-20").tier).toBeNull();
    expect(dueNow(rules, figures({ "2026-12-20": 20 }), now, "2026-12-20").tier?.id).toBe("gold");
  });

  test("lifetime commission is net of clawbacks, and either goal is enough", () => {
    const rules = { tiers: [tier({ first_sales_30d: 100, lifetime_commission_cents: 50_000 })], bonuses: [] };
    expect(dueNow(rules, figures({}, 55_000, 5_001), now, "2026-12-20").tier).toBeNull();
    expect(dueNow(rules, figures({}, 55_000, 5_000), now, "2026-12-20").tier?.id).toBe("gold");
  });

  test("the first tier reached in the list wins", () => {
    const rules = {
      tiers: [tier({ id: "a", first_sales_30d: 50 }), tier({ id: "b" }), tier({ id: "c" })],
      bonuses: [],
    };
    expect(dueNow(rules, figures({ "2026-12-20": 25 }), now, "2026-12-20").tier?.id).toBe("b");
  });

  test("what is left is shown per goal, never below 0", () => {
    const progress = tierProgress(
      tier({ lifetime_commission_cents: 10_000 }),
      figures({ "2026-12-19": 8 }, 12_000),
      now,
    );
    expect(progress).toMatchObject({ first_sales_left: 12, commission_left_cents: 0 });
  });

  test("the audit's reason names the goals and the figures", () => {
    expect(tierReason(tier(), figures({ "2026-12-20": 21 }), now)).toBe(
      "Tier gold reached: at least 20 first sales in 30 days (21).",
    );
  });
});

describe("bonuses", () => {
  const rules = { tiers: [], bonuses: [december] };

  test("won with the period's first sales, by a sale in the period, once", () => {
    const made = figures({ "2026-11-30": 5, "2026-12-01": 10, "2026-12-20": 10 });
    expect(dueNow(rules, made, now, "2026-12-20").bonuses.map((bonus) => bonus.id)).toEqual(["b1"]);
    // A sale outside the period does not bring it, and a bonus won is not due again.
    expect(dueNow(rules, made, now, "2026-11-30").bonuses).toEqual([]);
    const won = figures({ "2026-12-01": 10, "2026-12-20": 10 }, 0, 0, ["b1"]);
    expect(dueNow(rules, won, now, "2026-12-20").bonuses).toEqual([]);
  });

  test("first sales before the period do not count", () => {
    expect(dueNow(rules, figures({ "2026-11-30": 15, "2026-12-01": 19 }), now, "2026-12-20").bonuses).toEqual([]);
  });

  test("the affiliate sees bonuses open now or won, with their progress", () => {
    const later: Bonus = { ...december, id: "b2", starts_on: "2027-01-01", ends_on: "2027-01-31" };
    const past: Bonus = { ...december, id: "b3", starts_on: "2026-11-01", ends_on: "2026-11-30" };
    const wonPast: Bonus = { ...past, id: "b4" };
    const shown = bonusProgress(
      { tiers: [], bonuses: [december, later, past, wonPast] },
      figures({ "2026-12-02": 4 }, 0, 0, ["b4"]),
      now,
    );
    expect(shown.map(({ bonus, first_sales, won }) => [bonus.id, first_sales, won])).toEqual([
      ["b1", 4, false],
      ["b4", 0, true],
    ]);
  });
});

describe("the check from a read made before the sale", () => {
  test("counts the sale, its commission at most its amount", () => {
    const after = withSale(figures({ "2026-12-20": 3 }, 1_000), "2026-12-20", true, 2_500);
    expect(after.recent_days["2026-12-20"]?.first_sales).toBe(4);
    expect(after.total_earnings_cents).toBe(3_500);
    expect(withSale(figures({}), "2026-12-20", false, 0).recent_days["2026-12-20"]?.first_sales).toBe(0);
  });

  test("lets through figures within a margin of the threshold (concurrent sales it could not see)", () => {
    expect(mayReach(18, 20)).toBe(true);
    expect(mayReach(17, 20)).toBe(false);
    expect(mayReach(95_000, 100_000)).toBe(true);
    expect(mayReach(94_999, 100_000)).toBe(false);
    const rules = { tiers: [tier()], bonuses: [december] };
    const near = figures({ "2026-12-20": 18 });
    expect(mayBeDue(rules, near, now, "2026-12-20").tier?.id).toBe("gold");
    expect(dueNow(rules, near, now, "2026-12-20")).toEqual({ tier: null, bonuses: [] });
  });
});

describe("rules to save", () => {
  const groups = new Set(["default", "g-gold"]);

  test("sound rules have no problem", () => {
    expect(rulesProblems("default", { tiers: [tier()], bonuses: [december] }, groups)).toEqual([]);
  });

  test("a tier needs a goal and another group that exists; a bonus a period of at most 62 days", () => {
    const problems = rulesProblems(
      "g-gold",
      {
        tiers: [tier({ first_sales_30d: null }), tier({ to_group: "nowhere" })],
        bonuses: [
          { ...december, ends_on: "2026-11-30" },
          { ...december, starts_on: "2026-10-01", ends_on: "2026-12-31" },
        ],
      },
      groups,
    );
    expect(problems).toEqual([
      "tiers[0]: set first_sales_30d, lifetime_commission or both.",
      "tiers[0]: to_group must be another group than the tier's own.",
      "tiers[1]: no commission group has the id nowhere.",
      "bonuses[0]: ends_on must not be before starts_on.",
      "bonuses[1]: a bonus period is at most 62 days.",
    ]);
  });
});
