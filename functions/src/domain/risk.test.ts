import { describe, expect, test } from "vitest";
import { payableOf, balanceOf } from "./balance.js";
import { applyToAffiliate, recordRefund, recordSale, type SaleTerms } from "./ledger.js";
import { newAffiliate, type AffiliateDoc } from "./model.js";
import { payoutRefusalOf } from "./payout-eligibility.js";
import {
  affiliateCaseSummary,
  cancelledHolds,
  caseSummary,
  caseWithSignal,
  holdingCase,
  maxCaseEvents,
  openCase,
  releasedHolds,
  riskHeldCentsOf,
  riskReviewOf,
  sharedDestinationSignals,
  type RiskSignal,
} from "./risk.js";

const now = new Date("2026-11-21T12:00:00Z");
const terms = (holdDays: number): SaleTerms => ({ commissionRate: 0.6, repeatRates: {}, holdDays });
const sale = {
  advertiser: "promptchan" as const,
  id: "s1",
  tracker: "",
  amountCents: 2_000,
  repeatIndex: 0,
  occurredAt: now,
};
const refund = (amountCents?: number) => ({
  type: "refund" as const,
  advertiser: "promptchan" as const,
  id: "r1",
  occurredAt: now,
  ...(amountCents === undefined ? {} : { amountCents }),
});
const signal = (key: string, action: RiskSignal["action"] = "flag"): RiskSignal => ({
  key,
  family: "shared_destination",
  action,
  evidence: { detail: `Shares with ${key}.`, other_uid: key },
});

describe("risk cases", () => {
  test("a case's action is the strongest of its signals', each family listed once", () => {
    const opened = openCase("u1", signal("a"), now);
    expect(opened).toMatchObject({ status: "open", action: "flag", families: ["shared_destination"], event_count: 1 });
    const stronger = caseWithSignal(opened, { ...signal("b", "hold_new"), family: "refund_rate" }, now);
    expect(stronger.action).toBe("hold_new");
    expect(stronger.families).toEqual(["shared_destination", "refund_rate"]);
    expect(caseWithSignal(stronger, signal("c"), now).action).toBe("hold_new");
  });

  test("keeps the newest events only, and counts them all", () => {
    let riskCase = openCase("u1", signal("0"), now);
    for (let i = 1; i < maxCaseEvents + 10; i++) riskCase = caseWithSignal(riskCase, signal(String(i)), now);
    expect(riskCase.events).toHaveLength(maxCaseEvents);
    expect(riskCase.event_count).toBe(maxCaseEvents + 10);
    expect(riskCase.events[0]!.key).toBe("10");
  });

  test("a flag holds nothing; hold_new and hold_all hold", () => {
    const flag = caseSummary("c1", openCase("u1", signal("a"), now));
    expect(holdingCase({ risk_case: flag })).toBeNull();
    expect(holdingCase({ risk_case: { ...flag, action: "hold_new" } })).not.toBeNull();
    expect(holdingCase({ risk_case: null })).toBeNull();
  });

  test("the affiliate's own document names a case only while it holds: a flag is for staff's eyes", () => {
    const flag = caseSummary("c1", openCase("u1", signal("a"), now));
    expect(affiliateCaseSummary(flag)).toBeNull();
    expect(affiliateCaseSummary({ ...flag, action: "hold_new" })).toEqual({ ...flag, action: "hold_new" });
    expect(affiliateCaseSummary({ ...flag, action: "hold_all" })?.id).toBe("c1");
  });

  test("a destination becoming shared signals both sides; a third account signals itself only", () => {
    const pair = sharedDestinationSignals("new", ["old", "new"], "wise", "k", "flag");
    expect(pair.map(({ uid, signal }) => [uid, signal.evidence.other_uid, signal.key])).toEqual([
      ["new", "old", "shared_destination:k"],
      ["old", "new", "shared_destination:k"],
    ]);
    const third = sharedDestinationSignals("c", ["a", "b", "d", "e"], "bank", "k", "hold_new");
    expect(third).toHaveLength(1);
    expect(third[0]).toMatchObject({
      uid: "c",
      signal: {
        action: "hold_new",
        evidence: { detail: "Uses the same payout destination as affiliate a, b, d and 1 more." },
      },
    });
    expect(sharedDestinationSignals("a", ["a"], "wise", "k", "flag")).toEqual([]);
  });
});

