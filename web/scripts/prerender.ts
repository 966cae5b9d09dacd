/**
 * After `vite build`: writes each public page as static HTML (dist/<page>.html, dist/index.html for "/"),
 * except those stating a figure (a rate, the minimum payout), which go with placeholders for function
 * `pages` to fill in with the terms in force (issue 34: dist/_pages/pages.json), as does the home page once
 * more, which that function answers, with status 404, for a path nothing else serves (SPEC.md §2 shows home
 * there), the app shell (the header and the loading state, painted from the
 * HTML, then rendered over in the browser) as each signed-in page's own file (dist/dashboard.html and the
 * like, preloading what that page and Firebase need), and robots.txt and sitemap.xml for the public pages.
 * It fails the build when a route of the app has neither a file of its own nor a rewrite in firebase.json:
 * Hosting would answer it with the 404 page.
 *
 * A public page's HTML names the islands script (src/islands.ts, built on its own by vite.islands.config.ts),
 * not the app: for a visitor who is not signed in the page is complete as it is, and only someone signed in
 * at this browser loads the app, which hydrates it; /signup and /login (marked data-hydrate) load it for
 * everyone, after their form has painted from the HTML. A signed-in page's shell preloads its route chunks and
 * the Firebase SDKs, which the browser would otherwise only discover once the entry chunk has run.
 *
 * A prerendered page paints from its HTML alone: its stylesheets are inlined (about 3 KB of gzip; one round
 * trip sooner than a stylesheet fetched first, which is most of a phone's first paint), and its module
 * script and preloads go at the end of the body, so on a slow link the page's own bytes arrive before the
 * hydration code starts sharing it. Module scripts run after parsing wherever they stand.
 *
 *   node scripts/prerender.ts --mode <vite mode>
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { matchRoutes, type RouteObject } from "react-router-dom";
import { createServer, loadEnv, type ViteDevServer } from "vite";
import { chunkClosure, readManifest, type Manifest } from "./manifest.ts";
import { preloadListTag, type PreloadLink } from "./preload-list.ts";

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = path.join(webDir, "dist");
const { values } = parseArgs({ options: { mode: { type: "string", default: "production" } } });
const mode = values.mode!;

/** What src/app/prerender.tsx exports (loaded through Vite, so typed here by hand). */
interface PrerenderModule {
  prerenderedPaths: string[];
  hydratedPaths: string[];
  shellPaths: string[];
  unknownPath: string;
  renderPage(path: string): Promise<{ html: string; title: string; head: string }>;
  renderShell(): Promise<string>;
  hasFigurePlaceholders(html: string): boolean;
  termsAttribute: string;
  termsPlaceholder: string;
}

/**
 * Where the pages that state figures go (issue 34): one file Hosting serves, which function `pages` reads
 * (functions/src/pages/public-pages.ts: its PagesBundle). Not as dist/<page>.html: Hosting would serve that
 * file itself, before any rewrite, with the figures of the build.
 */
const pagesBundleFile = path.join(dist, "_pages", "pages.json");

/** The function firebase.json must rewrite every path nothing else serves to, as the last rewrite. */
const pagesFunction = "pages";

/**
 * The manifest keys of the route chunks the browser loads before hydrating `page`: the lazy routes it
 * matches, found by the components they resolve to among the modules Vite has loaded for the prerender.
 */
async function routeChunks(vite: ViteDevServer, manifest: Manifest, routes: RouteObject[], page: string) {
  const components = new Set<unknown>();
  for (const { route } of matchRoutes(routes, page) ?? []) {
    if (typeof route.lazy === "function") components.add((await route.lazy()).Component);
  }
  return Object.keys(manifest).filter((key) => {
    const { src, isDynamicEntry } = manifest[key]!;
    if (!isDynamicEntry || !src) return false;
    const modules = vite.moduleGraph.getModulesByFile(path.join(webDir, src)) ?? [];
    return [...modules].some((module) => Object.values(module.ssrModule ?? {}).some((value) => components.has(value)));
  });
}

/** A tag for each of `files` that `template` does not already name. */
const tagsFor = (template: string, files: Iterable<string>, tag: (file: string) => string): string[] =>
  [...files].filter((file) => !template.includes(`/${file}"`)).map(tag);

