/**
 * The web app in headless Chromium: the JavaScript and CSS each route loads (gzip), and first contentful
 * paint and largest contentful paint of / and /dashboard on a throttled mid-range phone profile, against a
 * static HTML page of the same text served by the same Hosting emulator (the floor).
 */
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { serveOfflineStandIns } from "../lib/gapi-shim.ts";
import { signInWithEmailLink } from "../lib/browser-sign-in.ts";
import { appBuildKey } from "../../web/src/lib/app-build.ts";
import { readPreloadList } from "../../web/scripts/preload-list.ts";
import { rootDir } from "../lib/project.ts";
import type { BenchContext, DashboardUser } from "./lib/context.ts";
import { elapsed } from "./lib/context.ts";
import { balanceShown, signInAffiliate } from "./lib/dashboard-user.ts";
import { lighthouseRuns, type LighthouseRun } from "./lib/lighthouse.ts";
import { blockingTime, cardsFilledAt, installHooks, liveFiguresAt } from "./lib/page-hooks.ts";
import { loadProse } from "./lib/prose.ts";
import type { Section, Table, Target } from "./lib/results.ts";
import { kb, margin, median, mmm, num, ratio, spread } from "./lib/stats.ts";
import { createUser } from "./lib/users.ts";

const dist = path.join(rootDir, "web", "dist");
const publicRoutes = ["/", "/terms", "/products", "/ai-porn-affiliate-program", "/updates"];
const homeRuns = 7;
const dashboardRuns = 5;
const signupRuns = 5;
const lighthouseRunsPerPage = 3;
/** What web/src/lib/last-seen-figures.ts keeps the dashboard's figures under, per uid. */
const lastSeenPrefix = "lastSeenFigures:";
/** Firestore's IndexedDB databases (its persistent cache) are named "firestore/[DEFAULT]/<project>/main". */
const firestoreCachePrefix = "firestore/";
const prose = loadProse(import.meta.dirname, "web.md");

/** Lighthouse's mobile profile: a mid-range phone on a slow 4G link. */
const phone = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  latencyMs: 150,
  downloadKbps: 1_638.4,
  uploadKbps: 750,
  cpuSlowdown: 4,
};

type StorageState = DashboardUser["storageState"];

interface RouteBytes {
  route: string;
  who: string;
  blockingJs: number;
  htmlJs: number;
  allJs: number;
  css: number;
  jsFiles: number;
}

interface PaintRun {
  fcp: number;
  lcp: number;
  lcpElement: string;
  /** When the dashboard's cards were filled with the affiliate's figures, maybe the last ones seen (null for other pages). */
  filled: number | null;
  /** When they held the live figures (null for other pages). */
  live: number | null;
  /** Layout shifts, as Lighthouse adds them up, and the blocking time after first paint (long tasks over 50 ms). */
  cls: number;
  tbt: number;
  /** The dashboard's way to its figures (ms from navigation start): see `timeline`. */
  timeline?: Timeline;
  /** Bytes over the (emulated) network, as sent: compressed where the server compressed. */
  transferred: number;
  requests: number;
}

