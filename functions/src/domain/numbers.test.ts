import { expect, test } from "vitest";
import { formatCount, formatCountOf, formatPerEach, formatRatePercent, formatShare } from "./numbers.js";

test.each([
  [0, "0"],
  [999, "999"],
  [1313, "1,313"],
  [1_234_567, "1,234,567"],
])("formatCount(%i) is %s", (count, text) => {
  expect(formatCount(count)).toBe(text);
});

test.each([
  [0, "0 payouts"],
  [1, "1 payout"],
  [2, "2 payouts"],
  [1313, "1,313 payouts"],
])("formatCountOf(%i) is %s: singular for one only, with separators", (count, text) => {
  expect(formatCountOf(count, "payout", "payouts")).toBe(text);
});

test.each<[number, number, string | null]>([
  [20, 200, "10.0%"],
  [1, 3, "33.3%"],
  [57, 57, "100.0%"],
  [0, 10, "0.0%"],
  [5, 0, null],
  [78, 57, null],
])("formatShare(%i, %i) is %s: never above 100%", (part, whole, text) => {
  expect(formatShare(part, whole)).toBe(text);
});

test.each<[number, number, string | null]>([
  [78, 57, "1.37"],
  [5, 20, "0.25"],
  [1_313, 1, "1,313.00"],
  [3, 0, null],
])("formatPerEach(%i, %i) is %s", (part, whole, text) => {
  expect(formatPerEach(part, whole)).toBe(text);
});

test("a rate as a percentage to the hundredth of a percent, as commission rates are stated", () => {
  expect(formatRatePercent(0.6)).toBe("60%");
  expect(formatRatePercent(0.655)).toBe("65.5%");
  expect(formatRatePercent(0.1234)).toBe("12.34%");
  expect(formatRatePercent(1)).toBe("100%");
  expect(formatRatePercent(0)).toBe("0%");
});
