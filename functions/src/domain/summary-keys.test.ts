import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { balanceOf } from "./balance.js";
import { rateEarningsPerSignUp, ratingLabels } from "./rating.js";
import {
  matchesSearch,
  searchKeyLength,
  searchKeyOf,
  searchKeysOf,
  searchTokens,
  summaryKeysOf,
} from "./summary-keys.js";

const jane = { uid: "AbC123xyz", name: "Jane  van Doe", email: "Jane.Doe+aff@Mail.Example" };

const totals = (earnings: number, refunded: number, payouts: number, signUps: number) => ({
  ...jane,
  total_earnings_cents: earnings,
  total_refunded_cents: refunded,
  total_payouts_cents: payouts,
  total_sign_ups: signUps,
});

describe("summary keys", () => {
  test("owed is the balance before its floor at 0: same order above 0, a debt below it", () => {
    fc.assert(
      fc.property(fc.nat(10 ** 9), fc.nat(10 ** 9), fc.nat(10 ** 9), (earnings, refunded, payouts) => {
        const affiliate = totals(earnings, refunded, payouts, 1);
        const { owed_cents } = summaryKeysOf(affiliate);
        expect(Math.max(0, owed_cents)).toBe(balanceOf(affiliate));
      }),
    );
  });

  test("the risk margin says HIGH RISK exactly when the rating does (with a sign-up)", () => {
    fc.assert(
      fc.property(fc.nat(10 ** 8), fc.nat(10 ** 6), (earnings, signUps) => {
        const { risk_margin_cents } = summaryKeysOf(totals(earnings, 0, 0, signUps));
        const highRisk = rateEarningsPerSignUp(earnings, signUps).label === ratingLabels.highRisk;
        expect(signUps > 0 && risk_margin_cents > 0).toBe(highRisk);
      }),
    );
  });

  test("tokens: the name from each word on, the e-mail and its parts, the uid, lowercased", () => {
    expect(searchTokens(jane)).toEqual([
      "jane van doe",
      "van doe",
      "doe",
      "jane.doe+aff@mail.example",
      "jane.doe+aff",
      "mail.example",
      "abc123xyz",
    ]);
    expect(searchTokens({ uid: "u1", name: "", email: "" })).toEqual(["u1"]);
  });

  test("a search finds the affiliate by the start of any token, in any case and spacing, and by nothing else", () => {
    for (const search of ["jane", "JANE  VAN", "van d", "doe", "jane.doe+", "mail.ex", "abc1", "  Doe "]) {
      expect(matchesSearch(jane, search), search).toBe(true);
      expect(searchKeysOf(jane), search).toContain(searchKeyOf(search));
    }
    for (const search of ["ane", "oe", "example", "123", "jane doe"]) {
      expect(matchesSearch(jane, search), search).toBe(false);
      expect(searchKeysOf(jane), search).not.toContain(searchKeyOf(search));
    }
    expect(searchKeyOf("   ")).toBeNull();
    expect(matchesSearch(jane, "")).toBe(true);
  });

  test("the stored prefixes stop at searchKeyLength; a longer search is looked up by its start", () => {
    const long = { uid: "u", name: "Maximiliana Konstantinopoulou-Papadopoulou", email: "" };
    const keys = searchKeysOf(long);
    expect(Math.max(...keys.map((key) => key.length))).toBe(searchKeyLength);
    const search = "maximiliana konstantinopoulou";
    expect(keys).toContain(searchKeyOf(search));
    expect(matchesSearch(long, search)).toBe(true);
    expect(matchesSearch(long, "maximiliana konstantinopoulos")).toBe(false);
  });

  test("the keys stay few: a long name and e-mail make at most a few hundred", () => {
    const keys = searchKeysOf({
      uid: "x".repeat(28),
      name: "A Very Long Affiliate Name With Many Words In It Indeed",
      email: "a.very.long.local.part.of.an.address@a-rather-long-domain.example",
    });
    expect(keys.length).toBeLessThan(300);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
