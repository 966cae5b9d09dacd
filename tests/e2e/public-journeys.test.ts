/**
 * The public pages' ways in (issue: public site): the join button, the screenshot and the partner cards all
 * reach /signup, the cards remembering the advertiser; the header changes once the visitor is signed in.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { rootDir, siteUrl } from "../../scripts/lib/project.ts";
import { launchBrowser } from "../../scripts/lib/browser.ts";
import { collectPageErrors } from "../support/page-errors.ts";
import { signInWithEmailLink } from "../../scripts/lib/browser-sign-in.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(path.join(rootDir, "test-results", "public"), { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

/** A fresh visitor (own local storage) on `route`: the prerendered page, its islands script run. */
async function visit(route: string): Promise<{ page: Page; errors: string[] }> {
  const page = await (await browser.newContext()).newPage();
  const errors = collectPageErrors(page);
  // The load event comes after the page's module scripts have run.
  await page.goto(`${siteUrl}${route}`, { waitUntil: "load" });
  return { page, errors };
}

const currentAdvertiser = (page: Page) => page.evaluate(() => window.localStorage.getItem("currentAdvertiser"));

describe("the home page leads to /signup", () => {
  test("through Join Now", async () => {
    const { page, errors } = await visit("/");
    await page.getByRole("link", { name: "Join Now" }).click();
    await page.waitForURL(`${siteUrl}/signup`);
    expect(errors).toEqual([]);
  });

  test("through the screenshot", async () => {
    const { page, errors } = await visit("/");
    const screenshot = page.getByRole("img", { name: /affiliate dashboard/ });
    // The picture is loaded, sized and decoded, not a broken image.
    await expect
      .poll(() => screenshot.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await screenshot.click();
    await page.waitForURL(`${siteUrl}/signup`);
    expect(errors).toEqual([]);
  });

  test("through the Top-Performing Partners card, which first stores promptchan as currentAdvertiser", async () => {
    const { page, errors } = await visit("/");
    expect(await currentAdvertiser(page)).toBeNull();
    const partners = page.getByRole("region", { name: "Top-Performing Partners" });
    expect(await partners.textContent()).toContain("60%");
    await partners.getByRole("link", { name: "Get Started" }).click();
    await page.waitForURL(`${siteUrl}/signup`);
    expect(await currentAdvertiser(page)).toBe("promptchan");
    expect(errors).toEqual([]);
  });
});

test("the marketing page's Join Now and advertiser card lead to /signup, the card storing promptchan", async () => {
  const { page, errors } = await visit("/ai-porn-affiliate-program");
  expect(await page.getByRole("link", { name: "Join Now" }).getAttribute("href")).toBe("/signup");
  await page.getByRole("link", { name: "Get Started" }).click();
  await page.waitForURL(`${siteUrl}/signup`);
  expect(await currentAdvertiser(page)).toBe("promptchan");
  expect(errors).toEqual([]);
});

test("the header shows Log In and Sign Up to visitors, and Updates, Products, Dashboard and the banner once signed in", async () => {
  const { page, errors } = await visit("/");
  const account = page.getByRole("navigation", { name: "Main" });
  expect(await account.getByRole("link").allTextContents()).toEqual(["Log In", "Sign Up"]);
  expect(await page.getByRole("link", { name: /latest updates/ }).count()).toBe(0);

  await signInWithEmailLink(page, `public-${randomUUID().slice(0, 8)}@test.example`);
  await page.goto(siteUrl);
  await page.locator('nav[data-auth="signed-in"]').waitFor();
  expect(await account.getByRole("link").allTextContents()).toEqual(["Updates", "Products", "Dashboard"]);
  const banner = page.getByRole("link", { name: /latest updates/ });
  expect(await banner.getAttribute("href")).toBe("/updates");
  for (const [name, viewport] of Object.entries({
    desktop: { width: 1280, height: 800 },
    phone: { width: 390, height: 844 },
  })) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: path.join(rootDir, "test-results", "public", `signed-in-header-${name}.png`) });
  }
  await banner.click();
  await page.waitForURL(`${siteUrl}/updates`);
  expect(errors).toEqual([]);
});
