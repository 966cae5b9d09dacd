/**
 * Traffic quality on clicks (issue 33): this suite's own headless Chromium opening a tracking link is a bot's
 * click (its user agent says "HeadlessChrome"). It is redirected as a person is, with no click id; the
 * affiliate sees it counted apart beside the clicks, and staff see it on the affiliate's row and card. Clicks
 * from datacenters (an address in a hosting network, written in X-Forwarded-For to the emulators on
 * 127.0.0.1) are shown beside them, by reason.
 */
import { randomUUID } from "node:crypto";
import path from "node:path";
import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { signInWithEmailLink } from "../../scripts/lib/browser-sign-in.ts";
import { newContext } from "../../scripts/lib/browser.ts";
import { siteUrl } from "../../scripts/lib/project.ts";
import { rollUpClicks } from "../../functions/src/tracking/clicks.ts";
import { seriousAccessibilityViolations } from "../support/axe.ts";
import { createAffiliate, openLink } from "../support/backend.ts";
import { browserForFile, screenshotsDir } from "../support/browser-session.ts";
import { collectPageErrors } from "../support/page-errors.ts";
import { staffPage } from "../support/staff-page.ts";
import { createAffiliateUser } from "../support/users.ts";

const browser = browserForFile();
const headlessChrome =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.6778.85 Safari/537.36";

/** A card's figure in a dashboard section, and the note under it (stat-cards.tsx's StatCard). */
function figure(page: Page, section: string, label: string) {
  const value = page
    .locator("section", { has: page.getByRole("heading", { name: section, exact: true }) })
    .getByText(label, { exact: true })
    .locator("xpath=following-sibling::*[1]");
  return { value, note: value.locator("xpath=following-sibling::*[1]") };
}

test("the headless browser's click on a link reaches the advertiser without a click id, and the affiliate sees it filtered beside the clicks", async () => {
  const user = await createAffiliateUser();
  const context = await newContext(browser(), { width: 1366, height: 900 });

  // The browser opens the link, as a bot would. Its request goes to the redirect as the browser sent it (its
  // own user agent); the answer is read there, and the advertiser's site stood in for, so nothing leaves.
  const bot = await context.newPage();
  let redirect: { status: number; location: string; userAgent: string } | undefined;
  await bot.route(`${siteUrl}/m/**`, async (route) => {
    const answer = await route.fetch({ maxRedirects: 0 });
    const userAgent = (await route.request().allHeaders())["user-agent"] ?? "";
    redirect = { status: answer.status(), location: answer.headers().location ?? "", userAgent };
    await route.fulfill({ status: 200, contentType: "text/html", body: "<title>The advertiser</title>" });
  });
  await bot.goto(`${siteUrl}/m/${user.uid}`);
  expect(redirect?.userAgent).toContain("HeadlessChrome");
  expect(redirect?.status).toBe(302);
  const target = new URL(redirect!.location);
  expect(target.origin).toBe("https://promptchan.ai");
  expect(target.searchParams.get("ref")).toBe(user.uid);
  expect(target.searchParams.has("click_id")).toBe(false);
  await bot.close();
  // And a person, in their own browser.
  const person = await openLink(`/m/${user.uid}`, { ip: "10.35.0.1" });
  expect(person.location).toContain("click_id=");

  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await signInWithEmailLink(page, user.email);
  // Live, before any roll-up: the dashboard adds the shards' clicks (SPEC.md's label and figure unchanged).
  const clicks = figure(page, "All Time", "Clicks");
  await expect.poll(() => clicks.note.textContent(), { timeout: 15_000 }).toBe("1 filtered (bots)");
  expect(await clicks.value.textContent()).toBe("1");
  expect(await figure(page, "Last 7 Days", "Clicks").value.textContent()).toBe("1");
  const trackers = page.locator("section", { has: page.getByRole("heading", { name: /^Trackers · / }) });
  await trackers.getByText(/^1 filtered \(bots\): clicks on your Promptchan links by bots/).waitFor();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await page.screenshot({ path: path.join(screenshotsDir, "bot-clicks-dashboard.png") });
  expect(errors).toEqual([]);
  await context.close();
});

