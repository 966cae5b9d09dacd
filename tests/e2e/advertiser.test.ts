/**
 * The advertiser dashboard in Chromium: staff see every affiliate in SPEC.md §4's order with their ratings,
 * open a HIGH RISK card, record a payout and see the list re-sorted; an affiliate is told how to apply.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { staffPage } from "../support/staff-page.ts";
import { rootDir, siteUrl } from "../../scripts/lib/project.ts";
import { createAffiliate, refs } from "../support/backend.ts";
import { launchBrowser, newContext } from "../../scripts/lib/browser.ts";
import { seriousAccessibilityViolations } from "../support/axe.ts";
import { collectPageErrors } from "../support/page-errors.ts";
import { signInWithEmailLink } from "../../scripts/lib/browser-sign-in.ts";
import { affiliateWithPendingPayout } from "../support/users.ts";

const screenshotsDir = path.join(rootDir, "test-results", "advertiser");

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(screenshotsDir, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

/** This run's affiliates share a tag in their names, so a search shows them and nobody else's. */
const tag = `E2E ${randomUUID().slice(0, 8)}`;
const names = { alpha: `${tag} Alpha`, bravo: `${tag} Bravo`, charlie: `${tag} Charlie`, delta: `${tag} Delta` };

const headings = (page: Page) => page.getByRole("article").locator("h3").allTextContents();
const card = (page: Page, name: string) => page.getByRole("article", { name });
const payoutButton = (card: Locator) => card.getByRole("button", { name: "Payout", exact: true });

test("staff see the affiliates in order with ratings, open a HIGH RISK card and record a payout", async () => {
  const { uid: alpha } = await affiliateWithPendingPayout(names.alpha);
  await Promise.all([
    // $300 per sign-up: HIGH RISK. Balance $900.
    createAffiliate({ name: names.bravo, total_earnings_cents: 90_000, total_sign_ups: 3 }),
    // $0.50 per sign-up: High Performance. Balance $500.
    createAffiliate({ name: names.charlie, total_earnings_cents: 50_000, total_sign_ups: 1_000 }),
    // $0.01 per sign-up: Low Performance. Balance $1.
    createAffiliate({ name: names.delta, total_earnings_cents: 100, total_sign_ups: 100 }),
  ]);

  const { page, uid, errors } = await staffPage(browser);
  // SPEC.md's cards (a wide screen shows the table unless the cards are chosen: advertiser-table.test.ts).
  await page.getByRole("radio", { name: "Cards" }).click();
  await page.getByRole("searchbox").fill(tag);
  // Pending payouts first, then balance descending.
  await expect.poll(() => headings(page)).toEqual([names.alpha, names.bravo, names.charlie, names.delta]);

  expect(await card(page, names.alpha).textContent()).toContain("No signups");
  expect(await card(page, names.charlie).textContent()).toContain("$0.500 · High Performance");
  expect(await card(page, names.delta).textContent()).toContain("$0.010 · Low Performance");

  // The HIGH RISK card starts collapsed: its figures show only once opened.
  const bravo = card(page, names.bravo);
  expect(await bravo.textContent()).toContain("HIGH RISK");
  expect(await bravo.getByText("Balance", { exact: true }).count()).toBe(0);
  await bravo.getByRole("button", { name: "Open" }).click();
  await bravo.getByText("$300.000 · HIGH RISK").waitFor();
  expect(await bravo.textContent()).toContain("$900.00");
  await bravo.getByRole("button", { name: "Collapse" }).click();
  await expect.poll(() => bravo.getByText("Balance", { exact: true }).count()).toBe(0);

  expect(await payoutButton(card(page, names.charlie)).isDisabled()).toBe(true);
  const alphaPayout = payoutButton(card(page, names.alpha));
  expect(await alphaPayout.isDisabled()).toBe(false);
  // Asked in the page: a labelled dialog that takes the focus; Escape cancels and records nothing.
  await alphaPayout.click();
  const dialog = page.getByRole("dialog", { name: "Record this payout?" });
  await dialog.waitFor();
  expect(await dialog.textContent()).toContain(`Record the payout of $240.00 to ${names.alpha} as paid?`);
  // The rating and why, where the decision is made (issue 32).
  expect(await dialog.textContent()).toContain("Rating: No sign-ups yet, so no earnings per sign-up to rate.");
  expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });
  expect((await refs.affiliate(alpha).get()).data()).toMatchObject({ payout_pending: true });
  await alphaPayout.click();
  await dialog.getByRole("button", { name: "Record payout" }).click();

  // Confirmed in place (issue 32): the card says so and nothing moves under the cursor. This waits on
  // record_payout's answer, which an emulator worker can take over a second to give (its first Firestore
  // call), more than expect.poll's default second.
  await card(page, names.alpha)
    .locator("xpath=..")
    .getByText("Payout of $240.00 recorded")
    .waitFor({ timeout: 15_000 });
  await page.getByRole("status").filter({ hasText: "Payout recorded: $240.00." }).waitFor();
  expect(await headings(page)).toEqual([names.alpha, names.bravo, names.charlie, names.delta]);
  await expect.poll(() => payoutButton(card(page, names.alpha)).isDisabled()).toBe(true);
  await page.screenshot({ path: path.join(screenshotsDir, "advertiser-payout-recorded.png") });

  // Done: refreshed, and by balance only now (SPEC.md §4): Alpha's balance is $0 and it comes last.
  await page.getByRole("button", { name: "Done" }).click();
  await expect
    .poll(() => headings(page), { timeout: 15_000 })
    .toEqual([names.bravo, names.charlie, names.delta, names.alpha]);
  expect(await page.getByRole("status").filter({ hasText: "Showing" }).textContent()).toContain("by balance");
  expect(await page.getByText("Payout of $240.00 recorded").count()).toBe(0);

  const affiliate = (await refs.affiliate(alpha).get()).data()!;
  expect(affiliate).toMatchObject({ payout_pending: false, total_payouts_cents: 24_000 });
  const payouts = await refs.payouts().where("uid", "==", alpha).get();
  expect(payouts.docs.map((doc) => doc.data())).toMatchObject([{ status: "paid" }]);
  expect((await refs.payoutAudit().doc(payouts.docs[0]!.id).get()).data()).toMatchObject({ recorded_by: { uid } });
  expect(errors).toEqual([]);
});

