import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { applyRate, defaultCommissionRate, ordinal, refundClawback, saleCommission } from "./commission.js";

const terms = { commissionRate: 0.6, repeatRates: { "1": 0.5, "2": 0.2 } };

describe("saleCommission", () => {
  test("the default first-sale rate is 60%", () => {
    expect(defaultCommissionRate).toBe(0.6);
  });

  test("a first sale earns the commission rate", () => {
    expect(saleCommission(2_000, 0, terms)).toEqual({ rate: 0.6, cents: 1_200 });
  });

  test("the n-th renewal earns repeat_rates[n]", () => {
    expect(saleCommission(2_000, 1, terms)).toEqual({ rate: 0.5, cents: 1_000 });
    expect(saleCommission(2_000, 2, terms)).toEqual({ rate: 0.2, cents: 400 });
  });

  test("a renewal without a rate earns nothing", () => {
    expect(saleCommission(2_000, 3, terms)).toEqual({ rate: 0, cents: 0 });
  });

  test("rates apply in exact cents, half a cent rounding up", () => {
    expect(applyRate(1_999, 0.6)).toBe(1_199); // 1199.4
    expect(applyRate(2_025, 0.6)).toBe(1_215); // float gives 1214.9999999999998
    expect(applyRate(1, 0.5)).toBe(1); // 0.5
    expect(applyRate(3, 0.5)).toBe(2); // 1.5
    expect(applyRate(100_000_000, 0.6)).toBe(60_000_000);
  });

  test("a commission is never more than the sale nor less than 0", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (amount, rate) => {
          const cents = applyRate(amount, rate);
          expect(Number.isInteger(cents)).toBe(true);
          expect(cents).toBeGreaterThanOrEqual(0);
          expect(cents).toBeLessThanOrEqual(amount);
        },
      ),
    );
  });
});

describe("refundClawback", () => {
  const sale = { amountCents: 2_000, earningsCents: 1_200, refundedAmountCents: 0, clawedBackCents: 0 };

  test("a full refund claws back the whole commission", () => {
    expect(refundClawback(sale)).toEqual({ refundedAmountCents: 2_000, clawbackCents: 1_200 });
    expect(refundClawback(sale, 2_000)).toEqual({ refundedAmountCents: 2_000, clawbackCents: 1_200 });
  });

  test("a partial refund claws back the same share of the commission", () => {
    expect(refundClawback(sale, 500)).toEqual({ refundedAmountCents: 500, clawbackCents: 300 });
  });

  test("a refund of an already refunded sale takes nothing more", () => {
    const refunded = { ...sale, refundedAmountCents: 2_000, clawedBackCents: 1_200 };
    expect(refundClawback(refunded)).toEqual({ refundedAmountCents: 0, clawbackCents: 0 });
  });

  test("a refund larger than what is left is capped", () => {
    expect(refundClawback({ ...sale, refundedAmountCents: 1_500, clawedBackCents: 900 }, 5_000)).toEqual({
      refundedAmountCents: 500,
      clawbackCents: 300,
    });
  });

  test("partial refunds adding up to the payment claw back exactly the commission", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.array(fc.integer({ min: 1, max: 10_000_000 }), { maxLength: 8 }),
        (amount, rate, parts) => {
          let state = {
            amountCents: amount,
            earningsCents: applyRate(amount, rate),
            refundedAmountCents: 0,
            clawedBackCents: 0,
          };
          for (const part of [...parts, undefined]) {
            const { refundedAmountCents, clawbackCents } = refundClawback(state, part);
            expect(clawbackCents).toBeGreaterThanOrEqual(0);
            state = {
              ...state,
              refundedAmountCents: state.refundedAmountCents + refundedAmountCents,
              clawedBackCents: state.clawedBackCents + clawbackCents,
            };
            expect(state.clawedBackCents).toBeLessThanOrEqual(state.earningsCents);
          }
          expect(state.refundedAmountCents).toBe(amount);
          expect(state.clawedBackCents).toBe(state.earningsCents);
        },
      ),
    );
  });
});

test.each([
  [1, "1st"],
  [2, "2nd"],
  [3, "3rd"],
  [4, "4th"],
  [11, "11th"],
  [12, "12th"],
  [13, "13th"],
  [21, "21st"],
  [22, "22nd"],
  [101, "101st"],
  [111, "111th"],
])("ordinal(%i) is %s", (n, label) => {
  expect(ordinal(n)).toBe(label);
});