test("staff see an affiliate's filtered clicks under the Clicks of its row and on its card", async () => {
  const name = `Bots ${randomUUID().slice(0, 8)}`;
  const uid = await createAffiliate({ name, links: { promptchan: ["/tw"], cutechat: [], creategirls: [] } });
  await openLink(`/m/${uid}/tw`, { ip: "10.35.1.1" });
  for (let i = 0; i < 3; i++)
    await openLink(`/m/${uid}/tw`, { ip: `10.35.1.${2 + i}`, exactUserAgent: headlessChrome });
  // Staff's list reads the affiliates' documents: the clicks count there once rolled up (every 5 minutes).
  await rollUpClicks(uid);

  const { page, errors } = await staffPage(browser(), { width: 1366, height: 900 });
  const table = page.getByRole("table", { name: "Affiliates" });
  await table.waitFor();
  await page.getByRole("searchbox").fill(name);
  const row = table.locator("tbody", { has: page.getByText(name, { exact: true }) });
  const clicksCell = row.locator("tr").first().locator("td").nth(1);
  // The clicks, and under them (a line of its own) those filtered.
  await expect.poll(() => clicksCell.innerText(), { timeout: 15_000 }).toBe("1\n3 filtered");
  expect(await clicksCell.getByTitle("Clicks by bots and headless browsers, not counted in Clicks").textContent()).toBe(
    "3 filtered",
  );

  await row.getByRole("button", { name: `Open ${name}` }).click();
  const filtered = row.locator("dt", { hasText: "Filtered clicks (bots)" }).locator("xpath=following-sibling::dd[1]");
  expect(await filtered.textContent()).toBe("3");
  expect(
    await row
      .locator("dt", { hasText: /^Clicks$/ })
      .locator("xpath=following-sibling::dd[1]")
      .textContent(),
  ).toBe("1");
  // Checked once the list has settled (a stale list is dimmed while the next answer comes).
  await page.locator('table[aria-label="Affiliates"][aria-busy="false"]').waitFor();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await page.screenshot({ path: path.join(screenshotsDir, "bot-clicks-staff.png") });
  expect(errors).toEqual([]);
  await page.context().close();
});

test("the affiliate and staff see the filtered clicks by reason: bots' and datacenters'", async () => {
  const user = await createAffiliateUser();
  await openLink(`/m/${user.uid}`, { ip: "10.35.2.1" });
  await openLink(`/m/${user.uid}`, { ip: "10.35.2.2", exactUserAgent: headlessChrome });
  // DigitalOcean and Hetzner (over IPv6) servers, with a browser's user agent.
  for (const ip of ["167.99.241.66", "2a01:4f8::1"]) await openLink(`/m/${user.uid}`, { ip });

  const context = await newContext(browser(), { width: 1366, height: 900 });
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await signInWithEmailLink(page, user.email);
  const clicks = figure(page, "All Time", "Clicks");
  await expect.poll(() => clicks.note.textContent(), { timeout: 15_000 }).toBe("3 filtered (1 bot, 2 datacenter)");
  expect(await clicks.value.textContent()).toBe("1");
  const trackers = page.locator("section", { has: page.getByRole("heading", { name: /^Trackers · / }) });
  await trackers
    .getByText(
      "3 filtered (1 bot, 2 datacenter): clicks on your Promptchan links by bots and headless browsers or from datacenters and hosting networks, not counted in the clicks above.",
    )
    .waitFor();
  await page.screenshot({ path: path.join(screenshotsDir, "datacenter-clicks-dashboard.png") });
  expect(errors).toEqual([]);
  await context.close();

  await rollUpClicks(user.uid);
  const staff = await staffPage(browser(), { width: 1366, height: 900 });
  const table = staff.page.getByRole("table", { name: "Affiliates" });
  await table.waitFor();
  await staff.page.getByRole("searchbox").fill(user.email);
  const row = table.locator("tbody", { has: staff.page.getByText(user.email) });
  const clicksCell = row.locator("tr").first().locator("td").nth(1);
  await expect.poll(() => clicksCell.innerText(), { timeout: 15_000 }).toBe("1\n3 filtered");
  expect(await clicksCell.locator("[title]").getAttribute("title")).toBe(
    "Clicks by bots and headless browsers or from datacenters and hosting networks, not counted in Clicks (1 bot, 2 datacenter)",
  );
  await row.getByRole("button", { name: `Open ${user.email}` }).click();
  const stat = (label: string) => row.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd[1]");
  expect(await stat("Filtered clicks (bots)").textContent()).toBe("1");
  expect(await stat("Filtered clicks (datacenter)").textContent()).toBe("2");
  await staff.page.locator('table[aria-label="Affiliates"][aria-busy="false"]').waitFor();
  expect(await seriousAccessibilityViolations(staff.page)).toEqual([]);
  await staff.page.screenshot({ path: path.join(screenshotsDir, "datacenter-clicks-staff.png") });
  expect(staff.errors).toEqual([]);
  await staff.page.context().close();
});
