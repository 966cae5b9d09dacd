/**
 * The public pages state the terms in force (issue 34): after an admin changes the default advertiser's
 * rates and the payout minimum, the HTML Hosting sends (what a crawler reads, no script run) states the new
 * figures on home, the terms, the landing page and the products, with the header that lets the CDN keep the
 * page four minutes; and the page in Chromium shows them, hydrated by the app without a mismatch. Serial: it
 * changes programme-wide settings, and puts them back after.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { launchBrowser } from "../../scripts/lib/browser.ts";
import { siteUrl } from "../../scripts/lib/project.ts";
import { affiliateDashboard } from "../support/dashboard.ts";
import { collectPageErrors } from "../support/page-errors.ts";
import { api, createAffiliateUser, createUser, type TestUser } from "../support/users.ts";

/** An advertiser's settings as the API gives and takes them (functions/src/contract/programme-settings.ts). */
type Settings = Record<string, unknown>;

interface AdvertiserView {
  advertiser: string;
  version: number;
  settings: Settings;
}

let browser: Browser;
let admin: TestUser;
let original: AdvertiserView;

async function promptchan(): Promise<AdvertiserView> {
  const answer = await api(admin, "GET", "/api/programme_settings");
  expect(answer.status).toBe(200);
  return (answer.json.advertisers as AdvertiserView[]).find((view) => view.advertiser === "promptchan")!;
}

async function save(settings: Settings): Promise<void> {
  const { version } = await promptchan();
  // The lower renewal rates reach new affiliates only (promised terms): what the public pages state is what
  // an affiliate joining now earns.
  const lowered_rates = { applies_to: "new_affiliates" };
  const answer = await api(admin, "POST", "/api/programme_settings", {
    advertiser: "promptchan",
    version,
    settings,
    lowered_rates,
  });
  expect(answer.status, answer.json.error).toBe(200);
}

/** The page as a crawler gets it: status, Cache-Control, and its text with React's separators taken out. */
async function served(path: string) {
  const response = await fetch(`${siteUrl}${path}`, { headers: { "Accept-Encoding": "br, gzip" } });
  const html = (await response.text()).replaceAll("<!-- -->", "");
  return {
    status: response.status,
    cacheControl: response.headers.get("cache-control"),
    encoding: response.headers.get("content-encoding"),
    html,
  };
}

beforeAll(async () => {
  [browser, admin] = await Promise.all([launchBrowser(), createUser({ claims: { admin: true } })]);
  original = await promptchan();
});

afterAll(async () => {
  if (original) await save(original.settings);
  await browser?.close();
});

test("after an admin changes the rates, the pages' HTML and the pages in Chromium state the new ones", async () => {
  const before = await served("/");
  expect(before.status).toBe(200);
  expect(before.html).toMatch(/<h1[^>]*>[^<]*<span[^>]*>60% commission<\/span>/);
  // The CDN keeps a page four minutes (with the function's minute, a change shows within five).
  expect(before.cacheControl).toBe("public, max-age=0, s-maxage=240");
  // Compressed, as Hosting sends its own files (fetch reads brotli).
  expect(before.encoding).toBe("br");

  await save({
    ...original.settings,
    commission_rate: 0.655,
    repeat_rates: { "1": 0.4, "2": 0.4 },
    // The API takes the minimum payout in dollars.
    minimum_payout: 250,
  });

  const home = await served("/");
  expect(home.html).toMatch(/<h1[^>]*>[^<]*<span[^>]*>65.5% commission<\/span>/);
  expect(home.html).toContain("<title>AI Affiliate Program: earn 65.5% commission promoting AI apps</title>");
  expect(home.html).toMatch(/<strong>65.5%<\/strong> commission on every first sale/);
  expect(home.html).toMatch(/<strong>40%<\/strong> on renewals/);
  expect(home.cacheControl).toBe("public, max-age=0, s-maxage=240");

  const terms = await served("/terms");
  expect(terms.html).toContain("You earn a 65.5% commission on initial sales");
  expect(terms.html).toContain("The minimum payout is $250.");
  expect(terms.html).toContain(
    'content="The terms of the AI Affiliate Program: 65.5% commission on initial sales, a $250',
  );
  expect((await served("/termsofservice")).html).toContain("You earn a 65.5% commission on initial sales");

  const landing = await served("/ai-porn-affiliate-program");
  expect(landing.html).toMatch(/pays <span[^>]*>65.5%<\/span>/);
  // Only promptchan's rates changed: the other advertisers' cards keep theirs.
  const products = await served("/products");
  expect(products.html).toMatch(/<strong>65.5%<\/strong>/);
  expect(products.html).toMatch(/<strong>60%<\/strong>/);
  expect(products.html).toContain("40% commission on renewals");

  // Home at an unknown path too, still answered with 404, and kept by no cache.
  const unknown = await served("/no/such/page");
  expect(unknown.status).toBe(404);
  expect(unknown.html).toContain("65.5% commission");
  expect(unknown.cacheControl).toBe("no-cache");
  for (const page of [home, terms, landing, products, unknown]) expect(page.html).not.toContain("__FIGURE_");

  // In Chromium, for a visitor (HTML alone) and for someone signed in here before (the app hydrates the page
  // with the figures its root states: a mismatch would be a console error, and React would re-render).
  for (const hint of [false, true]) {
    const context = await browser.newContext();
    const page = await context.newPage();
    if (hint) await page.addInitScript(() => window.localStorage.setItem("signedIn", "1"));
    const errors = collectPageErrors(page);
    await page.goto(siteUrl);
    if (hint) await page.locator('nav[data-auth="signed-out"]').waitFor();
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toContain("65.5% commission");
    await page.goto(`${siteUrl}/terms`);
    if (hint) await page.locator('nav[data-auth="signed-out"]').waitFor();
    expect(await page.locator("#payment").textContent()).toContain("The minimum payout is $250.");
    expect(errors).toEqual([]);
    await context.close();
  }

  // An affiliate signed in on the dashboard (an app shell stating no terms) who follows the header's Products
  // link: the app asks function pages for the terms in force, kept by the CDN as the pages are.
  const json = await fetch(`${siteUrl}/_pages/terms.json`);
  expect(json.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=240");
  expect(((await json.json()) as { rates: { promptchan: { commission_rate: number } } }).rates.promptchan).toEqual({
    commission_rate: 0.655,
    renewal_rate: 0.4,
  });
  const affiliate = await createAffiliateUser();
  const dashboard = await affiliateDashboard(browser, affiliate.email, { width: 1366, height: 900 });
  await dashboard.page.getByRole("link", { name: "Products" }).first().click();
  await dashboard.page.waitForURL(/\/products$/);
  await expect.poll(() => dashboard.page.locator("main").textContent(), { timeout: 10_000 }).toContain("65.5%");
  expect(dashboard.errors).toEqual([]);
  await dashboard.page.context().close();

  // Back to SPEC.md's terms: the pages say so again.
  await save(original.settings);
  expect((await served("/")).html).toMatch(/<span[^>]*>60% commission<\/span>/);
});
