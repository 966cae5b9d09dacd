import { describe, expect, test } from "vitest";
import { emptyPayoutDetails, type PayoutDetails } from "./payout-details.js";
import {
  isWithinPayoutInterval,
  minimumPayoutCents,
  nextPayoutAllowedAt,
  payoutIntervalMs,
  payoutMessage,
  payoutMessages,
  payoutRefusal,
  payoutRefusalOf,
  payoutRulesText,
  type PayoutState,
  type PayoutSubject,
} from "./payout-eligibility.js";

const details: PayoutDetails = {
  ...emptyPayoutDetails,
  name: "Dana",
  country: "PT",
  city: "Lisbon",
  address: "Rua 1",
  post_code: "1100",
  company: "Demo",
  invoice_email: "i@demo.test",
  tax: "PT1",
  paypal_payout_account: "d@wise.test",
};
const now = new Date("2026-11-21T12:00:00Z");
const eligible: PayoutState = {
  details,
  fraudUser: false,
  payoutPending: false,
  lastPayout: null,
  earningsCents: 30_000,
  refundedCents: 0,
  payoutsCents: 0,
};

test("SPEC.md §8's messages, spelling included", () => {
  expect(payoutMessages).toEqual({
    suspended: "Your account has been permanantly suspended due to fraudulent activity.",
    // Issue 33's, not SPEC.md's: SPEC.md has no risk reviews.
    underReview:
      "Your account is under review, so new commissions are held and payouts are paused until the review ends. Contact us if you have questions.",
    recentPayout: "You have already recieved a payout in the last 30 days.",
    pending: "You already have a pending payout in progress. Please wait until the payout is complete.",
    incomplete: "Please complete all fields before requesting a payout.",
    belowMinimum: "Minimum payout is $200. Your current available balance is less than the required amount.",
  });
});

describe("payoutRefusal", () => {
  test("an eligible affiliate may request", () => {
    expect(payoutRefusal(eligible, now)).toBeNull();
  });

  test.each<[string, Partial<PayoutState>, string]>([
    ["a suspended account", { fraudUser: true }, "suspended"],
    ["an account under a review that holds", { underReview: true }, "underReview"],
    ["a suspended account under review", { fraudUser: true, underReview: true }, "suspended"],
    ["a payout 10 days ago", { lastPayout: new Date(now.getTime() - 10 * 86_400_000) }, "recentPayout"],
    ["a pending payout", { payoutPending: true }, "pending"],
    ["no VAT/Tax", { details: { ...details, tax: "" } }, "incomplete"],
    ["no Wise e-mail", { details: { ...details, paypal_payout_account: "" } }, "incomplete"],
    ["a balance of $199.99", { earningsCents: 19_999 }, "belowMinimum"],
    ["refunds taking the balance under $200", { refundedCents: 10_001 }, "belowMinimum"],
    ["payouts taking the balance under $200", { payoutsCents: 10_001 }, "belowMinimum"],
  ])("refuses %s", (_, change, refusal) => {
    expect(payoutRefusal({ ...eligible, ...change }, now)).toBe(refusal);
  });

  test("exactly $200 is enough", () => {
    expect(payoutRefusal({ ...eligible, earningsCents: minimumPayoutCents }, now)).toBeNull();
  });

  test("the refusals come in order: suspension, pending, the 30 days, the minimum, and details last", () => {
    const everythingWrong: PayoutState = {
      ...eligible,
      fraudUser: true,
      payoutPending: true,
      lastPayout: now,
      details: emptyPayoutDetails,
      earningsCents: 1_200,
    };
    const order: [Partial<PayoutState>, string | null][] = [
      [{}, "suspended"],
      [{ fraudUser: false }, "pending"],
      [{ payoutPending: false }, "recentPayout"],
      [{ lastPayout: null }, "belowMinimum"],
      [{ earningsCents: 30_000 }, "incomplete"],
      [{ details }, null],
    ];
    let state = everythingWrong;
    for (const [fix, refusal] of order) {
      state = { ...state, ...fix };
      expect(payoutRefusal(state, now)).toBe(refusal);
    }
  });

  test("a $12 balance hears about the minimum, not about a missing VAT/Tax", () => {
    const state = { ...eligible, earningsCents: 1_200, details: { ...details, tax: "" } };
    expect(payoutRefusal(state, now)).toBe("belowMinimum");
  });
});

describe("the 30-day window", () => {
  const last = new Date("2026-10-01T00:00:00Z");

  test("a payout exactly 30 days ago still blocks; a moment later it does not", () => {
    expect(isWithinPayoutInterval(last, new Date(last.getTime() + payoutIntervalMs))).toBe(true);
    expect(isWithinPayoutInterval(last, new Date(last.getTime() + payoutIntervalMs + 1))).toBe(false);
    expect(isWithinPayoutInterval(null, now)).toBe(false);
  });

  test("tells when the next payout may be requested", () => {
    expect(nextPayoutAllowedAt(last, new Date("2026-10-15T00:00:00Z"))).toEqual(
      new Date(last.getTime() + payoutIntervalMs + 1),
    );
    expect(nextPayoutAllowedAt(last, new Date("2026-12-01T00:00:00Z"))).toBeNull();
  });
});

