/**
 * Issue 33's "one person, several accounts": two affiliates who saved the same Wise account (written two
 * ways) are marked in the staff's table; the card a row opens into says so and names the other affiliate,
 * whose name opens them in the list.
 */
import { randomUUID } from "node:crypto";
import path from "node:path";
import { expect, test } from "vitest";
import { browserForFile, screenshotsDir } from "../support/browser-session.ts";
import { payoutForm } from "../support/payout-details.ts";
import { staffPage } from "../support/staff-page.ts";
import { api, createAffiliateUser, type TestUser } from "../support/users.ts";

const browser = browserForFile();
const desktop = { width: 1366, height: 900 };

/** This run's affiliates share a tag in their names, so a search shows them and nobody else's. */
const tag = `Twins ${randomUUID().slice(0, 8)}`;

async function saveWise(user: TestUser, name: string, email: string): Promise<void> {
  const answer = await api(user, "POST", "/api/update_paypal_account", payoutForm({ name, paypalEmail: email }));
  expect(answer.status).toBe(200);
}

test("staff see the shared payout destination on the row and in the card, naming the other affiliate", async () => {
  const [first, second] = await Promise.all([createAffiliateUser(), createAffiliateUser()]);
  const wise = `twin-${randomUUID().slice(0, 8)}@wise.example`;
  await saveWise(first, `${tag} First`, wise);
  await saveWise(second, `${tag} Second`, ` ${wise.toUpperCase()} `);

  const { page, errors } = await staffPage(browser(), desktop);
  const table = page.getByRole("table", { name: "Affiliates" });
  await table.waitFor();
  await page.getByRole("searchbox").fill(tag);
  const firstRow = table.getByRole("row", { name: new RegExp(`${tag} First`) });
  await expect.poll(() => firstRow.textContent()).toContain("Payout shared with 1 other");

  await firstRow.getByRole("button", { name: `Open ${tag} First` }).click();
  const card = page.getByRole("article", { name: `${tag} First` });
  const shared = card.getByRole("region", { name: "Shared payout destination" });
  await expect.poll(() => shared.textContent()).toContain("Shares a Wise account with 1 other affiliate");
  const other = shared.getByRole("link", { name: `${tag} Second` });
  expect(await shared.textContent()).toContain(second.email);
  await page.screenshot({ path: path.join(screenshotsDir, "shared-destination-card.png"), fullPage: true });

  // The name opens that affiliate: the list searched for them alone.
  await other.click();
  await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe(second.uid);
  await expect.poll(() => page.getByRole("searchbox").inputValue()).toBe(second.uid);
  const rows = table.locator("tbody th[scope=row]");
  await expect.poll(() => rows.allTextContents()).toEqual([expect.stringContaining(`${tag} Second`)]);
  expect(errors).toEqual([]);
});
