/**
 * Issue 33's "simulate before switching on", through the settings page: an admin sets the traffic-quality
 * rule as they mean to switch it on (hold everything payable, above 50% of clicks filtered) and, before
 * saving, simulates it: the fixture affiliate whose clicks are mostly bots' is listed, linked to their row in
 * the staff console, with what the rule would have held and the total; a threshold nobody reaches says so.
 * Nothing is saved (the rules other files rely on never change): the page is looked at on a desktop and a
 * phone.
 */
import { randomUUID } from "node:crypto";
import path from "node:path";
import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { signInWithEmailLink } from "../../scripts/lib/browser-sign-in.ts";
import { newContext } from "../../scripts/lib/browser.ts";
import { siteUrl } from "../../scripts/lib/project.ts";
import { seriousAccessibilityViolations } from "../support/axe.ts";
import { collections } from "../../functions/src/domain/model.ts";
import { db } from "../support/backend.ts";
import { browserForFile, screenshotsDir } from "../support/browser-session.ts";
import { collectPageErrors } from "../support/page-errors.ts";
import { affiliateClicking } from "../support/risk.ts";
import { auth } from "../support/users.ts";

const browser = browserForFile();
const desktop = { width: 1366, height: 900 };
const phone = { width: 390, height: 844 };

/** An admin on the settings page, the programme's (promptchan's) form open. */
async function settingsPage(size: { width: number; height: number }) {
  const email = `admin-${randomUUID().slice(0, 8)}@test.example`;
  const { uid } = await auth().createUser({ email, emailVerified: true });
  await auth().setCustomUserClaims(uid, { admin: true });
  const page = await (await newContext(browser(), size)).newPage();
  const errors = collectPageErrors(page);
  await signInWithEmailLink(page, email, "/advertiser");
  await page.goto(`${siteUrl}/advertiser/settings`);
  const panel = page.locator("section", { has: page.getByRole("heading", { name: "Programme settings" }) });
  await panel.getByRole("button", { name: "View" }).click();
  await panel.getByRole("group", { name: "Risk rules, for the whole programme" }).waitFor();
  return { page, panel, errors };
}

/** How far the page scrolls sideways (0 when it fits). */
const sideways = (page: Page) =>
  page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth));

test("an admin simulates a rule before switching it on and sees the affiliate it would catch, with the amount", async () => {
  const name = `Bot Farm ${randomUUID().slice(0, 8)}`;
  const uid = await affiliateClicking(10, 90, { name, total_earnings_cents: 5_000 });
  const rulesDoc = db().collection(collections.riskRules).doc("promptchan");
  const before = (await rulesDoc.get()).data();

  for (const [size, label] of [
    [desktop, "desktop"],
    [phone, "phone"],
  ] as const) {
    const { page, panel, errors } = await settingsPage(size);
    await panel.getByLabel("Traffic quality", { exact: true }).selectOption("hold_all");
    const threshold = panel.getByLabel("Percent of clicks filtered as automated");
    await threshold.fill("50");
    await panel.getByRole("button", { name: "Simulate: Traffic quality" }).click();
    const result = page.getByRole("status", { name: "Simulation: Traffic quality" });
    await result.waitFor();
    const text = (await result.textContent())!;
    expect(text).toMatch(
      /^Hold everything payable at 50, \d{1,2} [A-Z][a-z]{2} \d{4} to \d{1,2} [A-Z][a-z]{2} \d{4}: /,
    );
    const listed = result.getByRole("listitem").filter({ has: page.getByRole("link", { name }) });
    expect(await listed.getByRole("link", { name }).getAttribute("href")).toBe(`/advertiser?q=${uid}`);
    expect(await listed.textContent()).toContain("$50.00");
    expect(await listed.textContent()).toContain("90 of 100 clicks filtered as automated (90%)");
    expect(await sideways(page)).toBe(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await listed.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(screenshotsDir, `risk-simulation-${label}.png`) });

    // A threshold nobody's traffic reaches: said in words, and editing the rule set the last result aside.
    await threshold.fill("100");
    expect(await result.count()).toBe(0);
    await panel.getByRole("button", { name: "Simulate: Traffic quality" }).click();
    await panel.getByText("No affiliate would have been caught in the last 90 days.").waitFor();
    expect(errors).toEqual([]);
  }
  // Simulating saved nothing.
  expect((await rulesDoc.get()).data()).toEqual(before);
}, 120_000);
