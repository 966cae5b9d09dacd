/**
 * The public pages in Chromium (issue: public site): each served prerendered with its own head tags, free of
 * the Firestore SDK, accessible (axe-core, no serious violations), and laid out at desktop and phone widths
 * (screenshots in test-results/public/).
 */
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { seriousAccessibilityViolations } from "../support/axe.ts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { rootDir, siteUrl } from "../../scripts/lib/project.ts";
import { launchBrowser } from "../../scripts/lib/browser.ts";
import { collectPageErrors } from "../support/page-errors.ts";
import { chunkClosure, readManifest } from "../../web/scripts/manifest.ts";
import { readPreloadList } from "../../web/scripts/preload-list.ts";

interface PublicPage {
  path: string;
  title: string;
  heading: string | RegExp;
  /** Where the canonical link points when it is not the page itself. */
  canonical?: string;
}

const publicPages: PublicPage[] = [
  { path: "/", title: "AI Affiliate Program: earn 60% commission promoting AI apps", heading: /60% commission/ },
  { path: "/terms", title: "Terms and Conditions | AI Affiliate Program", heading: "Terms and Conditions" },
  {
    path: "/termsofservice",
    title: "Terms and Conditions | AI Affiliate Program",
    heading: "Terms and Conditions",
    canonical: "/terms",
  },
  { path: "/products", title: "Products to promote | AI Affiliate Program", heading: "Products" },
  {
    path: "/ai-porn-affiliate-program",
    title: "AI Porn Affiliate Program: 60% commission | AI Affiliate Program",
    heading: /AI porn affiliate program/,
  },
  { path: "/updates", title: "Updates | AI Affiliate Program", heading: "Updates" },
];