describe("commission held by a case", () => {
  const holding = {
    ...newAffiliate("u1", "u1@demo.test", now),
    risk_case: { id: "c1", action: "hold_new" as const, families: ["shared_destination" as const], opened_at: now },
  };

  test("a sale under a holding case goes into the case's hold, marked with the case, not into the normal hold", () => {
    const { entry, change } = recordSale(holding, sale, now, terms(30), { id: "c1" });
    expect(entry.risk_case_id).toBe("c1");
    expect(change.held).toBeUndefined();
    expect(change.riskHeld).toEqual({ day: "2026-12-21", cents: 1_200 });
    const after = { ...holding, ...applyToAffiliate(holding, [change], now) };
    expect(after.risk_held).toEqual({ promptchan: { "2026-12-21": 1_200 } });
    // SPEC.md's balance is unchanged; only what can be paid out leaves it out.
    expect(balanceOf(after)).toBe(1_200);
    expect(payableOf(after, now)).toBe(0);
  });

  test("a sale with no case (or one that earns nothing) is not held by one", () => {
    expect(recordSale(holding, sale, now, terms(30)).change.riskHeld).toBeUndefined();
    const suspended = recordSale({ ...holding, fraud_user: true }, sale, now, terms(30), { id: "c1" });
    expect(suspended.entry.risk_case_id).toBeUndefined();
  });

  test("a refund claws back from the case's hold while it is open, normally once released, nothing once confirmed", () => {
    const { entry } = recordSale(holding, sale, now, terms(30), { id: "c1" });
    const open = recordRefund(entry, refund(500), now, "open")!;
    expect(open.change.riskHeld).toEqual({ day: "2026-12-21", cents: -300 });
    expect(open.change.held).toBeUndefined();
    const released = recordRefund(entry, refund(500), now, "released")!;
    expect(released.change.held).toEqual({ day: "2026-12-21", cents: -300 });
    expect(released.change.riskHeld).toBeUndefined();
    const confirmed = recordRefund(entry, refund(), now, "confirmed")!;
    expect(confirmed.change.figures).toEqual({ refunds: 1, refunded_cents: 0 });
    expect(confirmed.entry.earnings_cents).toBe(-0);
    expect(confirmed.saleUpdate).toMatchObject({ refunded: true, refunded_amount_cents: 2_000, clawed_back_cents: 0 });
  });

  test("release puts the buckets back on their days (the matured ones payable); confirm cancels them per advertiser", () => {
    const riskHeld = { promptchan: { "2026-12-21": 1_200, "2026-11-01": 600 }, cutechat: { "2026-12-21": 300 } };
    expect(riskHeldCentsOf({ risk_held: riskHeld })).toBe(2_100);
    expect(releasedHolds(riskHeld, now)).toEqual({ "2026-12-21": 1_500 });
    expect(cancelledHolds(riskHeld)).toEqual({ promptchan: 1_800, cutechat: 300 });
  });

  test("payout requests are refused while a holding case is open, with the affiliate's own reason", () => {
    const rich: AffiliateDoc = { ...holding, total_earnings_cents: 50_000, tax: "PT1" };
    expect(payoutRefusalOf(rich, now)).toBe("underReview");
    expect(payoutRefusalOf({ ...rich, risk_case: { ...rich.risk_case!, action: "flag" } }, now)).not.toBe(
      "underReview",
    );
  });

  test("the affiliate sees the review in plain words and the amount held, never a threshold; a flag not at all", () => {
    const review = riskReviewOf({ ...holding, risk_held: { promptchan: { "2026-12-21": 1_200 } } });
    expect(review).toEqual({
      message: expect.stringContaining("under review"),
      reasons: ["Your payout account is also used by another affiliate account."],
      since: now,
      held_cents: 1_200,
    });
    expect(riskReviewOf({ ...holding, risk_case: { ...holding.risk_case, action: "flag" } })).toBeNull();
  });
});
