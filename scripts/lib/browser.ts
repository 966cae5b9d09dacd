/** Chromium for the end-to-end tests and the browser benchmarks: launched headless, a fresh profile each. */
import { existsSync } from "node:fs";
import { chromium, type Browser, type BrowserContext } from "playwright-core";
import { chromiumPath } from "./chromium.ts";
import { serveOfflineStandIns } from "./gapi-shim.ts";
import { siteUrl } from "./project.ts";

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(chromiumPath)) {
    throw new Error(`No Chromium at ${chromiumPath}: install it (apt-get install -y chromium) or set CHROMIUM_PATH.`);
  }
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}

/**
 * A fresh browser profile (no shared sign-in), able to use the clipboard, with the offline stand-ins for
 * Google's scripts that Firebase's popup sign-in loads (see gapi-shim.ts).
 */
export async function newContext(
  browser: Browser,
  options: { width?: number; height?: number } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    acceptDownloads: true,
  });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: siteUrl });
  await serveOfflineStandIns(context);
  return context;
}