/**
 * The tags a signed-in page's shell needs beyond what the template already loads: its chunks and its
 * stylesheets preloaded without being used yet (rel=preload). On a repeat visit, with every chunk in the
 * HTTP cache, a modulepreload would parse some 300 KB of script before the first paint.
 *
 * Every stylesheet of the page's chunks is preloaded, those inlined in the shell too: Vite's loader applies
 * a chunk's stylesheets with it, waiting for each before the page renders, and skips only those a <link>
 * already names, not those inlined. Preloaded, they come with the scripts instead of a round trip after
 * them: in one run on the phone profile, the shell's own two were asked for at 1.7 s, once the app ran, and
 * came 240 ms later; preloaded, they were in by 0.5 s.
 */
const shellAssetTags = (manifest: Manifest, template: string, chunks: string[]) => {
  const { files, css } = chunkClosure(manifest, chunks);
  return [
    ...[...css].map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
    ...tagsFor(template, files, (file) => `<link rel="preload" as="script" crossorigin href="/${file}">`),
  ];
};

/** The stylesheets of a public page's route chunks that the template does not already load. */
const pageStylesheetTags = (manifest: Manifest, template: string, chunks: string[]) =>
  tagsFor(
    template,
    chunkClosure(manifest, chunks).css,
    (file) => `<link rel="stylesheet" crossorigin href="/${file}">`,
  );

/**
 * The template with the islands script (src/islands.ts, its own build) in place of the app's entry, naming
 * the entry in its data-app attribute. For the public pages (`shell` false) the app's preloads go: a visitor
 * who is not signed in runs no React on them, and the islands script loads the app only for someone signed
 * in at this browser. The app shell's pages always get the app, after their HTML has painted, and keep its
 * modules preloaded without parsing (rel=preload): on a repeat visit, with every script in the HTTP cache,
 * the browser would otherwise parse and run some 300 KB of it before painting the shell. The app's
 * stylesheet stays in both.
 */
function islandsTemplate(
  manifest: Manifest,
  islandsManifest: Manifest,
  template: string,
  { shell }: { shell: boolean },
): string {
  const app = manifest["index.html"];
  const islands = islandsManifest["src/islands.ts"];
  if (!app?.isEntry || !islands?.isEntry) throw new Error("The build manifests have no app or islands entry");
  if (islands.imports?.length) throw new Error("The islands script must be one file, importing no chunk");
  const appScript = `<script type="module" crossorigin src="/${app.file}"></script>`;
  if (!template.includes(appScript)) throw new Error(`dist/index.html does not load ${app.file}`);
  const islandsScript = `<script type="module" crossorigin src="/${islands.file}" data-app="/${app.file}"></script>`;
  return shell
    ? template
        .replace(/<link rel="modulepreload" crossorigin href=/g, '<link rel="preload" as="script" crossorigin href=')
        .replace(appScript, `<link rel="preload" as="script" crossorigin href="/${app.file}">\n    ${islandsScript}`)
    : template.replace(/\s*<link rel="modulepreload"[^>]*>/g, "").replace(appScript, islandsScript);
}

/**
 * The Firebase SDKs a signed-in page loads as soon as it runs (src/lib/firebase.ts imports them
 * dynamically, so the browser would otherwise find them only after the page's own chunks had run).
 */
function firebaseSdkChunks(manifest: Manifest): string[] {
  const keys = Object.keys(manifest).filter(
    (key) => manifest[key]!.isDynamicEntry && /[\\/]firebase[\\/](auth|firestore)[\\/]/.test(key),
  );
  if (keys.length !== 2)
    throw new Error(`Expected the Auth and Firestore SDK chunks in the manifest, found ${keys.length}`);
  return keys;
}

/**
 * Route chunks and what they import dynamically at once, one level down: a light route module loads its page
 * behind it (src/features/dashboard/dashboard-route.tsx) and the signed-in area loads reactfire with the SDKs,
 * so the app's first render waits for neither; a first visit still fetches them with the rest.
 */
const withTheirDynamicImports = (manifest: Manifest, chunks: string[]): string[] => [
  ...new Set([...chunks, ...chunks.flatMap((key) => manifest[key]!.dynamicImports ?? [])]),
];

/**
 * The files a shell's route chunks load at once (the scripts and stylesheets the app's entry does not
 * already), as attributes of its root: src/islands.ts asks for them as it starts the app, so on a repeat
 * visit they are compiled and applied while the entry runs, instead of after it (the dashboard's pending
 * view, its last-seen figures, waited some 340 ms for them on the phone profile).
 */
function routeFilesAttributes(manifest: Manifest, template: string, routeChunkKeys: string[]): string {
  const { files, css } = chunkClosure(manifest, routeChunkKeys);
  const entry = chunkClosure(manifest, ["index.html"]);
  const list = (names: Iterable<string>, skip: Set<string>) =>
    [...names]
      .filter((file) => !skip.has(file) && !template.includes(`/${file}"`))
      .map((file) => `/${file}`)
      .join(" ");
  return `data-route-scripts="${list(files, entry.files)}" data-route-styles="${list(css, entry.css)}"`;
}

