import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { loweredRates, promisedRates, termsHistory, type RateChange } from "./promised-terms.js";

const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000);

const change = (version: number, at: number, rate: number, renewal = 0.5, everyoneFrom?: number): RateChange => ({
  version,
  effective_from: version === 0 ? new Date(0) : day(at),
  commission_rate: rate,
  repeat_rates: { "1": renewal, "2": renewal },
  everyone_from: everyoneFrom === undefined ? null : day(everyoneFrom),
});

const start = change(0, 0, 0.6);

describe("loweredRates", () => {
  test("names each lowered rate, a renewal taken out among them, and nothing raised", () => {
    const before = { commission_rate: 0.6, repeat_rates: { "1": 0.5, "2": 0.5, "10": 0.3 } };
    expect(loweredRates(before, { commission_rate: 0.55, repeat_rates: { "1": 0.6, "2": 0.4 } })).toEqual([
      "Commission rate",
      "Renewal #2",
      "Renewal #10",
    ]);
    expect(
      loweredRates(before, { ...before, commission_rate: 0.7, repeat_rates: { ...before.repeat_rates, "3": 0.1 } }),
    ).toEqual([]);
  });
});

describe("promisedRates", () => {
  test("a change lowering the rates reaches affiliates who join after it, not those before", () => {
    const lowered = change(1, 10, 0.5, 0.4);
    expect(promisedRates([start, lowered], day(5), day(20))).toEqual({
      commission_rate: 0.6,
      repeat_rates: { "1": 0.5, "2": 0.5 },
    });
    expect(promisedRates([start, lowered], day(11), day(20))).toMatchObject({
      commission_rate: 0.5,
      repeat_rates: { "1": 0.4, "2": 0.4 },
    });
  });

  test("a raise reaches everyone at once; a later lowering does not take it back from them", () => {
    const raised = change(1, 10, 0.7);
    const lowered = change(2, 20, 0.55);
    expect(promisedRates([start, raised, lowered], day(5), day(15))?.commission_rate).toBe(0.7);
    expect(promisedRates([start, raised, lowered], day(5), day(25))?.commission_rate).toBe(0.7);
    expect(promisedRates([start, raised, lowered], day(21), day(25))?.commission_rate).toBe(0.55);
  });

  test("an affiliate kept above the programme keeps their rate through a smaller raise", () => {
    const lowered = change(1, 10, 0.4);
    const raised = change(2, 20, 0.5);
    expect(promisedRates([start, lowered, raised], day(5), day(25))?.commission_rate).toBe(0.6);
    expect(promisedRates([start, lowered, raised], day(15), day(25))?.commission_rate).toBe(0.5);
  });

  test("apply to everyone: the earlier affiliates keep their rates until the notice date, then take the new ones", () => {
    const everyone = change(1, 10, 0.5, 0.4, 30);
    expect(promisedRates([start, everyone], day(5), day(29))?.commission_rate).toBe(0.6);
    expect(promisedRates([start, everyone], day(5), day(30))).toEqual({
      commission_rate: 0.5,
      repeat_rates: { "1": 0.4, "2": 0.4 },
    });
  });

  test("after the notice date, a later change for new affiliates only still keeps the rates the notice brought", () => {
    const everyone = change(1, 10, 0.5, 0.5, 30);
    const newOnly = change(2, 20, 0.4);
    // Before the notice: the first promise (60%). After it: as if they had joined on day 10 (50%, kept past day 20).
    expect(promisedRates([start, everyone, newOnly], day(5), day(25))?.commission_rate).toBe(0.6);
    expect(promisedRates([start, everyone, newOnly], day(5), day(31))?.commission_rate).toBe(0.5);
    expect(promisedRates([start, everyone, newOnly], day(21), day(31))?.commission_rate).toBe(0.4);
  });

  test("a sale reported from before any change known earns nothing promised (the settings in force apply)", () => {
    expect(promisedRates([change(1, 10, 0.5)], day(5), day(6))).toBeNull();
  });

  test("property: without a notice date past, an affiliate never earns a rate below the one they joined on", () => {
    const changeArb = fc.record({
      at: fc.integer({ min: 1, max: 300 }),
      rate: fc.integer({ min: 0, max: 100 }),
      renewal: fc.integer({ min: 0, max: 100 }),
      notice: fc.option(fc.integer({ min: 14, max: 200 }), { nil: undefined }),
    });
    fc.assert(
      fc.property(
        fc.array(changeArb, { maxLength: 8 }),
        fc.integer({ min: 0, max: 300 }),
        fc.integer({ min: 0, max: 600 }),
        (drawn, joined, at) => {
          const changes = [
            start,
            ...drawn.map((c, i) =>
              change(i + 1, c.at, c.rate / 100, c.renewal / 100, c.notice === undefined ? undefined : c.at + c.notice),
            ),
          ];
          const rates = promisedRates(changes, day(joined), day(joined + at))!;
          const atJoin = promisedRates(changes, day(joined), day(joined))!;
          const noticePassed = changes.some(
            (c) =>
              c.everyone_from &&
              c.effective_from.getTime() > day(joined).getTime() &&
              c.everyone_from.getTime() <= day(joined + at).getTime(),
          );
          if (!noticePassed) expect(loweredRates(atJoin, rates)).toEqual([]);
          // Never below what an affiliate joining now would get.
          const newcomer = promisedRates(changes, day(joined + at), day(joined + at))!;
          expect(loweredRates(newcomer, rates)).toEqual([]);
        },
      ),
    );
  });
});

describe("termsHistory", () => {
  test("an affiliate's own terms: joined, a change kept from them, a raise, then a notice", () => {
    const changes = [start, change(1, 10, 0.5), change(2, 20, 0.65), change(3, 40, 0.45, 0.5, 60)];
    const steps = termsHistory(changes, day(5), day(90)).map(({ from, reason, commission_rate, programme }) => ({
      from,
      reason,
      commission_rate,
      programme: programme?.commission_rate,
    }));
    expect(steps).toEqual([
      { from: day(5), reason: "joined", commission_rate: 0.6, programme: undefined },
      { from: day(10), reason: "kept", commission_rate: 0.6, programme: 0.5 },
      { from: day(20), reason: "raised", commission_rate: 0.65, programme: undefined },
      { from: day(40), reason: "kept", commission_rate: 0.65, programme: 0.45 },
      { from: day(60), reason: "lowered", commission_rate: 0.45, programme: undefined },
    ]);
    // Until the notice date, the history stops at what has happened.
    expect(termsHistory(changes, day(5), day(50)).at(-1)?.reason).toBe("kept");
  });
});
