/**
 * Who is signed in, and getting out and back in (issue 17): the header's account menu, Log out and Log In,
 * and each role landing where it works without an affiliate account it never asked for.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { siteUrl } from "../../scripts/lib/project.ts";
import { newContext } from "../../scripts/lib/browser.ts";
import { signInLinkFor, signInWithEmailLink } from "../../scripts/lib/browser-sign-in.ts";
import { seriousAccessibilityViolations } from "../support/axe.ts";
import { refs } from "../support/backend.ts";
import { browserForFile, screenshotsDir as screenshots } from "../support/browser-session.ts";
import { collectPageErrors } from "../support/page-errors.ts";
import { auth } from "../support/users.ts";

const browser = browserForFile();
const newEmail = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@test.example`;

async function freshPage(size?: { width: number; height: number }): Promise<{ page: Page; errors: string[] }> {
  const page = await (await newContext(browser(), size)).newPage();
  return { page, errors: collectPageErrors(page) };
}

const accountButton = (page: Page) => page.getByRole("button", { name: "Account", exact: true });
const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });

/** Logs in through /login's e-mail link, as a returning affiliate would, and waits for the dashboard. */
async function logInThroughLogin(page: Page, email: string) {
  await page.getByRole("heading", { level: 1, name: "Welcome back" }).waitFor();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Continue with Email" }).click();
  await page.getByText("Check your inbox").waitFor();
  await page.goto(await signInLinkFor(email));
  await page.waitForURL(`${siteUrl}/dashboard`);
}

/** Opens the account menu and returns its panel (the region the button controls). */
async function openAccountMenu(page: Page) {
  await accountButton(page).click();
  const panelId = await accountButton(page).getAttribute("aria-controls");
  const panel = page.locator(`[id="${panelId}"]`);
  await panel.waitFor();
  return panel;
}

test("an affiliate logs out from the account menu, then logs back in through Log In", async () => {
  const email = newEmail("returning");
  const { page, errors } = await freshPage();
  await signInWithEmailLink(page, email);
  const uid = (await refs.affiliates().where("email", "==", email).get()).docs[0]?.id;
  expect(uid).toBeDefined();

  const panel = await openAccountMenu(page);
  expect(await accountButton(page).getAttribute("aria-expanded")).toBe("true");
  expect(await panel.textContent()).toContain(email);
  expect(await panel.textContent()).toContain("Affiliate");
  // Firestore keeps the account's documents in IndexedDB between visits (issue 20), once its SDK has loaded
  // (a first visit's figures may come before it, read without the SDKs: web/src/lib/early-figures.ts)...
  const firestoreCaches = () =>
    page.evaluate(async () =>
      (await indexedDB.databases()).map((db) => db.name ?? "").filter((name) => name.startsWith("firestore/")),
    );
  await expect.poll(firestoreCaches, { timeout: 30_000 }).not.toEqual([]);
  // Log out ends by loading the home page afresh (useLogOut): a mark on this document tells when that load
  // has replaced it, so the next navigation is not cut short by it.
  await page.evaluate(() => Object.assign(window, { beforeLogOut: true }));
  await panel.getByRole("button", { name: "Log out" }).click();
  await page.waitForFunction(() => !("beforeLogOut" in window) && document.readyState === "complete");
  await page.waitForURL(`${siteUrl}/`);
  await mainNav(page).getByRole("link", { name: "Log In" }).waitFor();
  expect(await accountButton(page).count()).toBe(0);
  // ...and logging out deletes them, so the next person at this browser cannot read them.
  await expect.poll(firestoreCaches).toEqual([]);
  // Signed out for real: the dashboard now sends the visitor to /signup.
  await page.goto(`${siteUrl}/dashboard`);
  await page.waitForURL(`${siteUrl}/signup`);

  await page.goto(siteUrl);
  await mainNav(page).getByRole("link", { name: "Log In" }).click();
  await page.waitForURL(`${siteUrl}/login`);
  await logInThroughLogin(page, email);
  await page.getByRole("heading", { name: "Last 7 Days" }).waitFor();
  // The same account as before, not a second one.
  expect((await refs.affiliates().where("email", "==", email).get()).docs.map((doc) => doc.id)).toEqual([uid]);
  expect(errors).toEqual([]);
}, 90_000);

