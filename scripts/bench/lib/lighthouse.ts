/**
 * Lighthouse's own performance score of a page (mobile, its default simulated throttling), when Lighthouse
 * can be loaded: the `lighthouse` package (12.2.3 runs with Debian's Chromium; 13 needs Node 22 to install),
 * from node_modules or from where BENCH_LIGHTHOUSE names it (the folder of an install outside the project,
 * `npm i -E lighthouse@12.2.3` there). It is not one of the project's dependencies: 146 packages for one
 * figure of the bench, which measures the same metrics itself on the same profile.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { chromiumPath } from "../../lib/chromium.ts";

export interface LighthouseRun {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  speedIndex: number;
}

type LighthouseFn = (
  url: string,
  flags: Record<string, unknown>,
) => Promise<{
  lhr: { categories: { performance: { score: number } }; audits: Record<string, { numericValue: number }> };
}>;

interface ChromeLauncher {
  launch(options: { chromePath: string; chromeFlags: string[] }): Promise<{ port: number; kill(): void }>;
}

/** Lighthouse and chrome-launcher (its dependency), or why they cannot be loaded. */
async function load(): Promise<{ lighthouse: LighthouseFn; launcher: ChromeLauncher } | { missing: string }> {
  const folder = process.env.BENCH_LIGHTHOUSE;
  const from = createRequire(folder ? path.join(path.resolve(folder), "package.json") : import.meta.filename);
  try {
    const entry = from.resolve("lighthouse");
    const inLighthouse = createRequire(entry);
    const launcherEntry = inLighthouse.resolve("chrome-launcher");
    const [lighthouse, launcher] = await Promise.all([
      import(pathToFileURL(entry).href) as Promise<{ default: LighthouseFn }>,
      import(pathToFileURL(launcherEntry).href) as Promise<ChromeLauncher>,
    ]);
    return { lighthouse: lighthouse.default, launcher };
  } catch (error) {
    return { missing: (error as Error).message.split("\n")[0]! };
  }
}

/** `runs` Lighthouse runs of each URL, one Chromium each, one at a time; or why Lighthouse could not run. */
export async function lighthouseRuns(
  urls: string[],
  runs: number,
): Promise<{ results: Map<string, LighthouseRun[]> } | { missing: string }> {
  const loaded = await load();
  if ("missing" in loaded) return loaded;
  const results = new Map<string, LighthouseRun[]>();
  for (const url of urls) {
    const list: LighthouseRun[] = [];
    for (let run = 0; run < runs; run++) {
      const chrome = await loaded.launcher.launch({
        chromePath: chromiumPath,
        chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
      });
      try {
        const { lhr } = await loaded.lighthouse(url, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance"],
        });
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        list.push({
          score: Math.round(lhr.categories.performance.score * 100),
          fcp: audit("first-contentful-paint"),
          lcp: audit("largest-contentful-paint"),
          tbt: audit("total-blocking-time"),
          cls: audit("cumulative-layout-shift"),
          speedIndex: audit("speed-index"),
        });
      } finally {
        chrome.kill();
      }
    }
    results.set(url, list);
  }
  return { results };
}