/** `document` with `tags` added at the end of its head. */
const withHeadTags = (document: string, tags: string[]) =>
  document.replace("</head>", `  ${tags.join("\n    ")}\n  </head>`);

/** `document` with its module script and script preloads moved from the head to the end of the body. */
function scriptsLast(document: string): string {
  const tag = /<script type="module"[^>]*><\/script>|<link rel="(?:modulepreload|preload" as="script)"[^>]*>/g;
  const [head, body] = document.split("</head>") as [string, string];
  const scripts = head.match(tag) ?? [];
  if (scripts.length === 0 || !body.includes("</body>")) throw new Error("found no module script to move");
  const rest = head.replace(tag, "").replace(/\n\s*\n/g, "\n");
  return `${rest}</head>${body.replace("</body>", `  ${scripts.join("\n    ")}\n  </body>`)}`;
}

/**
 * `document` with its preload tags turned into the list a script of web/index.html preloads from, unless
 * this browser has already run this build of the app (src/lib/app-build.ts: its files are then in the HTTP
 * cache, and preloading them only holds up the first paint). The list is a meta tag just before the script,
 * in the head, so a first visit asks for the files as early as the tags had them asked for.
 */
function preloadsUnlessRun(document: string, build: string): string {
  const tag = /<link rel="preload" as="(script|style)" crossorigin href="([^"]+)">\s*/g;
  const links = [...document.matchAll(tag)].map(([, as, href]): PreloadLink => ({
    rel: "preload",
    as: as as PreloadLink["as"],
    crossOrigin: "",
    href: href!,
  }));
  if (links.length === 0) throw new Error("the app shell has nothing to preload");
  const script = "<!-- A signed-in page's preloads";
  if (!document.includes(script)) throw new Error("web/index.html has no preload script");
  return document.replace(tag, "").replace(script, `${preloadListTag({ build, links })}\n    ${script}`);
}

/** `document` with each of its stylesheet links replaced by the stylesheet itself. */
function inlineStylesheets(document: string): string {
  return document.replace(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g, (_, file: string) => {
    const css = readFileSync(path.join(dist, file), "utf8");
    if (/<\/style/i.test(css)) throw new Error(`${file} contains "</style": it cannot be inlined`);
    return `<style>${css.trim()}</style>`;
  });
}

/**
 * Fails the build unless firebase.json's Content-Security-Policy allows each inline script of the template
 * by its hash (the session hint, src/lib/session-hint.ts): a script the policy blocks would fail silently
 * in the browser, with only a console message.
 */
function checkInlineScriptsAllowed(template: string): void {
  const firebaseJson = readFileSync(path.join(webDir, "..", "firebase.json"), "utf8");
  const policy = /"Content-Security-Policy",\s*"value": "([^"]*)"/.exec(firebaseJson)?.[1];
  const scriptSrc = policy?.split(";").find((directive) => directive.trim().startsWith("script-src"));
  if (!scriptSrc) throw new Error("firebase.json sets no Content-Security-Policy with a script-src");
  for (const [, code] of template.matchAll(/<script>([\s\S]*?)<\/script>/g)) {
    const hash = `'sha256-${createHash("sha256").update(code!).digest("base64")}'`;
    if (!scriptSrc.includes(hash)) {
      throw new Error(`firebase.json's script-src does not allow web/index.html's inline script: add ${hash}`);
    }
  }
}

/** Every path the route table names, in full ("/advertiser/payouts"); the catch-all aside. */
function routePaths(routes: RouteObject[], parent = ""): string[] {
  return routes.flatMap((route) => {
    if (route.path === "*") return [];
    const own = route.path
      ? route.path.startsWith("/")
        ? route.path
        : `${parent.replace(/\/$/, "")}/${route.path}`
      : parent;
    return [...(own ? [own] : []), ...routePaths(route.children ?? [], own)];
  });
}

/** A firebase.json glob ("/advertiser/**") as a regular expression: ** any characters, * any but "/". */
function globPattern(glob: string): RegExp {
  const escape = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, "\\$&");
  const body = glob
    .split("**")
    .map((part) => part.split("*").map(escape).join("[^/]*"))
    .join(".*");
  return new RegExp(`^${body}$`);
}