test("the console's sections each have their own address: one click, the browser's Back, a bookmark", async () => {
  const { page, errors } = await staffPage(browser);
  await page.getByRole("table", { name: "Affiliates" }).waitFor();
  const tabs = page.getByRole("navigation", { name: "Advertiser sections" });
  // The staff tools are no longer below the list: each is one click from the top of the page.
  expect(await page.getByRole("heading", { name: "Payout history" }).count()).toBe(0);
  for (const [tab, url, heading] of [
    ["Payouts", "/advertiser/payouts", "Due payouts"],
    ["Risk", "/advertiser/risk", "Risk cases"],
    ["Integration", "/advertiser/integration", "Postback integration"],
    ["Reports", "/advertiser/reports", "Conversion report"],
    ["Settings", "/advertiser/settings", "Programme settings"],
  ] as const) {
    await tabs.getByRole("link", { name: tab }).click();
    await page.waitForURL(`${siteUrl}${url}`);
    const shown = page.getByRole("heading", { name: heading });
    await shown.waitFor();
    // Near the top of the page, not thousands of pixels down.
    expect((await shown.boundingBox())!.y).toBeLessThan(600);
    expect(await tabs.getByRole("link", { name: tab }).getAttribute("aria-current")).toBe("page");
    expect(await page.locator('[aria-label="Affiliates"]').count()).toBe(0);
    await page.screenshot({ path: path.join(screenshotsDir, `section-${tab.toLowerCase()}.png`) });
  }
  await page.goBack();
  await page.getByRole("heading", { name: "Conversion report" }).waitFor();
  // A bookmark opens the section itself; an address that is no section opens the first.
  await page.goto(`${siteUrl}/advertiser/payouts`);
  await page.getByRole("heading", { name: "Due payouts" }).waitFor();
  await page.goto(`${siteUrl}/advertiser/no-such-section`);
  await page.waitForURL(`${siteUrl}/advertiser`);
  await page.getByRole("table", { name: "Affiliates" }).waitFor();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test("an affiliate who opens /advertiser is told how to apply", async () => {
  const page = await (await newContext(browser)).newPage();
  const errors = collectPageErrors(page);
  await signInWithEmailLink(page, `affiliate-${randomUUID().slice(0, 8)}@test.example`);
  await page.goto(`${siteUrl}/advertiser`);
  await page.getByText("Contact us to apply to become an advertiser.").waitFor();
  expect(await page.getByRole("article").count()).toBe(0);
  expect(errors).toEqual([]);
});