export async function benchWeb(ctx: BenchContext): Promise<Section> {
  const started = performance.now();
  const { log } = ctx;
  const browser = await ctx.browser();
  // npm run bench's dashboard section leaves its affiliate's session, with the figures and Firestore cache
  // its loads kept: a first visit starts from it as it would be before this build, as dashboardUser's does.
  const shared = ctx.shared.dashboard;
  const dashboard = shared
    ? { ...shared, storageState: beforeThisBuild(shared.storageState) }
    : await dashboardUser(ctx);
  const staff = await staffSession(ctx, browser);

  log("web: bytes per route");
  const bytes: RouteBytes[] = [];
  for (const route of publicRoutes) bytes.push(await routeBytes(ctx, browser, route, "visitor"));
  // Someone signed in at this browser: the islands script loads the app, which hydrates the page.
  bytes.push(
    await routeBytes(ctx, browser, "/", "affiliate", dashboard.storageState, (page) =>
      page.locator('nav[data-auth="signed-in"]').waitFor({ timeout: 60_000 }),
    ),
  );
  bytes.push(await routeBytes(ctx, browser, "/signup", "signed out"));
  bytes.push(await routeBytes(ctx, browser, "/dashboard", "affiliate", dashboard.storageState, liveFiguresAt));
  if (staff) {
    bytes.push(
      await routeBytes(ctx, browser, "/advertiser", "staff", staff, (page) =>
        page.waitForFunction(
          () =>
            document.querySelector('[class*="_affiliate-card-header_"]') ||
            document.body.innerText.includes("No user data"),
          undefined,
          { timeout: 60_000 },
        ),
      ),
    );
  }

  log("web: the static floors");
  const homeFloor = await writeFloor(ctx, browser, "/", "bench-floor-home");
  const dashboardFloor = await writeFloor(ctx, browser, "/dashboard", "bench-floor-dashboard", dashboard.storageState);
  const signupFloor = await writeFloor(ctx, browser, "/signup", "bench-floor-signup");

  log("web: paint timings, throttled");
  const paints = {
    home: [] as PaintRun[],
    homeFloor: [] as PaintRun[],
    dash: [] as PaintRun[],
    dashRepeat: [] as PaintRun[],
    dashFloor: [] as PaintRun[],
    signup: [] as PaintRun[],
    signupFloor: [] as PaintRun[],
  };
  for (let i = 0; i < homeRuns; i++) {
    paints.homeFloor.push(await paintRun(ctx, browser, homeFloor));
    paints.home.push(await paintRun(ctx, browser, "/"));
  }
  for (let i = 0; i < signupRuns; i++) {
    paints.signupFloor.push(await paintRun(ctx, browser, signupFloor));
    paints.signup.push(await paintRun(ctx, browser, "/signup"));
  }
  for (let i = 0; i < dashboardRuns; i++) {
    paints.dashFloor.push(await paintRun(ctx, browser, dashboardFloor));
    paints.dash.push(await paintRun(ctx, browser, "/dashboard", dashboard.storageState));
    paints.dashRepeat.push(await paintRun(ctx, browser, "/dashboard", dashboard.storageState, { repeat: true }));
  }
  const medianOf = (runs: PaintRun[], pick: (run: PaintRun) => number | null) =>
    num(median(runs.map((run) => pick(run) ?? 0)), 0);
  log(
    `web: /signup LCP ${medianOf(paints.signup, (run) => run.lcp)} ms; /dashboard live figures ${medianOf(paints.dash, (run) => run.live)} ms on a first visit, ` +
      `figures ${medianOf(paints.dashRepeat, (run) => run.filled)} ms and live ${medianOf(paints.dashRepeat, (run) => run.live)} ms on a repeat one`,
  );
  for (const [label, runs] of [
    ["first", paints.dash],
    ["repeat", paints.dashRepeat],
  ] as const) {
    const at = (pick: (timeline: Timeline) => number | null) =>
      medianOf(runs, (run) => (run.timeline ? pick(run.timeline) : null));
    log(
      `web: /dashboard ${label} visit: app started ${at((t) => t.appStart)} ms, its routes in ${at((t) => t.appRoutes)} ms, scripts in ${at((t) => t.scriptsIn)} ms, Auth's first request ${at((t) => t.authRequest)} ms, ` +
        `Firestore's listen ${at((t) => t.listenRequest)} ms, figures ${medianOf(runs, (run) => run.filled)} ms, live ${medianOf(runs, (run) => run.live)} ms`,
    );
  }
  log("web: Lighthouse, mobile");
  const lighthouse = await lighthouseRuns(
    ["/signup", "/login", "/"].map((route) => `${ctx.site.url}${route}`),
    lighthouseRunsPerPage,
  );
  if ("missing" in lighthouse) log(`web: no Lighthouse (${lighthouse.missing}); its metrics from the bench's profile`);
  return report(
    bytes,
    paints,
    "missing" in lighthouse ? lighthouse : byRoute(ctx, lighthouse.results),
    elapsed(started),
  );
}

type Lighthouse = Map<string, LighthouseRun[]> | { missing: string };

/** Lighthouse's runs by route ("/signup"). */
const byRoute = (ctx: BenchContext, results: Map<string, LighthouseRun[]>): Lighthouse =>
  new Map([...results].map(([url, runs]) => [url.slice(ctx.site.url.length) || "/", runs]));

async function dashboardUser(ctx: BenchContext): Promise<DashboardUser> {
  const { context, uid, email } = await signInAffiliate(ctx);
  const storageState = await context.storageState({ indexedDB: true });
  await context.close();
  return { uid, email, storageState: beforeThisBuild(storageState), balance: await balanceShown(ctx, uid) };
}