const screenshotDir = path.join(rootDir, "test-results", "public");
const viewports = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
};

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(screenshotDir, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

async function newPage(viewport = viewports.desktop, javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({ viewport, javaScriptEnabled });
  return context.newPage();
}

/** The page as a visitor who is not signed in sees it: its HTML, with Log In and Sign Up in the header. */
async function settled(page: Page): Promise<void> {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Sign Up" }).waitFor();
}

const meta = (page: Page, selector: string, attribute = "content") =>
  page.locator(selector).first().getAttribute(attribute);

describe.each(publicPages)("$path", ({ path: route, title, heading, canonical }) => {
  test("renders with its title, description, social tags and canonical link, and no console errors", async () => {
    const page = await newPage();
    const errors = collectPageErrors(page);
    const response = await page.goto(`${siteUrl}${route}`);
    expect(response?.status()).toBe(200);
    await settled(page);

    expect(await page.title()).toBe(title);
    const h1 = await page.getByRole("heading", { level: 1 }).textContent();
    if (typeof heading === "string") expect(h1).toBe(heading);
    else expect(h1).toMatch(heading);
    const url = `${siteUrl}${canonical ?? route}`;
    expect(await meta(page, 'link[rel="canonical"]', "href")).toBe(url);
    expect(await meta(page, 'meta[property="og:url"]')).toBe(url);
    expect(await meta(page, 'meta[property="og:title"]')).toBe(title);
    expect(await meta(page, 'meta[name="twitter:title"]')).toBe(title);
    expect(await meta(page, 'meta[property="og:image"]')).toBe(`${siteUrl}/og-image.png`);
    expect((await meta(page, 'meta[name="description"]'))?.length).toBeGreaterThan(50);
    expect(await meta(page, 'meta[name="keywords"]')).not.toBe("");
    // Exactly one of each: the browser updates the prerendered tags instead of adding its own.
    expect(await page.locator('link[rel="canonical"]').count()).toBe(1);
    expect(await page.locator('meta[name="description"]').count()).toBe(1);
    expect(errors).toEqual([]);
  });

  test("is complete without JavaScript (prerendered HTML)", async () => {
    const page = await newPage(viewports.desktop, false);
    await page.goto(`${siteUrl}${route}`);
    expect(await page.title()).toBe(title);
    const h1 = await page.getByRole("heading", { level: 1 }).textContent();
    if (typeof heading === "string") expect(h1).toBe(heading);
    else expect(h1).toMatch(heading);
    expect(await page.getByRole("contentinfo").getByRole("link", { name: "Terms" }).count()).toBe(1);
  });

  test("has no serious accessibility violations (axe-core)", async () => {
    const page = await newPage();
    await page.goto(`${siteUrl}${route}`);
    await settled(page);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  test.each(Object.entries(viewports))(
    "fits a %s screen (screenshot in test-results/public)",
    async (name, viewport) => {
      const page = await newPage(viewport);
      await page.goto(`${siteUrl}${route}`);
      await settled(page);
      await page.evaluate(() => document.fonts.ready);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const file = `${route === "/" ? "home" : route.slice(1)}-${name}.png`;
      await page.screenshot({ path: path.join(screenshotDir, file), fullPage: true });
    },
  );
});

test("a visitor who is not signed in runs only the islands script; with the session hint the app hydrates the page", async () => {
  const manifest = JSON.parse(readFileSync(path.join(rootDir, "web/dist/.vite/manifest.json"), "utf8")) as Record<
    string,
    { file: string; src?: string; imports?: string[] }
  >;
  // The islands script, one file of its own build (web/vite.islands.config.ts).
  const islands = JSON.parse(
    readFileSync(path.join(rootDir, "web/dist/.vite/islands-manifest.json"), "utf8"),
  ) as Record<string, { file: string }>;
  const islandFiles = [islands["src/islands.ts"]!.file];
  const appEntry = manifest["index.html"]!.file;
  const chunkOf = (pattern: RegExp) =>
    Object.values(manifest).find((chunk) => pattern.test(chunk.src ?? ""))?.file ?? "no such chunk";
  const authChunk = chunkOf(/firebase\/auth\//);
  expect(authChunk).toMatch(/^assets\//);
  const scripts = (requested: string[]) =>
    requested.filter((url) => url.endsWith(".js")).map((url) => new URL(url).pathname.slice(1));

  for (const { path: route } of publicPages) {
    const page = await newPage();
    const errors = collectPageErrors(page);
    const requested: string[] = [];
    page.on("request", (request) => requested.push(request.url()));
    await page.goto(`${siteUrl}${route}`);
    await settled(page);
    // Nothing after the load either: no React, no Firebase, no Firestore.
    await page.waitForLoadState("networkidle");
    expect(scripts(requested).sort(), route).toEqual(islandFiles);
    expect(
      requested.filter((url) => /:8085\/|firestore|identitytoolkit/.test(url)),
      route,
    ).toEqual([]);
    expect(await page.locator("nav[data-auth]").getAttribute("data-auth"), route).toBe("unknown");
    expect(errors, route).toEqual([]);
  }

  // Someone signed in here last time: the islands script loads the app, which hydrates the page (without a
  // mismatch, which React reports as an error) and asks Auth. This hint is stale, so Auth's answer wins: the
  // visitor's buttons, and the hint cleared.
  const page = await newPage();
  await page.addInitScript(() => window.localStorage.setItem("signedIn", "1"));
  const errors = collectPageErrors(page);
  const requested: string[] = [];
  page.on("request", (request) => requested.push(request.url()));
  await page.goto(siteUrl);
  await page.locator('nav[data-auth="signed-out"]').waitFor();
  expect(scripts(requested)).toEqual(expect.arrayContaining([...islandFiles, appEntry, authChunk]));
  expect(requested.filter((url) => url.endsWith(chunkOf(/firebase\/firestore\//)))).toEqual([]);
  expect(await page.evaluate(() => window.localStorage.getItem("signedIn"))).toBeNull();
  expect(await page.evaluate(() => document.documentElement.hasAttribute("data-signed-in"))).toBe(false);
  await expect
    .poll(() => page.getByRole("navigation", { name: "Main" }).getByRole("link").allTextContents())
    .toEqual(["Log In", "Sign Up"]);
  expect(errors).toEqual([]);
});

test("the signed-in pages are the app shell fetching the app, their chunks and the Firebase SDKs at once", async () => {
  const manifest = readManifest(path.join(rootDir, "web/dist"));
  const sdks = Object.values(manifest)
    .filter((chunk) => /firebase\/(auth|firestore)\//.test(chunk.src ?? ""))
    .map((chunk) => chunk.file);
  expect(sdks).toHaveLength(2);
  // What a shell preloads on a browser's first visit to this build: the list in its app-preloads meta tag,
  // which web/index.html's script turns into <link rel="preload"> (the browser test below).
  const preloadList = (html: string, as: "script" | "style") => {
    const list = readPreloadList(html)!;
    expect(list.build).toBe(`/${manifest["index.html"]!.file}`);
    expect(list.links.every((link) => link.rel === "preload" && link.crossOrigin === "")).toBe(true);
    return list.links.filter((link) => link.as === as).map((link) => link.href.slice(1));
  };
  const preloads = (html: string) => preloadList(html, "script");
  // /signup and /login are prerendered pages with their forms in the HTML (tests/e2e/waits.test.ts).
  for (const route of ["/dashboard", "/advertiser"]) {
    const html = await (await fetch(`${siteUrl}${route}`)).text();
    expect(html, route).toContain('<div id="root" data-shell ');
    expect(preloads(html), route).toEqual(expect.arrayContaining(sdks));
  }
  // Each page preloads its own chunk, not the others'.
  const dashboardHtml = await (await fetch(`${siteUrl}/dashboard`)).text();
  const dashboard = preloads(dashboardHtml);
  expect(dashboard.some((file) => file.includes("dashboard-page"))).toBe(true);
  expect(dashboard.some((file) => file.includes("advertiser-page"))).toBe(false);
  // And every stylesheet of its chunks, those inlined in the shell too: the app's loader asks for each
  // with the page, and would otherwise wait a round trip for them after the scripts.
  const pageKey = Object.keys(manifest).find((key) => key.endsWith("features/dashboard/dashboard-page.tsx"))!;
  const styles = preloadList(dashboardHtml, "style");
  const pageStyles = [...chunkClosure(manifest, [pageKey]).css];
  expect(pageStyles.length).toBeGreaterThan(1);
  expect(styles).toEqual(expect.arrayContaining(pageStyles));
});

/** The page's console errors and uncaught exceptions, but Chromium's report of the document's own 404. */
function errorsBesidesOwn404(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    const own404 = message.text().includes("status of 404") && message.location().url === page.url();
    if (message.type() === "error" && !own404) errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

test("an unknown path answers 404 with the home page, which the app hydrates for someone signed in here", async () => {
  const unknown = await fetch(`${siteUrl}/no/such/page`);
  expect(unknown.status).toBe(404);
  const html = await unknown.text();
  // The prerendered home page (function `pages`, issue 34), not the app shell: no preloads, only the islands script.
  expect(html).not.toContain("data-shell");
  expect(readPreloadList(html)).toBeUndefined();
  expect(html).toMatch(/<h1[^>]*>/);

  // A visitor sees it painted from the HTML, with its head tags, and nothing fails but the page's own 404.
  const page = await newPage(viewports.phone);
  const errors = errorsBesidesOwn404(page);
  const response = await page.goto(`${siteUrl}/no/such/page`);
  expect(response?.status()).toBe(404);
  await settled(page);
  expect(await page.title()).toBe(publicPages[0]!.title);
  expect(await page.getByRole("heading", { level: 1 }).textContent()).toMatch(/60% commission/);
  expect(await meta(page, 'link[rel="canonical"]', "href")).toBe(`${siteUrl}/`);
  expect(errors).toEqual([]);

  // Someone signed in here last time: the app hydrates it at this path without a mismatch (which React
  // reports as an error), and the router keeps showing home.
  const signedIn = await newPage(viewports.phone);
  await signedIn.addInitScript(() => window.localStorage.setItem("signedIn", "1"));
  const hydrationErrors = errorsBesidesOwn404(signedIn);
  await signedIn.goto(`${siteUrl}/no/such/page`);
  await signedIn.locator('nav[data-auth="signed-out"]').waitFor();
  expect(await signedIn.getByRole("link", { name: "Join Now" }).getAttribute("href")).toBe("/signup");
  expect(new URL(signedIn.url()).pathname).toBe("/no/such/page");
  expect(hydrationErrors).toEqual([]);
});

test("a shell preloads its files on a browser's first visit to this build, and not once the app has run there", async () => {
  const page = await newPage(viewports.phone);
  const preloaded = () => page.locator('head link[rel="preload"][as="script"]').count();
  await page.goto(`${siteUrl}/dashboard`);
  expect(await preloaded()).toBeGreaterThan(10);
  // The app runs (and, signed out, goes on to /signup): its files are in the HTTP cache from now on.
  await page.waitForURL(`${siteUrl}/signup`);
  expect(await page.evaluate(() => localStorage.getItem("appBuild"))).toMatch(/^\/assets\/index-[\w-]+\.js$/);
  await page.goto(`${siteUrl}/dashboard`);
  await page.waitForURL(`${siteUrl}/signup`);
  expect(await preloaded()).toBe(0);
  await page.context().close();
});

test("the social-sharing image is a 1200×630 PNG", async () => {
  const response = await fetch(`${siteUrl}/og-image.png`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^image\/png/);
  const png = Buffer.from(await response.arrayBuffer());
  // The IHDR chunk, right after the 8-byte signature and its own 8-byte header, starts with width and height.
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
});

test("robots.txt and sitemap.xml are served and list the public pages", async () => {
  const robots = await fetch(`${siteUrl}/robots.txt`);
  expect(robots.status).toBe(200);
  const rules = await robots.text();
  expect(rules).toContain(`Sitemap: ${siteUrl}/sitemap.xml`);
  expect(rules).toContain("Disallow: /dashboard");

  const sitemap = await fetch(`${siteUrl}/sitemap.xml`);
  expect(sitemap.status).toBe(200);
  const xml = await sitemap.text();
  const listed = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
  // Canonical addresses only: /termsofservice shows the terms, whose address is /terms. /signup, prerendered
  // too, is listed; /login, which asks not to be indexed, is not.
  expect(listed.sort()).toEqual(
    [...publicPages.filter((page) => !page.canonical).map((page) => page.path), "/signup"]
      .map((path) => `${siteUrl}${path}`)
      .sort(),
  );
});
