/**
 * The dashboard's tracker rows (issue 32): folded, each shows a chevron that says it opens, which turns as it
 * does, and its toggle says aria-expanded, by mouse and by keyboard, at desktop and phone sizes.
 * Screenshots go to test-results/screenshots/.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, Locator } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { rootDir } from "../../scripts/lib/project.ts";
import { launchBrowser, newContext } from "../../scripts/lib/browser.ts";
import { signInWithEmailLink } from "../../scripts/lib/browser-sign-in.ts";
import { seriousAccessibilityViolations } from "../support/axe.ts";
import { collectPageErrors } from "../support/page-errors.ts";

const screenshots = path.join(rootDir, "test-results", "screenshots");

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(screenshots, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

/** The chevron as drawn: the summary's ::before, its transform and size. */
const chevron = (toggle: Locator) =>
  toggle.evaluate((summary) => {
    const style = getComputedStyle(summary, "::before");
    return { transform: style.transform, width: parseFloat(style.width), shown: style.display !== "none" };
  });

/** The angle a computed transform matrix turns by, in whole degrees. */
const degrees = (transform: string) => {
  const [a, b] = /matrix\(([^)]+)\)/.exec(transform)![1]!.split(",").map(Number);
  return Math.round((Math.atan2(b!, a!) * 180) / Math.PI);
};

test.each([
  ["desktop", { width: 1366, height: 900 }],
  ["phone", { width: 390, height: 844 }],
] as const)("at %s size, a folded tracker row shows a chevron that turns as it opens", async (name, size) => {
  const page = await (await newContext(browser, size)).newPage();
  const errors = collectPageErrors(page);
  // The demo affiliate has activity on the default link and custom trackers (scripts/seed/demo-story.ts).
  await signInWithEmailLink(page, "affiliate@demo.test");
  const section = page.locator("section", { has: page.getByRole("heading", { name: /^Trackers · / }) });
  const row = section.locator("details").first();
  const toggle = row.locator("summary");
  await toggle.waitFor();

  expect(await toggle.getAttribute("aria-expanded")).toBe("false");
  const folded = await chevron(toggle);
  expect(folded.shown).toBe(true);
  expect(folded.width).toBeGreaterThan(4);
  expect(degrees(folded.transform)).toBe(-45); // pointing at the row's name: it opens
  await toggle.scrollIntoViewIfNeeded();
  await section.screenshot({ path: path.join(screenshots, `tracker-rows-${name}-folded.png`) });

  await toggle.click();
  await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("true");
  expect(await row.getAttribute("open")).not.toBeNull();
  await expect.poll(async () => degrees((await chevron(toggle)).transform)).toBe(45); // turned down: open
  expect(await section.getByLabel("Funnel").first().isVisible()).toBe(true);
  await section.screenshot({ path: path.join(screenshots, `tracker-rows-${name}-open.png`) });
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  // By keyboard: the toggle takes the focus and Enter folds the row again.
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("false");
  await expect.poll(async () => degrees((await chevron(toggle)).transform)).toBe(-45);
  expect(errors).toEqual([]);
});