/**
 * A saved session as it is when the site has a build this browser has not run (after a deploy): signed in,
 * without the record of the build it ran (web/src/lib/app-build.ts), so a first visit's shell preloads its
 * files, as it does for someone whose HTTP cache does not hold them, and without what showing the dashboard
 * leaves on a device: its last-seen figures (web/src/lib/last-seen-figures.ts) and Firestore's cache of the
 * affiliate's documents. A first visit waits for the live figures. A repeat visit runs the build first, and
 * sees the figures.
 */
function beforeThisBuild(state: StorageState): StorageState {
  return {
    ...state,
    origins: state.origins.map((origin) => ({
      ...origin,
      localStorage: origin.localStorage.filter(
        (item) => item.name !== appBuildKey && !item.name.startsWith(lastSeenPrefix),
      ),
      ...("indexedDB" in origin && Array.isArray(origin.indexedDB)
        ? { indexedDB: origin.indexedDB.filter((db: { name: string }) => !db.name.startsWith(firestoreCachePrefix)) }
        : {}),
    })),
  };
}

/** A staff member signed in in the browser (their account made with the claim first), or none if that fails. */
async function staffSession(ctx: BenchContext, browser: Browser): Promise<StorageState | undefined> {
  const user = await createUser({ advertiser: true }, "staff-web");
  const context = await browser.newContext();
  try {
    await serveOfflineStandIns(context);
    const page = await context.newPage();
    // Staff land on the advertiser page.
    await signInWithEmailLink(page, user.email, "/advertiser");
    return await context.storageState({ indexedDB: true });
  } catch (error) {
    ctx.log(`web: no staff session (${(error as Error).message}); /advertiser left out`);
    return undefined;
  } finally {
    await context.close();
  }
}

/**
 * What the HTML names: render-blocking scripts, module scripts and preloads (hydration; a shell's listed
 * preloads too), stylesheets, and the gzip size of the stylesheets inlined in it (the prerendered pages carry
 * theirs).
 */
function htmlAssets(html: string): { blocking: string[]; js: string[]; css: string[]; inlineCss: number } {
  const attribute = (tag: string, name: string) => new RegExp(`${name}="/([^"]+)"`).exec(tag)?.[1];
  const blocking: string[] = [];
  const js: string[] = [];
  const css: string[] = [];
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    if (tag.startsWith("<script")) {
      const src = attribute(tag, "src");
      if (!src) continue;
      if (/type="module"|\bdefer\b|\basync\b/.test(tag)) js.push(src);
      else blocking.push(src);
    } else if (tag.includes('rel="modulepreload"') || (tag.includes('rel="preload"') && tag.includes('as="script"'))) {
      const href = attribute(tag, "href");
      if (href) js.push(href);
    } else if (tag.includes('rel="stylesheet"')) {
      const href = attribute(tag, "href");
      if (href) css.push(href);
    }
  }
  // A signed-in page's shell lists its preloads for web/index.html's script (on a first visit to the build).
  for (const link of readPreloadList(html)?.links ?? []) if (link.as === "script") js.push(link.href.slice(1));
  const inlineCss = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].reduce(
    (sum, [, text]) => sum + gzipOf(Buffer.from(text!)),
    0,
  );
  return { blocking, js, css, inlineCss };
}

const gzipOf = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length;
/**
 * The HTML Hosting serves at `route`: its own file where the build wrote one (cleanUrls), else the page
 * function `pages` fills in from the build's bundle (issue 34: the pages stating figures), else the app shell.
 */
function servedHtml(route: string): string {
  const own = route === "/" ? "index.html" : `${route.slice(1)}.html`;
  if (existsSync(path.join(dist, own))) return readFileSync(path.join(dist, own), "utf8");
  const bundle = JSON.parse(readFileSync(path.join(dist, "_pages", "pages.json"), "utf8")) as {
    pages: Record<string, string>;
  };
  return bundle.pages[route] ?? readFileSync(path.join(dist, "app.html"), "utf8");
}

const fileGzip = (files: string[]) => files.reduce((sum, file) => sum + gzipOf(readFileSync(path.join(dist, file))), 0);

