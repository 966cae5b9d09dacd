import fc from "fast-check";
import { expect, test } from "vitest";
import { isUsableTracker, normalizeTracker, trackerInputMaxLength, trackerMaxLength } from "./tracker.js";

test.each([
  ["abc", "/abc"],
  ["ABC", "/abc"],
  ["/abc", "/abc"],
  ["a-b_c!", "/abc"],
  ["tw 24", "/tw24"],
  ["Ünï", "/n"],
  ["a/b", "/a/b"],
  ["abcdefghijklmnop", "/abcdefghijk"],
  ["", "/"],
])("normalizeTracker(%j) is %j", (input, normalized) => {
  expect(normalizeTracker(input)).toBe(normalized);
});

test("SPEC.md's limits: 6 characters typed, 12 stored", () => {
  expect(trackerInputMaxLength).toBe(6);
  expect(trackerMaxLength).toBe(12);
});

// fast-check builds its table of every code point the first time a "binary" string is asked for: about 0.8 s
// alone, and past vitest's 5 s default on a machine busy with the emulator layers (it failed so twice).
test(
  "normalising is idempotent and always gives a slash, a-z, 0-9 and at most 12 characters",
  { timeout: 30_000 },
  () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 40 }), (input) => {
        const once = normalizeTracker(input);
        expect(normalizeTracker(once)).toBe(once);
        expect(once).toMatch(/^\/[a-z0-9/]{0,11}$/);
      }),
    );
  },
);

test("a tracker must name something", () => {
  expect(isUsableTracker("/abc")).toBe(true);
  expect(isUsableTracker("/")).toBe(false);
  expect(isUsableTracker("//")).toBe(false);
  expect(isUsableTracker("/ABC")).toBe(false);
});
