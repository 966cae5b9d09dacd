import { expect, test } from "vitest";
import { tierLeftText } from "./rewards-section";

const tier = {
  to: { id: "gold", name: "Gold" },
  first_sales_30d: 20,
  first_sales_left: 12,
  lifetime_commission: 500,
  commission_left: 49.5,
  rates: { promptchan: 0.7, cutechat: 0.6, creategirls: 0.6 },
};

test("what is left to reach a tier, in words, for each of its goals", () => {
  expect(tierLeftText(tier)).toBe("12 more first sales in 30 days or $49.50 more lifetime commission");
  expect(tierLeftText({ ...tier, first_sales_left: 1, commission_left: null })).toBe("1 more first sale in 30 days");
});
