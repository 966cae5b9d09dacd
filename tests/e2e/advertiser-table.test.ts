/**
 * The affiliate table of a wide screen (issue 32, item 2): one dense row per affiliate, ordered by its
 * columns on the server, each row opening into the affiliate's card; SPEC.md's default order and strings
 * kept; the phone keeps the cards, and a staff member may choose the cards on a wide screen too.
 */
import { randomUUID } from "node:crypto";
import path from "node:path";
import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { seriousAccessibilityViolations } from "../support/axe.ts";
import { createAffiliate, refs } from "../support/backend.ts";
import { browserForFile, screenshotsDir } from "../support/browser-session.ts";
import { staffPage } from "../support/staff-page.ts";
import { affiliateWithPendingPayout } from "../support/users.ts";

const browser = browserForFile();
const desktop = { width: 1366, height: 900 };
const phone = { width: 390, height: 844 };
const shot = (name: string) => path.join(screenshotsDir, `advertiser-table-${name}.png`);

/** This run's affiliates share a tag in their names, so a search shows them and nobody else's. */
const tag = `Table ${randomUUID().slice(0, 8)}`;
const names = { alpha: `${tag} Alpha`, bravo: `${tag} Bravo`, charlie: `${tag} Charlie` };

const table = (page: Page) => page.getByRole("table", { name: "Affiliates" });
/** The names in the table's rows, top to bottom, once the answer for the order asked is shown. */
async function rowNames(page: Page): Promise<string[]> {
  await page.locator('table[aria-label="Affiliates"][aria-busy="false"]').waitFor();
  return table(page)
    .locator("tbody th[scope=row]")
    .evaluateAll((cells) => cells.map((cell) => cell.querySelector("span > span")?.textContent ?? ""));
}
const header = (page: Page, name: string) => table(page).getByRole("columnheader", { name });

