import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { centsToDollars, formatDollars, formatDollarsFixed, maxAmountCents, parseDollars } from "./money.js";

describe("parseDollars", () => {
  test.each([
    [20, 2000],
    ["20", 2000],
    [19.99, 1999],
    ["19.99", 1999],
    ["19.9", 1990],
    [0, 0],
    ["0.01", 1],
    [0.1, 10],
    ["1000000", 100_000_000],
  ])("reads %j as %i cents", (input, cents) => {
    expect(parseDollars(input)).toBe(cents);
  });

  test.each([
    [10.005, "at most 2 decimals"],
    ["10.005", "at most 2 decimals"],
    [-1, "must not be negative"],
    ["-1", "must not be negative"],
    [-0, "must not be negative"],
    [Number.NaN, "finite"],
    [Number.POSITIVE_INFINITY, "finite"],
    ["1e3", "without an exponent"],
    ["1E3", "without an exponent"],
    [1e21, "without an exponent"],
    [1e-7, "without an exponent"],
    ["", "plain decimal"],
    [" 5", "plain decimal"],
    ["5 ", "plain decimal"],
    ["1,000", "plain decimal"],
    [".5", "plain decimal"],
    ["5.", "plain decimal"],
    ["05", "plain decimal"],
    ["0x10", "plain decimal"],
    ["Infinity", "plain decimal"],
    ["1000000.01", "must not exceed $1,000,000"],
    ["99999999999999999999", "must not exceed"],
    [null, "number or a decimal string"],
    [true, "number or a decimal string"],
    [{}, "number or a decimal string"],
  ])("refuses %j (%s)", (input, message) => {
    expect(() => parseDollars(input)).toThrow(message);
  });

  test("honours a smaller maximum", () => {
    expect(() => parseDollars("10.01", { max: 1000 })).toThrow("must not exceed $10");
    expect(parseDollars("10", { max: 1000 })).toBe(1000);
  });

  test("every whole number of cents round-trips through dollars, as a number and as text", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: maxAmountCents }), (cents) => {
        expect(parseDollars(centsToDollars(cents))).toBe(cents);
        expect(parseDollars(formatDollarsFixed(cents))).toBe(cents);
      }),
    );
  });

  test("any number with more than 2 decimals is refused, never rounded", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 1, max: 9 }),
        (tenthsOfCents, lastDigit) => {
          const text = `${Math.floor(tenthsOfCents / 100)}.${String(tenthsOfCents % 100).padStart(2, "0")}${lastDigit}`;
          expect(() => parseDollars(text)).toThrow("at most 2 decimals");
          expect(() => parseDollars(Number(text))).toThrow();
        },
      ),
    );
  });
});

describe("formatting", () => {
  test.each([
    [20_000, "$200.00"],
    [1950, "$19.50"],
    [1999, "$19.99"],
    [1000, "$10.00"],
    [17_240, "$172.40"],
    [123_456_789, "$1,234,567.89"],
    [0, "$0.00"],
    [-1250, "-$12.50"],
  ])("formatDollars(%i) is %s (always 2 decimals, with separators)", (cents, text) => {
    expect(formatDollars(cents)).toBe(text);
  });

  test.each([
    [1950, "19.50"],
    [5, "0.05"],
    [0, "0.00"],
    [-1250, "-12.50"],
  ])("formatDollarsFixed(%i) is %s", (cents, text) => {
    expect(formatDollarsFixed(cents)).toBe(text);
  });

  test("centsToDollars gives the API's dollar figures", () => {
    expect(centsToDollars(1999)).toBe(19.99);
    expect(centsToDollars(-1250)).toBe(-12.5);
  });
});
