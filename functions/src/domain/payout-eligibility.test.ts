import { describe, expect, test } from "vitest";
import { emptyPayoutDetails, type PayoutDetails } from "./payout-details.js";
import {
  isWithinPayoutInterval,
  minimumPayoutCents,
  nextPayoutAllowedAt,
  payoutIntervalMs,
  payoutMessages,
  payoutRefusal,
  type PayoutState,
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

  test("the first refusal the affiliate can act on wins", () => {
    const everythingWrong: PayoutState = {
      ...eligible,
      payoutPending: true,
      lastPayout: now,
      details: emptyPayoutDetails,
      earningsCents: 0,
    };
    expect(payoutRefusal(everythingWrong, now)).toBe("recentPayout");
    expect(payoutRefusal({ ...everythingWrong, lastPayout: null }, now)).toBe("pending");
    expect(payoutRefusal({ ...everythingWrong, lastPayout: null, payoutPending: false }, now)).toBe("incomplete");
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
