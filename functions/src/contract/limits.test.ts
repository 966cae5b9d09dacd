import { expect, test } from "vitest";
import { affiliateCursorPattern, affiliatePageLimit } from "../advertiser/affiliate-pages.js";
import { overdueRefundsLimit } from "../advertiser/overdue-refunds.js";
import { payoutHistoryCursorPattern, payoutHistoryLimit } from "../advertiser/payout-history.js";
import { pageLimits } from "./advertiser.js";

test("the contract's page sizes and cursors are the ones the services page by", () => {
  expect(pageLimits.affiliates.max).toBe(affiliatePageLimit);
  expect(pageLimits.affiliates.cursor.source).toBe(affiliateCursorPattern.source);
  expect(pageLimits.payoutHistory).toMatchObject(payoutHistoryLimit);
  expect(pageLimits.payoutHistory.cursor.source).toBe(payoutHistoryCursorPattern.source);
  expect(pageLimits.overdueRefunds).toEqual(overdueRefundsLimit);
});
