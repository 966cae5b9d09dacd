/**
 * A cold start's module load, each in fresh `node` processes (module-load-worker.ts): a bare `onRequest`
 * function (the floor), `track`'s path (functions/lib/index.js, then the handler it imports lazily) and the
 * PDF path; and what `track`'s path adds to the floor, loaded one after the other (the Firestore client, zod),
 * so a miss names its cause. One more process per path records the module files each step loads.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { rootDir } from "../lib/project.ts";
import type { BenchContext } from "./lib/context.ts";
import { elapsed } from "./lib/context.ts";
import { loadProse } from "./lib/prose.ts";
import type { Section, Table, Target } from "./lib/results.ts";
import { margin, mmm, num, ratio, spread, type Spread } from "./lib/stats.ts";

const runs = 7;
const limit = 1.5;
const prose = loadProse(import.meta.dirname, "module-load.md");

const paths = ["parts", "track", "pdf", "pages"] as const;
type LoadPath = (typeof paths)[number];

/** One process: each step's ms and, when counting, the module files it loaded (file: URLs). */
interface Load {
  ms: number[];
  files: string[][] | null;
}

function load(loadPath: LoadPath, count = false): Load {
  const script = path.join(rootDir, "scripts", "bench", "module-load-worker.ts");
  const output = execFileSync(process.execPath, [script, "--path", loadPath, ...(count ? ["--count"] : [])], {
    cwd: rootDir,
    // As the functions run in production.
    env: { ...process.env, NODE_ENV: "production" },
    encoding: "utf8",
    timeout: 60_000,
  });
  return JSON.parse(output.trim().split("\n").at(-1) ?? "") as Load;
}

export async function benchModuleLoad(ctx: BenchContext): Promise<Section> {
  const started = performance.now();
  ctx.log(`module-load: ${runs} fresh processes for each of ${paths.join(", ")}`);
  const timed: Record<LoadPath, Load[]> = { parts: [], track: [], pdf: [], pages: [] };
  for (let run = 0; run < runs; run++) for (const loadPath of paths) timed[loadPath].push(load(loadPath));
  const counted = Object.fromEntries(paths.map((loadPath) => [loadPath, load(loadPath, true)])) as Record<
    LoadPath,
    Load
  >;
  await Promise.resolve();
  return report(timed, counted, elapsed(started));
}

const isPdf = (url: string) => /[\\/](@react-pdf|fontkit|pdfkit|yoga-layout|@expo-google-fonts)[\\/]/.test(url);

/** "@grpc/grpc-js" for a file in node_modules, "ours" for functions/lib's own. */
function packageOf(url: string): string {
  const match = /.*node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  return match ? match[1]! : "ours";
}

/** The run's figures: each step's time over the runs and its module files, from the counted processes. */
function measure(timed: Record<LoadPath, Load[]>, counted: Record<LoadPath, Load>) {
  const step = (loadPath: LoadPath, index: number) => spread(timed[loadPath].map((run) => run.ms[index]!));
  const total = (loadPath: LoadPath) => spread(timed[loadPath].map((run) => run.ms[0]! + run.ms[1]!));
  const files = (loadPath: LoadPath, steps: number) => counted[loadPath].files!.slice(0, steps).flat();
  const [bareFiles, clientFiles, zodFiles] = counted.parts.files!;
  const partsFiles = new Set(files("parts", 3));
  return {
    bare: { ms: step("parts", 0), files: bareFiles! },
    client: { ms: step("parts", 1), files: clientFiles! },
    zod: { ms: step("parts", 2), files: zodFiles! },
    entry: { ms: spread([...timed.track, ...timed.pdf].map((run) => run.ms[0]!)), files: files("track", 1) },
    track: { ms: total("track"), handlerMs: step("track", 1), files: files("track", 2) },
    pdf: { ms: total("pdf"), rendererMs: step("pdf", 1), files: files("pdf", 2) },
    /** Function `pages` (issue 34): the public pages with the rates in force. */
    pages: { ms: total("pages"), handlerMs: step("pages", 1), files: files("pages", 2) },
    /** What `track`'s path loads that neither the bare function, the client nor zod does: ours, mostly. */
    rest: files("track", 2).filter((url) => !partsFiles.has(url)),
  };
}

type Figures = ReturnType<typeof measure>;