async function routeBytes(
  ctx: BenchContext,
  browser: Browser,
  route: string,
  who: string,
  storageState?: StorageState,
  ready?: (page: Page) => Promise<unknown>,
): Promise<RouteBytes> {
  // On the phone profile's screen: what loads only when scrolled to (the dashboard's chart) is left out, as on a phone.
  const context = await browser.newContext({ viewport: phone.viewport, ...(storageState ? { storageState } : {}) });
  await serveOfflineStandIns(context);
  await installHooks(context);
  const page = await context.newPage();
  const files = new Map<string, { type: string; gzip: number }>();
  const pending: Promise<unknown>[] = [];
  page.on("response", (response) => {
    const type = response.request().resourceType();
    if (type !== "script" && type !== "stylesheet") return;
    pending.push(
      response
        .body()
        .then((body) => files.set(response.url(), { type, gzip: gzipOf(body) }))
        .catch(() => undefined),
    );
  });
  try {
    await page.goto(`${ctx.site.url}${route}`, { waitUntil: "load" });
    await ready?.(page);
    // Everything the route fetches after it is up (Firebase Auth for the header, the charts...).
    await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => undefined);
    await page.waitForTimeout(500);
    await Promise.all(pending);
  } finally {
    await context.close();
  }
  const html = htmlAssets(servedHtml(route));
  const js = [...files.values()].filter((entry) => entry.type === "script");
  const css = [...files.values()].filter((entry) => entry.type === "stylesheet");
  return {
    route,
    who,
    blockingJs: fileGzip(html.blocking),
    htmlJs: fileGzip(html.js),
    allJs: js.reduce((sum, entry) => sum + entry.gzip, 0),
    css: css.reduce((sum, entry) => sum + entry.gzip, 0) + html.inlineCss,
    jsFiles: js.length,
  };
}

/** Why /'s LCP is over 1.5× the floor, from what the runs saw. */
function lcpMiss(runs: PaintRun[], floor: PaintRun[], bytes: RouteBytes): { note: string; analysis?: string } {
  const element = mostCommon(runs.map((run) => run.lcpElement));
  const transferred = kb(median(runs.map((run) => run.transferred)), 0);
  const floorLcp = num(median(floor.map((run) => run.lcp)), 0);
  const picture = /^img (\/\S+)/.exec(element)?.[1];
  if (!picture) {
    return { note: prose.text("lcp-missed-text", { element, floorLcp, transferred, htmlJs: kb(bytes.htmlJs) }) };
  }
  let size = "";
  try {
    size = ` (${kb(statSync(path.join(dist, picture)).size, 0)})`;
  } catch {
    // a picture from elsewhere: no size to give
  }
  return {
    note: prose.text("lcp-missed-picture", { picture, size, floorLcp, htmlJs: kb(bytes.htmlJs), transferred }),
    analysis: prose.text("lcp-missed-picture-analysis"),
  };
}

function mostCommon(values: string[]): string {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "?";
}

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/**
 * The floor for a page: its visible text (as rendered, unthrottled) in a plain static HTML page, no script,
 * no stylesheet, no picture, written into web/dist so Hosting serves it; removed after the run.
 */
async function writeFloor(
  ctx: BenchContext,
  browser: Browser,
  route: string,
  name: string,
  storageState?: StorageState,
): Promise<string> {
  const context = await browser.newContext({ viewport: phone.viewport, ...(storageState ? { storageState } : {}) });
  await serveOfflineStandIns(context);
  await installHooks(context);
  const page = await context.newPage();
  const { title, text } = await (async () => {
    try {
      await page.goto(`${ctx.site.url}${route}`, { waitUntil: "load" });
      if (route === "/dashboard") await liveFiguresAt(page);
      await page.waitForTimeout(500);
      return { title: await page.title(), text: await page.evaluate(() => document.body.innerText) };
    } finally {
      await context.close();
    }
  })();
  const paragraphs = text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join("\n");
  const html =
    `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>${escapeHtml(title)}</title>\n` +
    `</head>\n<body>\n${paragraphs}\n</body>\n</html>\n`;
  const file = path.join(dist, `${name}.html`);
  writeFileSync(file, html);
  ctx.cleanup(file);
  return `/${name}`;
}

/**
 * One load on the phone profile in a fresh profile (cold HTTP cache): FCP and the final LCP candidate. A
 * repeat visit first loads the route once, unthrottled, in the same profile (its HTTP cache and IndexedDB,
 * where Firestore keeps the affiliate's documents), then measures a second load.
 */