describe("payoutRefusalOf: the same rule, read from the affiliate document", () => {
  const affiliate: PayoutSubject = {
    ...details,
    fraud_user: false,
    payout_pending: false,
    last_payout: null,
    total_earnings_cents: 30_000,
    total_refunded_cents: 0,
    total_payouts_cents: 0,
    held: {},
  };

  test.each<[string, Partial<PayoutSubject>, string | null]>([
    ["an eligible affiliate", {}, null],
    ["a suspended account", { fraud_user: true }, "suspended"],
    ["a payout 10 days ago", { last_payout: new Date(now.getTime() - 10 * 86_400_000) }, "recentPayout"],
    ["a pending payout", { payout_pending: true }, "pending"],
    ["no VAT/Tax", { tax: "" }, "incomplete"],
    ["payouts taking the balance under $200", { total_payouts_cents: 10_001 }, "belowMinimum"],
    // Issue 19: the rules apply to the payable balance; commission in its hold period is not payable yet.
    ["$100.01 of the $300 still in its hold", { held: { "2099-01-01": 10_001 } }, "belowMinimum"],
    ["$100 of the $300 in its hold", { held: { "2099-01-01": 10_000 } }, null],
    ["$300 held until a day now past", { held: { "2000-01-01": 30_000 } }, null],
  ])("%s", (_, change, refusal) => {
    expect(payoutRefusalOf({ ...affiliate, ...change }, now)).toBe(refusal);
  });

  test("judges the details the request is made with, when given, instead of the stored ones", () => {
    expect(payoutRefusalOf({ ...affiliate, tax: "" }, now, details)).toBeNull();
    expect(payoutRefusalOf(affiliate, now, { ...details, tax: "" })).toBe("incomplete");
  });
});

describe("the programme's own payout rules (issue 19's settings)", () => {
  const rules = { minimumCents: 10_000, intervalDays: 14 };
  const day = 86_400_000;

  test("a lower minimum lets a smaller balance be paid; a higher one holds it back", () => {
    expect(payoutRefusal({ ...eligible, earningsCents: 15_000 }, now)).toBe("belowMinimum");
    expect(payoutRefusal({ ...eligible, earningsCents: 15_000 }, now, rules)).toBeNull();
    expect(payoutRefusal(eligible, now, { ...rules, minimumCents: 30_001 })).toBe("belowMinimum");
  });

  test("a $0 minimum still pays nothing out of nothing", () => {
    const free = { minimumCents: 0, intervalDays: 30 };
    expect(payoutRefusal({ ...eligible, earningsCents: 1 }, now, free)).toBeNull();
    expect(payoutRefusal({ ...eligible, earningsCents: 0 }, now, free)).toBe("belowMinimum");
    expect(payoutMessage("belowMinimum", free)).toBe(
      "Minimum payout is $0.01. Your current available balance is less than the required amount.",
    );
  });

  test("the days between payouts are the programme's", () => {
    const tenDaysAgo = new Date(now.getTime() - 10 * day);
    expect(payoutRefusal({ ...eligible, lastPayout: tenDaysAgo }, now, { ...rules, intervalDays: 7 })).toBeNull();
    expect(payoutRefusal({ ...eligible, lastPayout: tenDaysAgo }, now, rules)).toBe("recentPayout");
    expect(nextPayoutAllowedAt(tenDaysAgo, now, rules)).toEqual(new Date(tenDaysAgo.getTime() + 14 * day + 1));
    expect(isWithinPayoutInterval(tenDaysAgo, now, { ...rules, intervalDays: 0 })).toBe(false);
  });

  test("SPEC.md's words, with the programme's amount and days; unchanged under SPEC.md's rules", () => {
    for (const refusal of Object.keys(payoutMessages) as (keyof typeof payoutMessages)[]) {
      expect(payoutMessage(refusal)).toBe(payoutMessages[refusal]);
    }
    expect(payoutMessage("belowMinimum", { ...rules, minimumCents: 15_050 })).toBe(
      "Minimum payout is $150.50. Your current available balance is less than the required amount.",
    );
    expect(payoutMessage("recentPayout", rules)).toBe("You have already recieved a payout in the last 14 days.");
    expect(payoutMessage("recentPayout", { ...rules, intervalDays: 1 })).toBe(
      "You have already recieved a payout in the last 1 day.",
    );
  });

  test("the rules as the dashboard states them", () => {
    expect(payoutRulesText({ minimumCents: 20_000, intervalDays: 30 })).toBe(
      "Minimum payout $200, one payout a month.",
    );
    expect(payoutRulesText(rules)).toBe("Minimum payout $100, one payout every 14 days.");
    expect(payoutRulesText({ minimumCents: 5_050, intervalDays: 0 })).toBe(
      "Minimum payout $50.50, a new payout as soon as the last is paid.",
    );
  });
});