describe("staff and admin land on /advertiser, with no affiliate account", () => {
  test.each([
    ["advertiser staff", { advertiser: true }, "Advertiser staff"],
    ["admin", { admin: true }, "Admin"],
  ])(
    "%s",
    async (prefix, claims, role) => {
      const email = newEmail(prefix.replace(" ", "-"));
      const { uid } = await auth().createUser({ email, emailVerified: true });
      await auth().setCustomUserClaims(uid, claims);
      const { page, errors } = await freshPage();
      await signInWithEmailLink(page, email, "/advertiser");
      await page.getByRole("searchbox").fill(email);
      await page.getByText("No affiliates match.").waitFor();
      expect((await refs.affiliate(uid).get()).exists).toBe(false);

      expect(await mainNav(page).getByRole("link", { name: "Advertiser" }).getAttribute("href")).toBe("/advertiser");
      const panel = await openAccountMenu(page);
      expect(await panel.textContent()).toContain(role);

      // Signed in already, /signup and /login send them back to their page, still without an account.
      for (const door of ["/signup", "/login"]) {
        await page.goto(`${siteUrl}${door}`);
        await page.waitForURL(`${siteUrl}/advertiser`);
      }
      await page.getByRole("searchbox").waitFor();
      expect((await refs.affiliate(uid).get()).exists).toBe(false);
      expect(errors).toEqual([]);
    },
    60_000,
  );
});

test("a new e-mail through Log In still becomes an affiliate", async () => {
  const email = newEmail("login-new");
  const { page } = await freshPage();
  await page.goto(`${siteUrl}/login`);
  await logInThroughLogin(page, email);
  expect((await refs.affiliates().where("email", "==", email).get()).size).toBe(1);
}, 60_000);

describe("the account menu on a phone (390 x 844)", () => {
  const phone = { width: 390, height: 844 };
  const overflow = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

  test("fits, opens by keyboard, closes on Escape, and has no serious accessibility violations", async () => {
    mkdirSync(screenshots, { recursive: true });
    const { page, errors } = await freshPage(phone);
    await signInWithEmailLink(page, newEmail("a-rather-long-address-for-a-phone-screen"));
    await page.getByRole("heading", { name: "Last 7 Days" }).waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    // The button's chevron is a box of its own that points down, and up once the menu is open: drawn as an
    // inline box (the button's own styles winning) it lost its size and turn and showed as a bar.
    const chevron = () =>
      accountButton(page).evaluate((button) => {
        const after = getComputedStyle(button, "::after");
        return { display: after.display, width: parseFloat(after.width), transform: after.transform };
      });
    const closed = await chevron();
    expect(closed.display).toBe("block");
    expect(closed.width).toBeGreaterThan(6); // 0.45rem
    expect(closed.transform).toMatch(/^matrix\(/);
    expect(await accountButton(page).evaluate((button) => getComputedStyle(button).display)).toBe("inline-flex");

    await accountButton(page).focus();
    await page.keyboard.press("Enter");
    expect(await accountButton(page).getAttribute("aria-expanded")).toBe("true");
    expect((await chevron()).transform).not.toBe(closed.transform);
    const panel = page.locator(`[id="${await accountButton(page).getAttribute("aria-controls")}"]`);
    await panel.getByRole("button", { name: "Log out" }).waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    const box = (await panel.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(phone.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(screenshots, "account-menu-phone.png") });

    // Tab reaches Log out inside the panel; Escape closes it and focus goes back to the button.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Log out");
    await page.keyboard.press("Escape");
    expect(await accountButton(page).getAttribute("aria-expanded")).toBe("false");
    expect(await accountButton(page).evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await panel.isHidden()).toBe(true);
    expect(errors).toEqual([]);
  }, 60_000);

  test("the admin's four header links fit too", async () => {
    const email = newEmail("admin-phone");
    const { uid } = await auth().createUser({ email, emailVerified: true });
    await auth().setCustomUserClaims(uid, { admin: true });
    const { page } = await freshPage(phone);
    await signInWithEmailLink(page, email, "/advertiser");
    const links = mainNav(page).getByRole("link");
    expect(await links.allTextContents()).toEqual(["Updates", "Products", "Dashboard", "Advertiser"]);
    for (const link of await links.all()) {
      const box = (await link.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(phone.width);
      // The label fits inside its button.
      expect(await link.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    }
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(screenshots, "admin-header-phone.png") });
  }, 60_000);

  test("signed out, Log In and Sign Up fit the phone's width", async () => {
    const { page } = await freshPage(phone);
    await page.goto(siteUrl);
    await mainNav(page).getByRole("link", { name: "Log In" }).waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(screenshots, "signed-out-header-phone.png") });
    const { page: login } = await freshPage(phone);
    await login.goto(`${siteUrl}/login`);
    await login.getByRole("heading", { level: 1, name: "Welcome back" }).waitFor();
    expect(await seriousAccessibilityViolations(login)).toEqual([]);
  });
});
