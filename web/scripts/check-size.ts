/**
 * After the prerender: the size budget of the public pages. For each prerendered page (dist/*.html but the
 * app shell's) it adds up the gzip size of the JavaScript the page's HTML names (the islands
 * script, src/islands.ts, named by the HTML's script and modulepreload tags) and of its
 * stylesheets, prints the table, and fails the build when a page's JavaScript is over the budget or
 * includes React's DOM renderer, the Firestore SDK or reactfire (a visitor who is not signed in needs none).
 *
 *   node scripts/check-size.ts
 */
import { readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { chunkClosure, readManifest } from "./manifest.ts";

/**
 * Two budgets. Before first paint: the page is prerendered HTML and CSS, so no script may block rendering
 * (every script is a deferred module), and the JavaScript needed to paint is 0 KB, within the product's
 * 100 KB. Before interactive: issue 20's 60 KB. The page hydrates nothing for a visitor who is not signed
 * in (its links are links, the partner cards' Get Started remembers its advertiser through one listener),
 * so it names only the islands script, a few KB; the app, which hydrates the page for someone signed in at
 * this browser, loads only for them (docs/public-site.md).
 */
const budgetKb = 60;
/** The most an inline script may hold, in bytes. */
const inlineScriptLimit = 512;
/** Modules the JavaScript a public page names must not hold: the app's renderer and data layer. */
const forbiddenSources = [
  /[\\/]react-dom[\\/]/,
  /[\\/]@firebase[\\/]firestore[\\/]/,
  /[\\/]firebase[\\/]firestore[\\/]/,
  /[\\/]reactfire[\\/]/,
];

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../dist");
const manifest = readManifest(dist);

const gzipCache = new Map<string, number>();
function gzipKb(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;
    gzipCache.set(file, size);
  }
  return size;
}

/** The bundled sources of a chunk, from its source map (the build writes one per chunk). */
function chunkSources(file: string): string[] {
  // Vite's own dynamic-import helper has no sources of ours and no map.
  if (/^assets\/preload-helper-[\w-]+\.js$/.test(file)) return [];
  try {
    return (JSON.parse(readFileSync(path.join(dist, `${file}.map`), "utf8")) as { sources: string[] }).sources;
  } catch {
    throw new Error(`No source map for ${file}: the size check needs build.sourcemap in vite.config.ts`);
  }
}

/** What an HTML page loads: its module script and preloads, and its stylesheets. */
function pageAssets(html: string): { js: string[]; css: string[] } {
  const attribute = (tag: string, name: string) => new RegExp(`${name}="/([^"]+)"`).exec(tag)?.[1];
  const js: string[] = [];
  const css: string[] = [];
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    if (tag.startsWith("<script") && tag.includes('type="module"')) js.push(attribute(tag, "src")!);
    else if (tag.includes('rel="modulepreload"') || /rel="preload" as="script"/.test(tag))
      js.push(attribute(tag, "href")!);
    else if (tag.includes('rel="stylesheet"')) css.push(attribute(tag, "href")!);
  }
  return { js: js.filter(Boolean), css: css.filter(Boolean) };
}

const sum = (files: Iterable<string>) => [...files].reduce((total, file) => total + gzipKb(file), 0);

/** The gzip size of the stylesheets inlined in the page (the prerender inlines them). */
const inlineCssKb = (html: string) =>
  [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].reduce(
    (total, [, css]) => total + gzipSync(css!, { level: 9 }).length / 1024,
    0,
  );

// Loaded only for someone signed in at this browser (the app, then Firebase Auth): reported, not budgeted.
const authKey = Object.keys(manifest).find((key) => /[\\/]firebase[\\/]auth[\\/]/.test(manifest[key]!.src ?? ""));
const signedInKeys = ["index.html", ...(authKey ? [authKey] : [])];

// The pages stating figures are in the bundle function `pages` serves them from (scripts/prerender.ts).
const withFigures = JSON.parse(readFileSync(path.join(dist, "_pages", "pages.json"), "utf8")) as {
  pages: Record<string, string>;
  not_found: string;
};
const pages = [
  ...readdirSync(dist)
    .filter((file) => file.endsWith(".html"))
    .map((file) => ({ file, html: readFileSync(path.join(dist, file), "utf8") })),
  ...Object.entries(withFigures.pages).map(([page, html]) => ({
    file: page === "/" ? "index.html" : `${page.slice(1)}.html`,
    html,
  })),
  { file: "404.html", html: withFigures.not_found },
]
  .sort((a, b) => (a.file < b.file ? -1 : 1))
  // The app shell's pages (app.html, and the signed-in pages' own copies) are not public pages.
  .filter(({ html }) => !html.includes("data-shell"));
const problems: string[] = [];
const rows = pages.map(({ file, html }) => {
  const route = file === "index.html" ? "/" : `/${file.replace(/\.html$/, "")}`;
  const { js, css } = pageAssets(html);
  for (const [tag, code] of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)) {
    // An inline script runs where it stands, without a request: only a few lines (the session hint,
    // src/lib/session-hint.ts) are allowed, so it cannot grow into code the first paint waits for.
    const inline = !/\bsrc=/.test(tag);
    if (inline && code!.length > inlineScriptLimit) {
      problems.push(
        `${route} has an inline script of ${code!.length} bytes: at most ${inlineScriptLimit} may run before paint`,
      );
    } else if (!inline && !/type="module"|\bdefer\b|\basync\b/.test(tag)) {
      problems.push(`${route} has a render-blocking script (${tag}): public pages must paint without JavaScript`);
    }
  }
  const jsKb = sum(js);
  if (jsKb > budgetKb) {
    problems.push(
      `${route} loads ${jsKb.toFixed(1)} KB of JavaScript (gzip) before it is interactive: the budget is ${budgetKb} KB`,
    );
  }
  for (const chunk of js) {
    const forbidden = chunkSources(chunk).find((source) => forbiddenSources.some((pattern) => pattern.test(source)));
    if (forbidden)
      problems.push(
        `${route} loads ${chunk}, which bundles ${forbidden}: public pages hydrate nothing and never load Firestore`,
      );
  }
  const later = [...chunkClosure(manifest, signedInKeys).files].filter((chunk) => !js.includes(chunk));
  return { route, files: js.length, jsKb, cssKb: sum(css) + inlineCssKb(html), signedInKb: sum(later) };
});

if (rows.length === 0) throw new Error("No prerendered pages in dist/: run the prerender first");
const kb = (value: number) => value.toFixed(1).padStart(7);
console.log(
  `\nPublic pages, gzip KB: no JavaScript before first paint (no render-blocking script); ` +
    `budget ${budgetKb} KB of JavaScript before interactive:`,
);
console.log(
  `${"route".padEnd(28)} ${"JS".padStart(7)} ${"files".padStart(5)} ${"CSS".padStart(7)} ${"+ signed in".padStart(11)}`,
);
for (const row of rows) {
  console.log(
    `${row.route.padEnd(28)} ${kb(row.jsKb)} ${String(row.files).padStart(5)} ${kb(row.cssKb)} ${kb(row.signedInKb).padStart(11)}`,
  );
}
if (problems.length > 0) {
  console.error(`\nThe public pages are over their size budget:\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
// The source maps were written for this check alone (vite.config.ts: "hidden", named by no bundle): the
// build publishes none, so Hosting never serves the app's sources.
for (const file of readdirSync(path.join(dist, "assets"))) {
  if (file.endsWith(".map")) rmSync(path.join(dist, "assets", file));
}
