/**
 * Issue 34: staff move an affiliate to a commission group from their card, with a reason; the card then names
 * the group, and the affiliate's dashboard shows it with the rates their sales earn now.
 */
import { randomUUID } from "node:crypto";
import { expect, test } from "vitest";
import { browserForFile } from "../support/browser-session.ts";
import { affiliateDashboard } from "../support/dashboard.ts";
import { payoutForm } from "../support/payout-details.ts";
import { staffPage } from "../support/staff-page.ts";
import { api, createAffiliateUser, createUser } from "../support/users.ts";

const browser = browserForFile();
const desktop = { width: 1366, height: 900 };

test("staff move an affiliate to a group from the card; the affiliate sees the group and its rates", async () => {
  const tag = `Grouped ${randomUUID().slice(0, 8)}`;
  const admin = await createUser({ claims: { admin: true } });
  const groupName = `VIP ${randomUUID().slice(0, 6)}`;
  const created = await api(admin, "POST", "/api/commission_groups", {
    name: groupName,
    terms: {
      rates: { promptchan: { commission_rate: 0.7, repeat_rates: { "1": 0.55 } } },
      hold_days: 14,
      minimum_payout: null,
    },
  });
  expect(created.status).toBe(200);
  const affiliate = await createAffiliateUser();
  const saved = await api(affiliate, "POST", "/api/update_paypal_account", payoutForm({ name: tag }));
  expect(saved.status).toBe(200);

  const { page, errors } = await staffPage(browser(), desktop);
  const table = page.getByRole("table", { name: "Affiliates" });
  await table.waitFor();
  await page.getByRole("searchbox").fill(tag);
  const row = table.getByRole("row", { name: new RegExp(tag) });
  await row.getByRole("button", { name: `Open ${tag}` }).click();
  const card = page.getByRole("article", { name: tag });
  await card.getByRole("button", { name: `Move group of ${tag}` }).click();
  const dialog = page.getByRole("dialog", { name: `Move ${tag} to another group?` });
  await dialog.getByRole("combobox", { name: "Group" }).selectOption({ label: `${groupName} (70%)` });
  await dialog.getByRole("textbox", { name: "Reason (kept in the audit)" }).fill("Top performer in October");
  await dialog.getByRole("button", { name: "Move" }).click();
  await dialog.waitFor({ state: "hidden" });
  await expect.poll(() => card.textContent(), { timeout: 20_000 }).toContain(groupName);
  expect(errors).toEqual([]);

  const dashboard = await affiliateDashboard(browser(), affiliate.email, desktop);
  const commission = dashboard.page.getByRole("region", { name: "Your Commission" });
  await expect.poll(() => commission.textContent(), { timeout: 20_000 }).toContain(groupName);
  const text = await commission.textContent();
  expect(text).toContain("70%");
  expect(text).toContain("55% on the first renewal");
  expect(text).toContain("14 days");
  expect(dashboard.errors).toEqual([]);
});
