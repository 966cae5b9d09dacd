/**
 * The waits people feel (issue 32, item 19): /signup and /login paint their real content from the HTML for a
 * first-time visitor, while someone signed in here is still sent on to their page; a returning affiliate's
 * dashboard shows the figures this device last saw, marked as such, until the live ones arrive. Screenshots
 * at both sizes in test-results/screenshots/ (waits-*.png).
 */
import { randomUUID } from "node:crypto";
import path from "node:path";
import type { BrowserContext, Page, Route } from "playwright-core";
import { describe, expect, test } from "vitest";
import { siteUrl } from "../../scripts/lib/project.ts";
import { newContext } from "../../scripts/lib/browser.ts";
import { signInWithEmailLink } from "../../scripts/lib/browser-sign-in.ts";
import { refs } from "../support/backend.ts";
import { seriousAccessibilityViolations } from "../support/axe.ts";
import { browserForFile, screenshotsDir } from "../support/browser-session.ts";
import { collectPageErrors } from "../support/page-errors.ts";

const browser = browserForFile();
const sizes = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 900 } } as const;

const doors = [
  { path: "/signup", heading: "Join the affiliate programme" },
  { path: "/login", heading: "Welcome back" },
] as const;

describe("/signup and /login paint from their HTML", () => {
  test.each(doors)("$path's HTML holds its heading, Continue with Google and the e-mail form", async (door) => {
    const html = await (await fetch(`${siteUrl}${door.path}`)).text();
    // Prerendered like the public pages, and loading the app for everyone (src/islands.ts), not an app shell.
    expect(html).toContain('<div id="root" data-hydrate>');
    expect(html).not.toContain("data-shell");
    expect(html).toMatch(new RegExp(`<h1[^>]*>${door.heading}</h1>`));
    expect(html).toContain("Continue with Google");
    expect(html).toMatch(/<label[^>]*for="signup-email"[^>]*>Email<\/label>/);
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Continue with Email<\/button>/);
  });

  test("with no script at all, a first-time visitor sees the form; the app then takes it over without a mismatch", async () => {
    for (const [name, size] of Object.entries(sizes)) {
      const context = await newContext(browser(), size);
      const page = await context.newPage();
      await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
      await page.goto(`${siteUrl}/signup`);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Join the affiliate programme");
      expect(await page.getByRole("button", { name: "Continue with Google" }).isVisible()).toBe(true);
      expect(await page.getByLabel("Email").isVisible()).toBe(true);
      await page.screenshot({ path: path.join(screenshotsDir, `waits-signup-html-${name}.png`) });
      await context.close();
    }

    const context = await newContext(browser(), sizes.phone);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${siteUrl}/signup`);
    // Typed at once, maybe before the app is running: the address is kept and the button comes alive.
    await page.getByLabel("Email").fill("early@test.example");
    await page.getByRole("button", { name: "Continue with Email" }).click();
    await page.getByText("Check your inbox").waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  test("someone signed in here never sees the form: they are sent on to their page", async () => {
    const context = await newContext(browser(), sizes.phone);
    const page = await context.newPage();
    await signInWithEmailLink(page, `waits-${randomUUID().slice(0, 8)}@test.example`);

    // Before the app has run, the session hint alone hides the form.
    const app = (route: Route) => route.abort();
    await page.route(/\/assets\/index-.*\.js$/, app);
    await page.goto(`${siteUrl}/signup`);
    expect(await page.getByRole("heading", { level: 1 }).isVisible()).toBe(false);
    expect(await page.getByText("Opening your page…").isVisible()).toBe(true);
    await page.screenshot({ path: path.join(screenshotsDir, "waits-signup-signed-in-phone.png") });
    await page.unroute(/\/assets\/index-.*\.js$/, app);

    for (const door of doors) {
      await page.goto(`${siteUrl}${door.path}`);
      await page.waitForURL(`${siteUrl}/dashboard`);
    }
    await context.close();
  });
});

/** Holds back Firestore's listen channel (the live figures) until `release` is called. */
async function holdLiveFigures(context: BrowserContext): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await context.route(/\/google\.firestore\.v1\.Firestore\/Listen\//, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const balance = (page: Page) =>
  page.getByRole("region", { name: "All Time" }).getByText("Balance").locator("xpath=following-sibling::*[1]");
const figuresState = (page: Page) =>
  page.locator("section[data-figures]").evaluateAll((sections) => sections.map((s) => s.getAttribute("data-figures")));

describe("a returning affiliate's dashboard", () => {
  test("shows the last figures this device saw, marked, then the live ones; logging out forgets them", async () => {
    const email = `waits-${randomUUID().slice(0, 8)}@test.example`;
    const context = await newContext(browser(), sizes.phone);
    const page = await context.newPage();
    await signInWithEmailLink(page, email);
    const uid = (await refs.affiliates().where("email", "==", email).get()).docs[0]!.id;
    await refs.affiliate(uid).update({ total_earnings_cents: 25_000 });
    await expect.poll(() => balance(page).textContent(), { timeout: 30_000 }).toBe("$250.00");
    expect(await figuresState(page)).toEqual(["live", "live"]);
    // Kept on the device under the uid: the cards' figures only.
    const kept = await page.evaluate((key) => localStorage.getItem(key), `lastSeenFigures:${uid}`);
    expect(JSON.parse(kept!)).toMatchObject({ uid, figures: { allTime: { balance_cents: 25_000 } } });
    await page.close();

    // Meanwhile the figures change on the server; each next visit is held back from them for a while.
    const visits = [
      { name: "phone", seen: "$250.00", cents: 31_000, live: "$310.00" },
      { name: "desktop", seen: "$310.00", cents: 40_000, live: "$400.00" },
    ] as const;
    for (const { name, seen, cents, live } of visits) {
      const size = sizes[name];
      await refs.affiliate(uid).update({ total_earnings_cents: cents });
      const release = await holdLiveFigures(context);
      const repeat = await context.newPage();
      await repeat.setViewportSize(size);
      const errors = collectPageErrors(repeat);
      await repeat.goto(`${siteUrl}/dashboard`);
      const mark = repeat.getByRole("status").filter({ hasText: /^Last seen \d\d:\d\d UTC — updating…$/ });
      await mark.waitFor();
      expect(await balance(repeat).textContent()).toBe(seen);
      expect(await figuresState(repeat)).toEqual(["last-seen", "last-seen"]);
      // SPEC.md's heading and labels stay as they are.
      expect(await repeat.getByRole("heading", { name: "Last 7 Days" }).isVisible()).toBe(true);
      await repeat.screenshot({ path: path.join(screenshotsDir, `waits-last-seen-${name}.png`) });
      expect(await seriousAccessibilityViolations(repeat)).toEqual([]);

      release();
      await context.unrouteAll({ behavior: "wait" });
      await expect.poll(() => balance(repeat).textContent(), { timeout: 30_000 }).toBe(live);
      await mark.waitFor({ state: "detached" });
      expect(await figuresState(repeat)).toEqual(["live", "live"]);
      await repeat.screenshot({ path: path.join(screenshotsDir, `waits-live-${name}.png`) });
      expect(errors).toEqual([]);
      if (name === "desktop") {
        const account = repeat.getByRole("button", { name: "Account", exact: true });
        await account.click();
        await repeat
          .locator(`[id="${await account.getAttribute("aria-controls")}"]`)
          .getByRole("button", { name: "Log out" })
          .click();
        await repeat.waitForURL(`${siteUrl}/`);
        // Read once the home page has settled: the app leaving it (a navigation) can still be under way.
        await expect
          .poll(() =>
            repeat.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("lastSeenFigures:"))),
          )
          .toEqual([]);
      }
      await repeat.close();
    }
    await context.close();
  });
});

describe("a first visit's dashboard", () => {
  test("shows the live figures read without the SDKs while Firestore's listener is still on its way", async () => {
    const email = `waits-${randomUUID().slice(0, 8)}@test.example`;
    const context = await newContext(browser(), sizes.phone);
    const page = await context.newPage();
    await signInWithEmailLink(page, email);
    const uid = (await refs.affiliates().where("email", "==", email).get()).docs[0]!.id;
    await expect.poll(() => figuresState(page), { timeout: 30_000 }).toEqual(["live", "live"]);
    await refs.affiliate(uid).update({ total_earnings_cents: 12_345 });
    // A device that has never shown the dashboard: no figures kept and no Firestore cache, only Auth's session.
    await page.goto(`${siteUrl}/terms`);
    await page.evaluate(async () => {
      for (const key of Object.keys(localStorage)) if (key.startsWith("lastSeenFigures:")) localStorage.removeItem(key);
      for (const { name } of await indexedDB.databases()) {
        if (name?.startsWith("firestore/")) {
          await new Promise((resolve) => {
            const deletion = indexedDB.deleteDatabase(name);
            deletion.onsuccess = deletion.onerror = deletion.onblocked = resolve;
          });
        }
      }
    });
    await page.close();

    const release = await holdLiveFigures(context);
    const first = await context.newPage();
    const errors = collectPageErrors(first);
    const reads: string[] = [];
    first.on("request", (request) => {
      if (request.url().includes("/v1/projects/")) reads.push(new URL(request.url()).pathname);
    });
    await first.goto(`${siteUrl}/dashboard`);
    // The listener is held back, so these figures can only have come from the early reads, and they are live.
    await expect.poll(() => balance(first).textContent(), { timeout: 30_000 }).toBe("$123.45");
    expect(await figuresState(first)).toEqual(["live", "live"]);
    expect(await first.getByText(/^Last seen/).count()).toBe(0);
    expect(reads).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/\/documents:batchGet$/),
        expect.stringMatching(new RegExp(`/documents/affiliates/${uid}/click_shards$`)),
      ]),
    );
    // Shown live, so kept as the last figures seen here.
    const kept = await first.evaluate((key) => localStorage.getItem(key), `lastSeenFigures:${uid}`);
    expect(JSON.parse(kept!)).toMatchObject({ uid, figures: { allTime: { balance_cents: 12_345 } } });
    await first.screenshot({ path: path.join(screenshotsDir, "waits-first-visit-phone.png") });

    // The listener then takes over and keeps them live.
    release();
    await context.unrouteAll({ behavior: "wait" });
    await refs.affiliate(uid).update({ total_earnings_cents: 20_000 });
    await expect.poll(() => balance(first).textContent(), { timeout: 30_000 }).toBe("$200.00");
    expect(await figuresState(first)).toEqual(["live", "live"]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
