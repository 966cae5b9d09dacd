/**
 * The shared rate limiter (functions/src/rate-limits/rate-limiter.ts) in this process: two or three limiters
 * stand for function instances and share their count in the Firestore emulator. Each test gives its checks
 * one moment (the limiter takes `now`), the first second of the current minute, so they all fall in one
 * window without waiting for a fresh clock minute, and a scope of its own, so no other file shares its count.
 * The limits through the API and the redirect, which need the emulators to themselves, are in
 * rate-limits.serial.test.ts.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, test } from "vitest";
import { RateLimiter } from "../../functions/src/rate-limits/rate-limiter.ts";

/** The first second of the current minute: a window's start, with its end a minute after. */
function momentInAWindow(): number {
  return Math.floor(Date.now() / 60_000) * 60_000 + 1_000;
}

describe("the shared counter (in-process, two limiters standing for two function instances)", () => {
  const rule = () => ({ scope: `test-${randomUUID().slice(0, 8)}`, limit: 10, windowMs: 60_000, localAllowance: 3 });

  test("a key over its limit on one instance is refused on the other, once that one consults the count", async () => {
    const now = momentInAWindow();
    const shared = rule();
    const [first, second] = [new RateLimiter(() => shared), new RateLimiter(() => shared)];
    const answers: (number | null)[] = [];
    for (let i = 0; i < 11; i++) answers.push(await first.check("visitor-a", now));
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(null));
    expect(answers[10]).toBeGreaterThan(0);
    // The other instance lets its local allowance through, then reads the shared count and refuses.
    const elsewhere: (number | null)[] = [];
    for (let i = 0; i < 5; i++) elsewhere.push(await second.check("visitor-a", now));
    expect(elsewhere.slice(0, 3)).toEqual([null, null, null]);
    expect(elsewhere[3]).toBeGreaterThan(0);
    expect(elsewhere[4]).toBeGreaterThan(0);
    // Another key is unaffected.
    expect(await second.check("visitor-b", now)).toBeNull();
  });

  test("a burst of 400 at once gets at most the limit through on one instance, and limit + (n - 1) x allowance on n", async () => {
    const now = momentInAWindow();
    // The API's rule: 300 a minute, 30 let through on an instance's own count.
    const apiRule = () => ({ ...rule(), limit: 300, localAllowance: 30 });
    const admitted = async (limiters: RateLimiter[]) => {
      const answers = await Promise.all(
        Array.from({ length: 400 }, (_, i) => limiters[i % limiters.length]!.check("burst", now)),
      );
      return answers.filter((answer) => answer === null).length;
    };
    const one = apiRule();
    const alone = await admitted([new RateLimiter(() => one)]);
    expect(alone).toBeLessThanOrEqual(300);
    expect(alone).toBeGreaterThanOrEqual(30);
    const three = apiRule();
    const spread = await admitted([1, 2, 3].map(() => new RateLimiter(() => three)));
    expect(spread).toBeLessThanOrEqual(300 + 2 * 30);
    // Once refused, an instance refuses the key without asking again, and says so without counting it.
    const limiter = new RateLimiter(() => ({ ...one, scope: `${one.scope}-after` }));
    await Promise.all(Array.from({ length: 400 }, () => limiter.check("burst", now)));
    expect(limiter.blocked("burst", now)).toBeGreaterThan(0);
    expect(limiter.blocked("someone else", now)).toBeNull();
  });

  test("with no local allowance every request is counted at once, across instances", async () => {
    const now = momentInAWindow();
    const shared = { ...rule(), localAllowance: 0, limit: 4 };
    const limiters = [new RateLimiter(() => shared), new RateLimiter(() => shared)];
    const answers: (number | null)[] = [];
    for (let i = 0; i < 6; i++) answers.push(await limiters[i % 2]!.check("caller", now));
    expect(answers.map((answer) => answer === null)).toEqual([true, true, true, true, false, false]);
  });

  test("a request of several (a batch of events) counts as that many, across instances", async () => {
    const now = momentInAWindow();
    const shared = rule();
    const [first, second] = [new RateLimiter(() => shared), new RateLimiter(() => shared)];
    expect(await first.check("advertiser", now, 6)).toBeNull();
    expect(await second.check("advertiser", now, 4)).toBeNull();
    // The count is now 10, the limit: one more, on either instance, is over it.
    expect(await second.check("advertiser", now, 1)).toBeGreaterThan(0);
    expect(await first.check("advertiser", now, 1)).toBeGreaterThan(0);
  });
});