async function paintRun(
  ctx: BenchContext,
  browser: Browser,
  route: string,
  storageState?: StorageState,
  { repeat = false } = {},
): Promise<PaintRun> {
  const options: BrowserContextOptions = {
    viewport: phone.viewport,
    deviceScaleFactor: phone.deviceScaleFactor,
    isMobile: phone.isMobile,
    hasTouch: phone.hasTouch,
    ...(storageState ? { storageState } : {}),
  };
  const context = await browser.newContext(options);
  try {
    // Playwright turns the HTTP cache off in a context with routes, as the offline stand-ins for Google's
    // scripts are; a repeat visit needs the cache, and the signed-in dashboard loads none of those scripts.
    if (!repeat) await serveOfflineStandIns(context);
    await installHooks(context);
    if (repeat) {
      const first = await context.newPage();
      await first.goto(`${ctx.site.url}${route}`, { waitUntil: "load", timeout: 90_000 });
      // Until the live figures, which the page then keeps as the last ones seen here.
      if (route === "/dashboard") await liveFiguresAt(first, 90_000);
      await first.close();
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    let transferred = 0;
    let requests = 0;
    cdp.on("Network.loadingFinished", (event) => {
      transferred += event.encodedDataLength;
      requests += 1;
    });
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: phone.latencyMs,
      downloadThroughput: (phone.downloadKbps * 1024) / 8,
      uploadThroughput: (phone.uploadKbps * 1024) / 8,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: phone.cpuSlowdown });
    await page.goto(`${ctx.site.url}${route}`, { waitUntil: "load", timeout: 90_000 });
    const filled = route === "/dashboard" ? await cardsFilledAt(page, 90_000) : null;
    const live = route === "/dashboard" ? await liveFiguresAt(page, 90_000) : null;
    const timeline = route === "/dashboard" ? await timelineOf(page) : undefined;
    // LCP candidates stop at the first input; none comes, so the last one after the page settles is final.
    await page.waitForTimeout(1_500);
    const paint = await page.evaluate(() => window.__benchPaint);
    if (!paint?.fcp || !paint.lcp) throw new Error(`No paint timings for ${route}`);
    return {
      fcp: paint.fcp,
      lcp: paint.lcp,
      lcpElement: paint.lcpElement ?? "?",
      filled,
      live,
      cls: paint.cls,
      tbt: blockingTime(paint),
      ...(timeline ? { timeline } : {}),
      transferred,
      requests,
    };
  } finally {
    await context.close();
  }
}

/** When the last preloaded script arrived, and Auth's and Firestore's first requests left, from resource timing. */
interface Timeline {
  /** The app's entry started (web/src/main.tsx's marks), and its route chunks were in. */
  appStart: number | null;
  appRoutes: number | null;
  scriptsIn: number;
  authRequest: number | null;
  listenRequest: number | null;
}

const timelineOf = (page: Page): Promise<Timeline> =>
  page.evaluate(() => {
    const entries = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
    const scripts = entries.filter((entry) => entry.name.endsWith(".js"));
    const first = (pattern: RegExp) => entries.find((entry) => pattern.test(entry.name))?.startTime ?? null;
    const mark = (name: string) => performance.getEntriesByName(name, "mark")[0]?.startTime ?? null;
    return {
      appStart: mark("app:start"),
      appRoutes: mark("app:routes"),
      scriptsIn: Math.max(0, ...scripts.map((entry) => entry.responseEnd)),
      authRequest: first(/identitytoolkit|securetoken/),
      listenRequest: first(/\/Listen\/channel/),
    };
  });

interface Paints {
  home: PaintRun[];
  homeFloor: PaintRun[];
  dash: PaintRun[];
  dashRepeat: PaintRun[];
  dashFloor: PaintRun[];
  signup: PaintRun[];
  signupFloor: PaintRun[];
}

const fcp = (runs: PaintRun[]) => spread(runs.map((run) => run.fcp));
const lcp = (runs: PaintRun[]) => spread(runs.map((run) => run.lcp));
const filled = (runs: PaintRun[]) => spread(runs.map((run) => run.filled ?? 0));
const live = (runs: PaintRun[]) => spread(runs.map((run) => run.live ?? 0));

