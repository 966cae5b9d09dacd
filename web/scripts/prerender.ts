/**
 * After `vite build`: writes each public page as static HTML (dist/<page>.html, dist/index.html for "/"),
 * keeps the untouched template as dist/app.html (Hosting's fallback for every other path, rendered in the
 * browser), and writes robots.txt and sitemap.xml for the public pages.
 *
 *   node scripts/prerender.ts --mode <vite mode>
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { createServer, loadEnv } from "vite";

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = path.join(webDir, "dist");
const { values } = parseArgs({ options: { mode: { type: "string", default: "production" } } });
const mode = values.mode!;

/** What src/app/prerender.tsx exports (loaded through Vite, so typed here by hand). */
interface PrerenderModule {
  prerenderedPaths: string[];
  renderPage(path: string): Promise<{ html: string; title: string; head: string }>;
}

const vite = await createServer({
  root: webDir,
  mode,
  logLevel: "error",
  appType: "custom",
  server: { middlewareMode: true, hmr: false, ws: false },
});
try {
  const { renderPage, prerenderedPaths } = (await vite.ssrLoadModule("/src/app/prerender.tsx")) as PrerenderModule;
  const template = readFileSync(path.join(dist, "index.html"), "utf8");
  if (!template.includes('<div id="root"></div>') || !/<title>.*<\/title>/.test(template)) {
    throw new Error("dist/index.html has no empty #root or no <title>: was it built from web/index.html?");
  }
  writeFileSync(path.join(dist, "app.html"), template);

  for (const page of prerenderedPaths) {
    const { html, title, head } = await renderPage(page);
    const document = template
      .replace(/<title>.*<\/title>/, `<title>${title}</title>\n    ${head}`)
      .replace('<div id="root"></div>', `<div id="root">${html}</div>`);
    const file = page === "/" ? "index.html" : `${page.slice(1)}.html`;
    writeFileSync(path.join(dist, file), document);
    console.log(`prerendered ${page} → dist/${file} (${(document.length / 1024).toFixed(1)} KB)`);
  }

  const siteUrl = loadEnv(mode, webDir, "VITE_").VITE_SITE_URL!.replace(/\/+$/, "");
  writeFileSync(
    path.join(dist, "robots.txt"),
    `User-agent: *\nAllow: /\nDisallow: /dashboard\nDisallow: /advertiser\nSitemap: ${siteUrl}/sitemap.xml\n`,
  );
  const urls = prerenderedPaths.map((page) => `  <url><loc>${siteUrl}${page}</loc></url>`).join("\n");
  writeFileSync(
    path.join(dist, "sitemap.xml"),
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
  );
} finally {
  await vite.close();
}