/**
 * Fails the build unless Hosting serves every route of the app with the app: from the route's own file
 * (cleanUrls), through a rewrite to a page of the app, or from function `pages` (a page stating figures).
 * The only catch-all rewrite is to that function, which answers every other path with 404, so a route added
 * to routes.tsx without any of these would answer 404.
 */
function checkEveryRouteServed(routes: RouteObject[], pagesServed: Set<string>): void {
  const { hosting } = JSON.parse(readFileSync(path.join(webDir, "..", "firebase.json"), "utf8")) as {
    hosting: {
      rewrites?: { source: string; destination?: string; function?: { functionId?: string } }[];
      headers?: { regex?: string; headers: { key: string; value: string }[] }[];
    };
  };
  // Function pages asks the CDN to keep these pages (its pageCacheControl); Hosting's header rules apply to
  // its answers too, so firebase.json must name each of them in a rule saying so, after the one for "**".
  const cached = (hosting.headers ?? []).filter(({ headers }) =>
    headers.some(({ key, value }) => key === "Cache-Control" && value.includes("s-maxage")),
  );
  const uncached = [...pagesServed].filter(
    (page) => !cached.some(({ regex }) => regex && new RegExp(regex).test(page)),
  );
  if (uncached.length > 0) {
    throw new Error(
      `firebase.json has no header rule letting the CDN keep ${uncached.join(", ")} (a "regex" rule with s-maxage)`,
    );
  }
  const last = hosting.rewrites?.at(-1);
  if (last?.source !== "**" || last.function?.functionId !== pagesFunction) {
    throw new Error(
      `firebase.json's last rewrite must send "**" to function ${pagesFunction} (the pages stating figures)`,
    );
  }
  const rewrites = (hosting.rewrites ?? []).filter((rewrite) => rewrite.destination);
  const unserved = [...new Set(routePaths(routes))].filter((route) => {
    // A parameter (":id") stands for any one segment.
    const sample = route.replace(/:[^/]+/g, "x");
    if (pagesServed.has(sample)) return false;
    const file = sample === "/" ? "index.html" : `${sample.slice(1)}.html`;
    if (existsSync(path.join(dist, file))) return false;
    const rewrite = rewrites.find(({ source }) => globPattern(source).test(sample));
    return !rewrite || !existsSync(path.join(dist, rewrite.destination!.replace(/^\//, "")));
  });
  if (unserved.length > 0) {
    throw new Error(
      `Hosting would answer ${unserved.join(", ")} with the 404 page: add a rewrite to firebase.json (as /advertiser/** has) or prerender the page`,
    );
  }
}

const vite = await createServer({
  root: webDir,
  mode,
  logLevel: "error",
  appType: "custom",
  server: { middlewareMode: true, hmr: false, ws: false },
});
try {
  const {
    renderPage,
    renderShell,
    prerenderedPaths,
    hydratedPaths,
    shellPaths,
    unknownPath,
    hasFigurePlaceholders,
    termsAttribute,
    termsPlaceholder,
  } = (await vite.ssrLoadModule("/src/app/prerender.tsx")) as PrerenderModule;
  const { routes } = (await vite.ssrLoadModule("/src/app/routes.tsx")) as { routes: RouteObject[] };
  const manifest = readManifest(dist);
  const islandsManifest = readManifest(dist, "islands-manifest.json");
  const template = readFileSync(path.join(dist, "index.html"), "utf8");
  if (!template.includes('<div id="root"></div>') || !/<title>.*<\/title>/.test(template)) {
    throw new Error("dist/index.html has no empty #root or no <title>: was it built from web/index.html?");
  }
  checkInlineScriptsAllowed(template);
  /** The route chunks `page` loads before it renders (at least one, or the manifest is not this build's). */
  const pageChunks = async (page: string) => {
    const chunks = await routeChunks(vite, manifest, routes, page);
    if (chunks.length === 0) throw new Error(`${page}: found no route chunk in the build manifest`);
    return chunks;
  };
  // The signed-in pages get the app shell, marked so the browser renders over it rather than hydrating it
  // (src/main.tsx): it paints with the page's first bytes.
  const shellTemplate = islandsTemplate(manifest, islandsManifest, template, { shell: true }).replace(
    '<div id="root"></div>',
    `<div id="root" data-shell>${await renderShell()}</div>`,
  );
  const build = `/${manifest["index.html"]!.file}`;
  // Each gets the shell as its own file (Hosting serves /dashboard from dashboard.html),
  // preloading their route's chunks and the Firebase SDKs: on a browser's first visit (to this build) it
  // fetches all of it at once instead of one round trip per level of imports.
  const sdks = firebaseSdkChunks(manifest);
  for (const page of shellPaths) {
    const routeChunkKeys = await pageChunks(page);
    const chunks = withTheirDynamicImports(manifest, routeChunkKeys);
    const assets = shellAssetTags(manifest, template, [...chunks, ...sdks]);
    const withRouteFiles = shellTemplate.replace(
      '<div id="root" data-shell>',
      `<div id="root" data-shell ${routeFilesAttributes(manifest, template, routeChunkKeys)}>`,
    );
    const document = preloadsUnlessRun(scriptsLast(inlineStylesheets(withHeadTags(withRouteFiles, assets))), build);
    const file = `${page.slice(1)}.html`;
    writeFileSync(path.join(dist, file), document);
    console.log(`app shell for ${page} → dist/${file} (${(document.length / 1024).toFixed(1)} KB)`);
  }

  const siteUrl = loadEnv(mode, webDir, "VITE_").VITE_SITE_URL!.replace(/\/+$/, "");
  const indexable: string[] = [];
  const noindex = new Set<string>();
  const pageTemplate = islandsTemplate(manifest, islandsManifest, template, { shell: false });
  /** The pages stating figures, by path, for function `pages` (pagesBundleFile). */
  const pagesWithFigures = new Map<string, string>();
  /**
   * Writes the page `page` renders as dist/`file`, or, when it states a figure, keeps it for the bundle of
   * such pages with its root naming the terms it states; answers its canonical address.
   */
  const prerender = async (page: string, file: string) => {
    const { html, title, head } = await renderPage(page);
    const stylesheets = pageStylesheetTags(manifest, template, await pageChunks(page));
    const document = scriptsLast(
      inlineStylesheets(
        withHeadTags(pageTemplate, stylesheets)
          .replace(/<title>.*<\/title>/, `<title>${title}</title>\n    ${head}`)
          // A page with a form (/signup, /login) loads the app for every visitor (src/islands.ts).
          .replace(
            '<div id="root"></div>',
            `<div id="root"${hydratedPaths.includes(page) ? " data-hydrate" : ""}>${html}</div>`,
          ),
      ),
    );
    if (!document.includes("<style>")) throw new Error(`${page}: its stylesheet was not inlined`);
    if (hasFigurePlaceholders(document)) {
      const withTerms = document.replace('<div id="root"', `<div id="root" ${termsAttribute}="${termsPlaceholder}"`);
      pagesWithFigures.set(page, withTerms);
      rmSync(path.join(dist, file), { force: true });
      console.log(
        `prerendered ${page} → ${path.relative(dist, pagesBundleFile)}, with its figures filled in by function ${pagesFunction} (${(withTerms.length / 1024).toFixed(1)} KB)`,
      );
    } else {
      writeFileSync(path.join(dist, file), document);
      console.log(`prerendered ${page} → dist/${file} (${(document.length / 1024).toFixed(1)} KB)`);
    }
    if (head.includes('content="noindex')) noindex.add(page);
    return /<link rel="canonical" href="([^"]*)"/.exec(head)?.[1];
  };
  for (const page of prerenderedPaths) {
    const canonical = await prerender(page, page === "/" ? "index.html" : `${page.slice(1)}.html`);
    // A page whose canonical link names another address (/termsofservice shows /terms) stays out of the
    // sitemap, which lists canonical addresses only; so does a page that asks not to be indexed (/login).
    if (canonical === `${siteUrl}${page}` && !noindex.has(page)) indexable.push(page);
  }
  // The home page, as the router renders it at an unknown path, for Hosting's 404 answer.
  await prerender(unknownPath, "404.html");
  const notFound = pagesWithFigures.get(unknownPath);
  if (!notFound) throw new Error("The home page at an unknown path states no figure: function pages needs it");
  pagesWithFigures.delete(unknownPath);
  mkdirSync(path.dirname(pagesBundleFile), { recursive: true });
  writeFileSync(pagesBundleFile, JSON.stringify({ pages: Object.fromEntries(pagesWithFigures), not_found: notFound }));
  checkEveryRouteServed(routes, new Set(pagesWithFigures.keys()));

  writeFileSync(
    path.join(dist, "robots.txt"),
    `User-agent: *\nAllow: /\nDisallow: /dashboard\nDisallow: /advertiser\nSitemap: ${siteUrl}/sitemap.xml\n`,
  );
  const urls = indexable.map((page) => `  <url><loc>${siteUrl}${page}</loc></url>`).join("\n");
  writeFileSync(
    path.join(dist, "sitemap.xml"),
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
  );
} finally {
  await vite.close();
}