/** The run's figures: the routes the targets name, and each page's paints against its floor. */
function measure(bytes: RouteBytes[], paints: Paints) {
  const vsFloor = (what: typeof fcp, runs: PaintRun[], floor: PaintRun[]) => ({
    page: what(runs).median,
    floor: what(floor).median,
    ratio: what(runs).median / what(floor).median,
  });
  return {
    home: bytes.find((row) => row.route === "/" && row.who === "visitor")!,
    homeSignedIn: bytes.find((row) => row.route === "/" && row.who === "affiliate")!,
    dash: bytes.find((row) => row.route === "/dashboard")!,
    homeLcp: vsFloor(lcp, paints.home, paints.homeFloor),
    dashFcp: vsFloor(fcp, paints.dash, paints.dashFloor),
    dashLcp: vsFloor(lcp, paints.dash, paints.dashFloor),
    repeatLcp: vsFloor(lcp, paints.dashRepeat, paints.dashFloor),
    filledFirst: num(filled(paints.dash).median, 0),
    filledRepeat: num(filled(paints.dashRepeat).median, 0),
    liveFirst: live(paints.dash).median,
    shownRepeat: filled(paints.dashRepeat).median,
    liveRepeat: live(paints.dashRepeat).median,
    signupLcp: vsFloor(lcp, paints.signup, paints.signupFloor),
  };
}

type Figures = ReturnType<typeof measure>;

function report(bytes: RouteBytes[], paints: Paints, lighthouse: Lighthouse, elapsedSeconds: number): Section {
  const figures = measure(bytes, paints);
  return {
    id: "web",
    title: "Web",
    method: prose.paragraphs("method", {
      width: phone.viewport.width,
      height: phone.viewport.height,
      scale: phone.deviceScaleFactor,
      latency: phone.latencyMs,
      down: phone.downloadKbps,
      up: phone.uploadKbps,
      cpu: phone.cpuSlowdown,
      homeRuns,
      dashboardRuns,
      signupRuns,
      lighthouseRuns: lighthouseRunsPerPage,
    }),
    tables: [bytesTable(bytes), paintTable(paints), ...lighthouseTable(lighthouse)],
    targets: [
      ...publicPageTargets(figures, paints),
      signupTarget(figures, paints, lighthouse),
      ...dashboardTargets(figures, paints),
    ],
    notes: [],
    raw: { bytes, paints, lighthouse: lighthouse instanceof Map ? Object.fromEntries(lighthouse) : lighthouse },
    elapsedSeconds,
  };
}

function bytesTable(bytes: RouteBytes[]): Table {
  return {
    head: [
      "route",
      "as",
      "JS before first paint (render-blocking)",
      "JS the HTML names",
      "all JS loaded",
      "JS files",
      "CSS",
    ],
    rows: bytes.map((row) => [
      row.route,
      row.who,
      kb(row.blockingJs),
      kb(row.htmlJs),
      kb(row.allJs),
      String(row.jsFiles),
      kb(row.css),
    ]),
  };
}

function paintTable(paints: Paints): Table {
  return {
    caption: "Paint timings on the phone profile, ms from navigation start (median, min–max):",
    head: [
      "page",
      "runs",
      "FCP",
      "FCP vs floor",
      "LCP",
      "LCP vs floor",
      "LCP element",
      "CLS",
      "blocking time",
      "cards filled",
      "live figures",
      "transferred",
    ],
    rows: (
      [
        ["static floor of /", paints.homeFloor, paints.homeFloor],
        ["/", paints.home, paints.homeFloor],
        ["static floor of /signup", paints.signupFloor, paints.signupFloor],
        ["/signup (first-time visitor)", paints.signup, paints.signupFloor],
        ["static floor of /dashboard", paints.dashFloor, paints.dashFloor],
        ["/dashboard (signed in)", paints.dash, paints.dashFloor],
        ["/dashboard (signed in), repeat visit", paints.dashRepeat, paints.dashFloor],
      ] as const
    ).map(([label, runs, floor]) => [
      label,
      String(runs.length),
      mmm(fcp(runs), 0),
      ratio(fcp(runs).median, fcp(floor).median),
      mmm(lcp(runs), 0),
      ratio(lcp(runs).median, lcp(floor).median),
      mostCommon(runs.map((run) => run.lcpElement)),
      median(runs.map((run) => run.cls)).toFixed(3),
      `${num(median(runs.map((run) => run.tbt)), 0)} ms`,
      runs.some((run) => run.filled === null) ? "–" : mmm(filled(runs), 0),
      runs.some((run) => run.live === null) ? "–" : mmm(live(runs), 0),
      `${kb(median(runs.map((run) => run.transferred)), 0)} in ${median(runs.map((run) => run.requests))} request(s)`,
    ]),
  };
}

