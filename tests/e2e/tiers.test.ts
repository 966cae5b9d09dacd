/**
 * Issue 34: an affiliate in a group with a tier sees, on a phone, what is left to reach it and the rate it
 * brings; their sales reach it, and Your Commission shows the new group and rate, with no reload and no
 * sideways scrolling.
 */
import { randomUUID } from "node:crypto";
import { expect, test } from "vitest";
import { sendEvent } from "../../scripts/lib/events-client.ts";
import { browserForFile } from "../support/browser-session.ts";
import { affiliateDashboard } from "../support/dashboard.ts";
import { payoutForm } from "../support/payout-details.ts";
import { api, createAffiliateUser, createUser } from "../support/users.ts";

const browser = browserForFile();
const phone = { width: 390, height: 844 };

test("an affiliate reaches a tier and sees the new rate on their dashboard, on a phone", async () => {
  const [admin, staff, affiliate] = await Promise.all([
    createUser({ claims: { admin: true } }),
    createUser({ claims: { advertiser: true } }),
    createAffiliateUser(),
  ]);
  const group = async (name: string, rate: number) => {
    const terms = {
      rates: { promptchan: { commission_rate: rate, repeat_rates: {} } },
      hold_days: 0,
      minimum_payout: null,
    };
    const answer = await api(admin, "POST", "/api/commission_groups", { name, terms });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    return (answer.json.group as { id: string }).id;
  };
  const suffix = randomUUID().slice(0, 6);
  const [base, gold] = [await group(`Base ${suffix}`, 0.5), await group(`Gold ${suffix}`, 0.7)];
  const moved = await api(staff, "POST", "/api/move_affiliates", {
    user_ids: [affiliate.uid],
    group_id: base,
    reason: "Starts in the base group",
  });
  expect(moved.json.moved).toEqual([affiliate.uid]);
  const rules = await api(admin, "POST", "/api/reward_rules", {
    group_id: base,
    version: 0,
    tiers: [{ first_sales_30d: 2, lifetime_commission: null, to_group: gold }],
    bonuses: [],
  });
  expect(rules.status, JSON.stringify(rules.json)).toBe(200);
  expect(
    (await api(affiliate, "POST", "/api/update_paypal_account", payoutForm({ name: `Tier ${suffix}` }))).status,
  ).toBe(200);

  const { page, errors } = await affiliateDashboard(browser(), affiliate.email, phone);
  const commission = page.getByRole("region", { name: "Your Commission" });
  const rewards = page.getByRole("region", { name: "Tiers and Bonuses" });
  await expect
    .poll(() => rewards.textContent(), { timeout: 20_000 })
    .toContain(`Gold ${suffix}: 2 more first sales in 30 days for 70%`);
  expect(await commission.textContent()).toContain(`Base ${suffix}`);
  expect(await commission.textContent()).toContain("50%");
  await rewards.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);

  for (const n of [1, 2]) {
    const answer = await sendEvent({
      id: `tier-${suffix}-${n}`,
      advertiser_id: "promptchan",
      type: "sale",
      uid: affiliate.uid,
      amount: "100.00",
      repeat_index: 0,
      occurred_at: new Date().toISOString(),
    });
    expect(answer.status, answer.text).toBe(200);
  }
  // The document's change reaches the open dashboard: the new group and its rate, and no tier left to show.
  await expect.poll(() => commission.textContent(), { timeout: 20_000 }).toContain(`Gold ${suffix}`);
  expect(await commission.textContent()).toContain("70%");
  await expect.poll(() => rewards.count(), { timeout: 20_000 }).toBe(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
  expect(errors).toEqual([]);
});
