/**
 * Issue 32, item 14: deleting a tracker or a postback asks first. On a phone an affiliate presses Delete beside a tracker:
 * the app's dialog names the tracker and its link, Escape keeps it, and confirming removes it through the
 * API. Delete sits apart from Copy, so a slip of the finger on Copy cannot reach it.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Locator } from "playwright-core";
import { expect, test } from "vitest";
import { signInWithEmailLink } from "../../scripts/lib/browser-sign-in.ts";
import { newContext } from "../../scripts/lib/browser.ts";
import { siteUrl } from "../../scripts/lib/project.ts";
import { seriousAccessibilityViolations } from "../support/axe.ts";
import { affiliateView } from "../support/backend.ts";
import { browserForFile, screenshotsDir } from "../support/browser-session.ts";
import { scrollToAccountSections } from "../support/dashboard.ts";
import { collectPageErrors } from "../support/page-errors.ts";
import { payoutForm } from "../support/payout-details.ts";
import { api, createAffiliateUser } from "../support/users.ts";

const browser = browserForFile();
const phone = { width: 390, height: 844 };

/** The distance between two buttons on the screen: 0 when they touch or overlap. */
async function distanceBetween(one: Locator, other: Locator): Promise<number> {
  const [a, b] = [(await one.boundingBox())!, (await other.boundingBox())!];
  const across = Math.max(0, b.x - (a.x + a.width), a.x - (b.x + b.width));
  const down = Math.max(0, b.y - (a.y + a.height), a.y - (b.y + b.height));
  return Math.hypot(across, down);
}

test("on a phone, deleting a tracker asks first: Escape keeps it, confirming removes it", async () => {
  // An affiliate with complete details (so the links show) and a tracker, set up as the dashboard would.
  const user = await createAffiliateUser();
  expect((await api(user, "POST", "/api/update_paypal_account", payoutForm())).status).toBe(200);
  const added = await api(user, "POST", "/api/add_custom_link", {
    uid: user.uid,
    suffix: "tiktok",
    currentAdvertiser: "promptchan",
  });
  expect(added.status).toBe(200);
  const linksNow = async () => (await affiliateView(user.uid)).links.promptchan ?? [];
  expect(await linksNow()).toEqual(["/tiktok"]);

  const context = await newContext(browser(), phone);
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  const deletions: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/api/delete_custom_link")) deletions.push(request.postData() ?? "");
  });
  await signInWithEmailLink(page, user.email);
  await scrollToAccountSections(page);
  // The link in the links list (the dialog names it too, and React may still be unmounting its words).
  const trackerLink = page.getByRole("listitem").getByText(`${siteUrl}/m/${user.uid}/tiktok`, { exact: true });
  await trackerLink.waitFor();

  // Delete is well apart from Copy on the phone.
  const deleteButton = page.getByRole("button", { name: "Delete tracker /tiktok" });
  const copyButton = page.getByRole("button", { name: "Copy the /tiktok link" });
  expect(await distanceBetween(deleteButton, copyButton)).toBeGreaterThanOrEqual(24);
  mkdirSync(screenshotsDir, { recursive: true });
  const links = page.locator("section", { has: page.getByRole("heading", { name: "Your Affiliate Links" }) });
  await links.screenshot({ path: path.join(screenshotsDir, "links-section-phone.png") });

  // Delete asks first, naming the tracker and its link; nothing is deleted yet.
  await deleteButton.click();
  const dialog = page.getByRole("dialog", { name: "Delete tracker /tiktok?" });
  await dialog.waitFor();
  expect(await dialog.textContent()).toContain(`${siteUrl}/m/${user.uid}/tiktok`);
  const confirm = dialog.getByRole("button", { name: "Delete tracker", exact: true });
  expect(await confirm.isVisible()).toBe(true);
  await page.screenshot({ path: path.join(screenshotsDir, "confirm-delete-tracker-phone.png") });
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  // Escape keeps the tracker: no request, the link still shown and still stored.
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });
  expect(await trackerLink.isVisible()).toBe(true);
  expect(deletions).toEqual([]);
  expect(await linksNow()).toEqual(["/tiktok"]);
  // Focus is back on the Delete button it came from.
  expect(await deleteButton.evaluate((button) => button === document.activeElement)).toBe(true);

  // Confirming deletes it through the API: the link goes from the page and from the account.
  await deleteButton.click();
  const [answer] = await Promise.all([
    page.waitForResponse((response) => response.url().endsWith("/api/delete_custom_link")),
    dialog.getByRole("button", { name: "Delete tracker", exact: true }).click(),
  ]);
  expect(answer.status()).toBe(200);
  expect(deletions.map((body) => JSON.parse(body) as unknown)).toEqual([
    { uid: user.uid, link: "/tiktok", currentAdvertiser: "promptchan" },
  ]);
  await trackerLink.waitFor({ state: "detached" });
  expect(await linksNow()).toEqual([]);
  expect(await dialog.count()).toBe(0);
  await page.screenshot({ path: path.join(screenshotsDir, "confirm-delete-tracker-deleted-phone.png") });
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});

test("on a phone, deleting a postback asks first, naming what stops: Cancel keeps it, confirming removes it", async () => {
  const user = await createAffiliateUser();
  expect((await api(user, "POST", "/api/update_paypal_account", payoutForm())).status).toBe(200);
  // Never called: saving checks the URL, and nothing converts for this affiliate.
  const url = "http://127.0.0.1:9/pb?cid={click_id}&event={event}";
  const saved = await api(user, "POST", "/api/save_postback", {
    advertiser: "promptchan",
    tracker: "*",
    url,
    events: ["sale"],
  });
  expect(saved.status).toBe(200);
  const storedPostbacks = async () => (await affiliateView(user.uid)).postbacks ?? [];
  expect(await storedPostbacks()).toHaveLength(1);

  const context = await newContext(browser(), phone);
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await signInWithEmailLink(page, user.email);
  await scrollToAccountSections(page);
  const deleteButton = page.getByRole("button", { name: /^Delete the postback for Promptchan/ });
  await deleteButton.scrollIntoViewIfNeeded();

  await deleteButton.click();
  const dialog = page.getByRole("dialog", { name: "Delete this postback?" });
  await dialog.getByText(url).waitFor();
  // The question fits the phone: nothing sideways, its buttons in sight.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
  const confirm = dialog.getByRole("button", { name: "Delete postback" });
  const box = (await confirm.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(phone.width);
  await page.screenshot({ path: path.join(screenshotsDir, "confirm-delete-postback-phone.png") });
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  await dialog.getByRole("button", { name: "Cancel" }).click();
  await dialog.waitFor({ state: "detached" });
  expect(await storedPostbacks()).toHaveLength(1);

  await deleteButton.click();
  const [answer] = await Promise.all([
    page.waitForResponse((response) => response.url().endsWith("/api/delete_postback")),
    dialog.getByRole("button", { name: "Delete postback" }).click(),
  ]);
  expect(answer.status()).toBe(200);
  await deleteButton.waitFor({ state: "detached" });
  expect(await storedPostbacks()).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});