function lighthouseTable(lighthouse: Lighthouse): Table[] {
  if (!(lighthouse instanceof Map)) return [];
  const ms = (values: number[]) => `${num(median(values), 0)} ms`;
  return [
    {
      caption: `Lighthouse ${lighthouseRunsPerPage} times a page (mobile, its simulated throttling; Debian's Chromium), median:`,
      head: ["page", "performance score", "FCP", "LCP", "blocking time", "CLS", "Speed Index"],
      rows: [...lighthouse].map(([route, runs]) => [
        route,
        `${median(runs.map((run) => run.score))} (${Math.min(...runs.map((run) => run.score))}–${Math.max(...runs.map((run) => run.score))})`,
        ms(runs.map((run) => run.fcp)),
        ms(runs.map((run) => run.lcp)),
        ms(runs.map((run) => run.tbt)),
        median(runs.map((run) => run.cls)).toFixed(3),
        ms(runs.map((run) => run.speedIndex)),
      ]),
    },
  ];
}

/**
 * /signup's promise: Lighthouse's mobile score at least 95, from Lighthouse where it can run; otherwise its
 * "good" thresholds for the same metrics on the bench's own profile (LCP 2.5 s, blocking time 200 ms, CLS 0.1).
 */
function signupTarget({ signupLcp }: Figures, paints: Paints, lighthouse: Lighthouse): Target {
  const promise = "/signup and /login (phone): Lighthouse mobile performance at least 95 (issue 32)";
  const element = mostCommon(paints.signup.map((run) => run.lcpElement));
  const cls = median(paints.signup.map((run) => run.cls));
  const tbt = median(paints.signup.map((run) => run.tbt));
  const own = {
    lcp: num(signupLcp.page, 0),
    floor: num(signupLcp.floor, 0),
    ratio: signupLcp.ratio.toFixed(2),
    cls: cls.toFixed(3),
    tbt: num(tbt, 0),
    element,
  };
  if (lighthouse instanceof Map) {
    const scores = ["/signup", "/login"].map((route) => median((lighthouse.get(route) ?? []).map((run) => run.score)));
    const lowest = Math.min(...scores);
    return {
      promise,
      measured: `score ${scores[0]} (/signup) and ${scores[1]} (/login), median of ${lighthouseRunsPerPage}; on the bench's profile LCP ${own.lcp} ms (×${own.ratio} its floor)`,
      met: lowest >= 95,
      margin: lowest >= 95 ? `${lowest - 95} points headroom` : `${95 - lowest} points short`,
      note: prose.text("signup", own),
      analysis: prose.text("signup-analysis"),
    };
  }
  const met = signupLcp.page <= 2_500 && tbt <= 200 && cls <= 0.1;
  return {
    promise,
    measured: `no Lighthouse here (${lighthouse.missing}); on the bench's profile /signup: LCP ${own.lcp} ms, blocking time ${own.tbt} ms, CLS ${own.cls}`,
    met,
    margin: margin(signupLcp.page, 2_500),
    note: prose.text("signup", own),
    analysis: prose.text("signup-analysis"),
  };
}

function publicPageTargets({ home, homeSignedIn, homeLcp }: Figures, paints: Paints): Target[] {
  const element = mostCommon(paints.home.map((run) => run.lcpElement));
  const lcpWhy =
    homeLcp.ratio <= 1.5
      ? { note: prose.text("lcp-met", { element }), analysis: prose.text("lcp-met-analysis") }
      : lcpMiss(paints.home, paints.homeFloor, home);
  const islands = { htmlJs: kb(home.htmlJs), signedInJs: kb(homeSignedIn.allJs) };
  return [
    {
      promise: "Public page: under 100 KB of gzip JavaScript before first paint",
      measured: `/ : ${kb(home.blockingJs)} render-blocking; ${kb(home.htmlJs)} named by the HTML, run after paint`,
      met: home.blockingJs < 100 * 1024,
      margin: margin(home.blockingJs, 100 * 1024),
      note: prose.text("paints-without-script"),
    },
    {
      promise: "Public page: JavaScript the HTML names for hydration at most 60 KB gzip (issue 20)",
      measured: `/ : ${kb(home.htmlJs)} in the HTML's module scripts and preloads (${kb(home.allJs)} loaded by a visitor)`,
      met: home.htmlJs <= 60 * 1024,
      margin: margin(home.htmlJs, 60 * 1024),
      ...(home.htmlJs <= 60 * 1024
        ? { note: prose.text("islands", islands), analysis: prose.text("islands-analysis") }
        : { note: prose.text("islands-over", islands) }),
    },
    {
      promise: "Public page: LCP within 1.4× the static floor (issue 20; 1.5× before)",
      measured: `/ : ${num(homeLcp.page, 0)} ms vs ${num(homeLcp.floor, 0)} ms: ×${homeLcp.ratio.toFixed(2)}`,
      met: homeLcp.ratio <= 1.4,
      margin: margin(homeLcp.ratio, 1.4),
      note: lcpWhy.note,
      analysis: [lcpWhy.analysis ?? "", prose.text("lcp-noise")].filter(Boolean).join(" "),
    },
  ];
}