function report(timed: Record<LoadPath, Load[]>, counted: Record<LoadPath, Load>, elapsedSeconds: number): Section {
  const figures = measure(timed, counted);
  const pdfOnly = figures.pdf.files.length - figures.entry.files.length;
  const entryPdf = figures.entry.files.filter(isPdf).length + figures.track.files.filter(isPdf).length;
  return {
    id: "module-load",
    title: "Module load at a cold start",
    method: prose.paragraphs("method", { runs }),
    tables: [pathsTable(figures), addedTable(figures)],
    targets: [trackTarget(figures)],
    notes: [
      entryPdf === 0
        ? prose.text("lazy-import", { modules: pdfOnly, ms: num(figures.pdf.rendererMs.median, 0) })
        : prose.text("lazy-import-broken", { modules: entryPdf }),
    ],
    raw: { timed, files: Object.fromEntries(paths.map((loadPath) => [loadPath, counted[loadPath].files])) },
    elapsedSeconds,
  };
}

function pathsTable({ bare, entry, track, pdf, pages }: Figures): Table {
  const row = (label: string, ms: Spread, files: string[] | null) => [
    label,
    mmm(ms, 0),
    files ? ratio(ms.median, bare.ms.median) : "",
    files ? String(files.length) : "",
    files ? String(files.filter(isPdf).length) : "",
  ];
  return {
    caption: "Module load in a fresh process, ms (median, min–max):",
    head: ["what is loaded", "ms", "vs a bare function", "module files", "of them the PDF stack's"],
    rows: [
      row("a bare `onRequest` function (firebase-functions/https): the floor", bare.ms, bare.files),
      row("functions/lib/index.js, every function's entry", entry.ms, entry.files),
      row("index.js, then http/track.js: `track`'s cold start", track.ms, track.files),
      row("of which http/track.js", track.handlerMs, null),
      row("index.js, then invoices/render.js: the PDF path", pdf.ms, pdf.files),
      row("of which invoices/render.js", pdf.rendererMs, null),
      row("index.js, then http/public-pages.js: `pages`'s cold start", pages.ms, pages.files),
      row("of which http/public-pages.js", pages.handlerMs, null),
    ],
  };
}

function addedTable({ client, zod, track, bare, rest }: Figures): Table {
  return {
    caption: prose.text("added-caption"),
    head: ["what", "ms", "module files"],
    rows: [
      [
        "the Firestore client (firebase-admin/firestore), after a bare function",
        mmm(client.ms, 0),
        String(client.files.length),
      ],
      ["zod, after both", mmm(zod.ms, 0), String(zod.files.length)],
      [
        "the rest of `track`'s path (ours, and what only it imports), by difference",
        num(track.ms.median - bare.ms.median - client.ms.median - zod.ms.median, 0),
        String(rest.length),
      ],
    ],
  };
}

function trackTarget({ bare, client, zod, track, rest }: Figures): Target {
  const trackRatio = track.ms.median / bare.ms.median;
  const budget = (limit - 1) * bare.ms.median;
  const values = {
    extra: track.files.length - bare.files.length,
    clientFiles: client.files.length,
    clientMs: num(client.ms.median, 0),
    zodFiles: zod.files.length,
    zodMs: num(zod.ms.median, 0),
    restFiles: rest.length,
  };
  const byPackage = new Map<string, number>();
  for (const url of client.files) byPackage.set(packageOf(url), (byPackage.get(packageOf(url)) ?? 0) + 1);
  const packages = [...byPackage.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8);
  return {
    promise: "`track`'s module load within 1.5× a bare function's (issue 31)",
    measured:
      `${num(track.ms.median, 0)} ms vs ${num(bare.ms.median, 0)} ms: ×${trackRatio.toFixed(2)} ` +
      `(${track.files.length} vs ${bare.files.length} module files)`,
    met: trackRatio <= limit,
    margin: margin(trackRatio, limit),
    note: [
      prose.text("track-files", values),
      prose.text(client.ms.median > budget ? "client-over-budget" : "client-within-budget", {
        budget: num(budget, 0),
      }),
    ].join(" "),
    analysis: prose.text("track-analysis", {
      packages: packages.map(([name, count]) => `${name} ${count}`).join(", "),
      bareMs: num(bare.ms.median, 0),
      budget: num(budget, 0),
    }),
  };
}