test("staff order the table by its columns on the server, open a row into its card, and record a payout there", async () => {
  // Alpha earned $240 and asked for it: first in SPEC.md's default order (pending payouts first).
  const { uid: alpha } = await affiliateWithPendingPayout(names.alpha);
  await refs.affiliate(alpha).update({ total_clicks: 50, total_sign_ups: 10, total_sales: 9 });
  await Promise.all([
    // $300 per sign-up: HIGH RISK, the largest balance.
    createAffiliate({
      name: names.bravo,
      total_clicks: 10,
      total_sign_ups: 3,
      total_sales: 1,
      total_earnings_cents: 90_000,
    }),
    createAffiliate({
      name: names.charlie,
      total_clicks: 900,
      total_sign_ups: 1_000,
      total_sales: 4,
      total_earnings_cents: 50_000,
    }),
  ]);

  const { page, errors } = await staffPage(browser(), desktop);
  await table(page).waitFor();
  await page.getByRole("searchbox").fill(tag);
  await expect.poll(() => rowNames(page)).toEqual([names.alpha, names.bravo, names.charlie]);
  expect(await header(page, "Pending payout").getAttribute("aria-sort")).toBe("descending");
  expect(await page.getByRole("status").filter({ hasText: "Showing" }).textContent()).toContain(
    "pending payouts first, then by balance",
  );

  // One dense row per affiliate: SPEC.md's figures, the rating, balance and pending payout.
  const bravoRow = table(page).getByRole("row", { name: new RegExp(names.bravo) });
  const cells = await bravoRow.getByRole("cell").allTextContents();
  expect(cells).toEqual(["HIGH RISK$300.000", "10", "3", "1", "$900.00", "$0.00", "$0.00", "$900.00", "—"]);
  expect((await bravoRow.boundingBox())!.height).toBeLessThan(70);
  // The rating's reason on hover, as in the card.
  expect(await bravoRow.getByRole("cell").first().getAttribute("title")).toBe(
    "$300.000 per sign-up: above $1.000 is HIGH RISK",
  );
  await page.screenshot({ path: shot("table-desktop"), fullPage: true });

  // Each column orders the list on the server, most first.
  for (const [column, order] of [
    ["Clicks", [names.charlie, names.alpha, names.bravo]],
    ["Sign-ups", [names.charlie, names.alpha, names.bravo]],
    ["Sales", [names.alpha, names.charlie, names.bravo]],
    ["Earnings", [names.bravo, names.charlie, names.alpha]],
    ["Balance", [names.bravo, names.charlie, names.alpha]],
  ] as const) {
    await header(page, column).getByRole("button").click();
    await expect.poll(() => header(page, column).getAttribute("aria-sort")).toBe("descending");
    await expect.poll(() => rowNames(page)).toEqual(order);
    expect(await header(page, "Pending payout").getAttribute("aria-sort")).toBeNull();
  }
  expect(await page.getByRole("status").filter({ hasText: "Showing" }).textContent()).toContain("by balance");

  // A row opens into the affiliate's card, with its actions; the button says which way it goes.
  const open = page.getByRole("button", { name: `Open ${names.bravo}` });
  await open.click();
  const card = page.getByRole("article", { name: names.bravo });
  await card.waitFor();
  expect(await page.getByRole("button", { name: `Close ${names.bravo}` }).getAttribute("aria-expanded")).toBe("true");
  // A HIGH RISK card opened from its row shows its figures at once; its Collapse closes the row.
  expect(await card.textContent()).toContain("$300.000 · HIGH RISK");
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await page.screenshot({ path: shot("table-row-open"), fullPage: true });
  await card.getByRole("button", { name: "Collapse" }).click();
  await card.waitFor({ state: "detached" });

  // Clicking anywhere on a row opens it too.
  await table(page)
    .getByRole("row", { name: new RegExp(names.alpha) })
    .getByRole("cell")
    .nth(2)
    .click();
  const alphaCard = page.getByRole("article", { name: names.alpha });
  await alphaCard.getByRole("button", { name: "Payout", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Record this payout?" });
  await dialog.getByRole("button", { name: "Record payout" }).click();
  // Confirmed in place: the row says so and keeps its place until the staff member moves on.
  await table(page)
    .getByRole("row", { name: new RegExp(names.alpha) })
    .getByText("$240.00 recorded")
    .waitFor({ timeout: 15_000 });
  expect(await rowNames(page)).toEqual([names.bravo, names.charlie, names.alpha]);
  expect((await refs.affiliate(alpha).get()).data()).toMatchObject({
    payout_pending: false,
    total_payouts_cents: 24_000,
  });

  // The cards instead, remembered on this device; the order menu takes the headers' place.
  await page.getByRole("radio", { name: "Cards" }).click();
  await page.getByRole("article", { name: names.charlie }).waitFor();
  expect(await table(page).count()).toBe(0);
  expect(await page.getByLabel("Order").inputValue()).toBe("balance");
  await page.reload();
  await page.getByRole("article").first().waitFor();
  expect(await page.getByRole("radio", { name: "Cards" }).getAttribute("aria-checked")).toBe("true");
  await page.getByRole("radio", { name: "Table" }).click();
  await table(page).waitFor();
  expect(errors).toEqual([]);
}, 90_000);

test("a phone keeps the cards, ordered from a menu", async () => {
  await createAffiliate({ name: `${tag} Phone`, total_clicks: 7, total_sign_ups: 1, total_earnings_cents: 10 });
  const { page, errors } = await staffPage(browser(), phone);
  await page.getByRole("searchbox").fill(`${tag} Phone`);
  await page.getByRole("article", { name: `${tag} Phone` }).waitFor();
  expect(await table(page).count()).toBe(0);
  expect(await page.getByRole("radio", { name: "Cards" }).count()).toBe(0);
  await page.getByLabel("Order").selectOption("clicks");
  await page.getByRole("status").filter({ hasText: "by clicks" }).waitFor();
  // The previous order's cards stay, dimmed, until the new order's answer comes.
  await page.locator('[role="list"][aria-label="Affiliates"][aria-busy="false"]').waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await page.screenshot({ path: shot("cards-phone") });
  expect(errors).toEqual([]);
});

test("at the narrowest screen that shows the table, its ten columns fit the page", async () => {
  // 75rem: the table's breakpoint (list-view.tsx); 1,199 px shows the cards.
  const { page, errors } = await staffPage(browser(), { width: 1200, height: 800 });
  await page.getByRole("searchbox").fill(tag);
  await expect.poll(() => rowNames(page)).toHaveLength(4);
  const [tableBox, toolbarBox] = await Promise.all([table(page).boundingBox(), page.getByRole("search").boundingBox()]);
  expect(tableBox!.x + tableBox!.width).toBeLessThanOrEqual(toolbarBox!.x + toolbarBox!.width + 1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1200);
  await page.screenshot({ path: shot("table-narrowest") });
  await page.setViewportSize({ width: 1199, height: 800 });
  await page.getByRole("article").first().waitFor();
  expect(await table(page).count()).toBe(0);
  expect(errors).toEqual([]);
});