function figuresTargets({ liveFirst, shownRepeat, liveRepeat }: Figures): Target[] {
  const values = { liveFirst: num(liveFirst, 0), shownRepeat: num(shownRepeat, 0), liveRepeat: num(liveRepeat, 0) };
  return [
    {
      promise: "Dashboard (phone profile): its figures by 2,500 ms on a first visit (issue 32)",
      measured: `live figures at ${values.liveFirst} ms (nothing seen before on the device)`,
      met: liveFirst <= 2_500,
      margin: margin(liveFirst, 2_500),
      note: prose.text("figures-first", { liveFirst: values.liveFirst }),
      analysis: prose.text("figures-first-analysis", { liveFirst: values.liveFirst }),
    },
    {
      promise: "Dashboard (phone profile): its figures by 1,000 ms on a repeat visit (issue 32)",
      measured: `the last ones seen here, marked, at ${values.shownRepeat} ms; the live ones at ${values.liveRepeat} ms`,
      met: shownRepeat <= 1_000,
      margin: margin(shownRepeat, 1_000),
      note: prose.text("figures-repeat", { shownRepeat: values.shownRepeat, liveRepeat: values.liveRepeat }),
      analysis: prose.text("figures-repeat-analysis", {
        shownRepeat: values.shownRepeat,
        liveRepeat: values.liveRepeat,
      }),
    },
  ];
}

function dashboardTargets(figures: Figures, paints: Paints): Target[] {
  const { dash, dashFcp, dashLcp, repeatLcp, filledFirst, filledRepeat } = figures;
  const vsFloor = (paint: Figures["dashFcp"]) =>
    `${num(paint.page, 0)} ms vs ${num(paint.floor, 0)} ms: ×${paint.ratio.toFixed(2)}`;
  const lcpValues = { element: mostCommon(paints.dash.map((run) => run.lcpElement)), filledFirst };
  const transferred = kb(median(paints.dashRepeat.map((run) => run.transferred)), 0);
  const allJs = { allJs: kb(dash.allJs) };
  return [
    {
      promise: "Dashboard: JavaScript loaded for /dashboard at most 250 KB gzip (issue 20)",
      measured: `${kb(dash.allJs)} in ${dash.jsFiles} files, signed in, until the cards are filled and the network is idle`,
      met: dash.allJs <= 250 * 1024,
      margin: margin(dash.allJs, 250 * 1024),
      note: prose.text("dashboard-js", allJs),
      analysis: prose.text("dashboard-js-analysis", allJs),
    },
    {
      promise: "Dashboard (phone profile): FCP within 1.5× its floor (issue 20)",
      measured: `/dashboard : ${vsFloor(dashFcp)}`,
      met: dashFcp.ratio <= 1.5,
      margin: margin(dashFcp.ratio, 1.5),
      note: prose.text("dashboard-paint"),
      analysis: prose.text("dashboard-paint-analysis"),
    },
    {
      promise: "Dashboard (phone profile): LCP within 3× its floor on a first visit (issue 20)",
      measured: `/dashboard : ${vsFloor(dashLcp)}`,
      met: dashLcp.ratio <= 3,
      margin: margin(dashLcp.ratio, 3),
      note: prose.text("dashboard-lcp", lcpValues),
      analysis: prose.text("dashboard-lcp-analysis", lcpValues),
    },
    {
      promise: "Dashboard (phone profile): LCP within 1.5× its floor on a repeat visit (issue 20)",
      measured: `/dashboard, repeat visit: ${vsFloor(repeatLcp)}`,
      met: repeatLcp.ratio <= 1.5,
      margin: margin(repeatLcp.ratio, 1.5),
      note: prose.text("dashboard-repeat", { filledFirst, filledRepeat }),
      analysis: prose.text("dashboard-repeat-analysis", { filledFirst, filledRepeat, transferred }),
    },
    ...figuresTargets(figures),
  ];
}
