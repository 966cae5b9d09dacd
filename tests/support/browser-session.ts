/**
 * One headless Chromium for a test file: launched before its tests, closed after them. Files that adopt it
 * drop the launch and close hooks each e2e file used to repeat.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchBrowser } from "../../scripts/lib/browser.ts";
import { rootDir } from "../../scripts/lib/project.ts";

/** Where the e2e tests write the screenshots a person looks at. */
export const screenshotsDir = path.join(rootDir, "test-results", "screenshots");

/** Registers the hooks (and makes the screenshots' folder); call the answer inside a test for the browser. */
export function browserForFile(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    mkdirSync(screenshotsDir, { recursive: true });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error("The browser is launched in beforeAll: use it inside a test.");
    return browser;
  };
}
