import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { siteUrl } from "../../scripts/lib/project.ts";
import { launchBrowser } from "../../scripts/lib/browser.ts";
import { collectPageErrors } from "../support/page-errors.ts";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

test("the home page shows the headline and a Join Now link to /signup", async () => {
  const page = await browser.newPage();
  const errors = collectPageErrors(page);
  await page.goto(siteUrl);

  const headline = page.getByRole("heading", { level: 1 });
  await expect.poll(() => headline.textContent()).toContain("60% commission");

  const join = page.getByRole("link", { name: "Join Now" });
  expect(await join.getAttribute("href")).toBe("/signup");
  await join.click();
  await page.waitForURL(`${siteUrl}/signup`);
  expect(errors).toEqual([]);
});

test("an unknown path shows the home page (SPEC.md §2), answered with 404 (issue 32)", async () => {
  const page = await browser.newPage();
  const response = await page.goto(`${siteUrl}/no/such/page`);
  expect(response?.status()).toBe(404);
  await expect.poll(() => page.getByRole("link", { name: "Join Now" }).count()).toBe(1);
});
