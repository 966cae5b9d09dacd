/**
 * The invoice PDF: render time over 200 warm renders, memory before and after 500 more, in a fresh process;
 * and the `api` function's module load time with and without the PDF path touched, each in fresh `node`
 * processes, which shows the renderer is imported lazily.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { rootDir } from "../lib/project.ts";
import type { BenchContext } from "./lib/context.ts";
import { elapsed } from "./lib/context.ts";
import { loadProse } from "./lib/prose.ts";
import type { Section, Target } from "./lib/results.ts";
import { margin, median, mb, mmm, num, percentile, ratio, spread } from "./lib/stats.ts";

const warmRenders = 200;
const leakRenders = 500;
const loadRuns = 7;
const here = path.join(rootDir, "scripts", "bench");
const prose = loadProse(here, "invoice.md");

interface Memory {
  heapUsed: number;
  rss: number;
  external: number;
  arrayBuffers: number;
}

interface RenderResult {
  firstMs: number;
  times: number[];
  pdfBytes: number;
  before: Memory;
  after: Memory;
  /** Heap used after every 100 renders of the memory run. */
  curve: number[];
  renders: number;
}

interface LoadResult {
  indexMs: number;
  pdfMs: number | null;
  modulesAfterIndex: number;
  pdfModulesAfterIndex: number;
  modulesInAll: number;
  pdfModulesInAll: number;
}

function node<T>(script: string, args: string[], nodeArgs: string[] = []): T {
  const output = execFileSync(process.execPath, [...nodeArgs, path.join(here, script), ...args], {
    cwd: rootDir,
    // As the functions run in production (React's production build: development mode keeps far more).
    env: { ...process.env, NODE_ENV: "production" },
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    timeout: 10 * 60_000,
  });
  const last = output.trim().split("\n").at(-1) ?? "";
  return JSON.parse(last) as T;
}

export async function benchInvoice(ctx: BenchContext): Promise<Section> {
  const started = performance.now();
  ctx.log(`invoice: module load, ${loadRuns} fresh processes each way`);
  const without: LoadResult[] = [];
  const withPdf: LoadResult[] = [];
  for (let run = 0; run < loadRuns; run++) {
    without.push(node<LoadResult>("module-load.ts", []));
    withPdf.push(node<LoadResult>("module-load.ts", ["--pdf"]));
  }
  const counted = node<LoadResult>("module-load.ts", ["--pdf", "--count"]);

  ctx.log(`invoice: ${warmRenders} warm renders, then ${leakRenders} for memory`);
  const render = node<RenderResult>(
    "invoice-worker.ts",
    ["--warm", String(warmRenders), "--leak", String(leakRenders)],
    ["--expose-gc"],
  );
  await Promise.resolve();
  return report(without, withPdf, counted, render, elapsed(started));
}

/** Growth per 100 renders, from the curve: "+5.4, +5.4, +5.3 MB". */
function steps(render: RenderResult): number[] {
  const points = [render.before.heapUsed, ...render.curve];
  return points.slice(1).map((value, index) => value - points[index]!);
}

function memoryNote(render: RenderResult): string {
  const heapGrowth = render.after.heapUsed - render.before.heapUsed;
  const perRender = heapGrowth / render.renders;
  const growth = steps(render);
  if (heapGrowth < 20 * 1024 * 1024) {
    return [
      prose.text("memory-judged"),
      prose.text("memory-flat", { steps: growth.map((step) => mb(step, 1)).join(", ") }),
    ].join(" ");
  }
  const steady = growth.length > 1 && Math.min(...growth) > 0.5 * Math.max(...growth);
  return [
    prose.text("memory-judged"),
    prose.text("memory-leak", {
      perInvoice: num(perRender / 1024, 0),
      steps: growth.map((step) => `+${mb(step, 1)}`).join(", "),
      shape: prose.text(steady ? "leak-steady" : "leak-growing"),
      invoices: num((100 * 1024 * 1024) / perRender, 0),
    }),
  ].join(" ");
}

function report(
  without: LoadResult[],
  withPdf: LoadResult[],
  counted: LoadResult,
  render: RenderResult,
  elapsedSeconds: number,
): Section {
  const p50 = median(render.times);
  const p95 = percentile(render.times, 95);
  const heapGrowth = render.after.heapUsed - render.before.heapUsed;
  const rssGrowth = render.after.rss - render.before.rss;
  const indexOnly = spread(without.map((run) => run.indexMs));
  const indexThenPdf = spread(withPdf.map((run) => run.indexMs + (run.pdfMs ?? 0)));
  const pdfPart = spread(withPdf.map((run) => run.pdfMs ?? 0));
  const targets: Target[] = [
    {
      promise: "Invoice: p95 under 500 ms warm",
      measured: `p95 ${num(p95)} ms (median ${num(p50)} ms) over ${render.times.length} warm renders`,
      met: p95 < 500,
      margin: margin(p95, 500),
      note: prose.text("first-render", { firstMs: num(render.firstMs, 0) }),
    },
    {
      promise: "Invoice: memory growth under 20 MB over 500 renders",
      measured: `heap ${heapGrowth >= 0 ? "+" : ""}${mb(heapGrowth, 2)}, resident ${rssGrowth >= 0 ? "+" : ""}${mb(rssGrowth, 1)} after ${render.renders} renders`,
      met: heapGrowth < 20 * 1024 * 1024,
      margin: margin(heapGrowth, 20 * 1024 * 1024),
      note: memoryNote(render),
    },
  ];
  return {
    id: "invoice",
    title: "Invoice PDF",
    method: prose.paragraphs("method", { warmRenders, leakRenders, loadRuns }),
    tables: [
      {
        head: ["render", "ms"],
        rows: [
          ["first, in a fresh process", num(render.firstMs, 0)],
          ["warm, median", num(p50)],
          ["warm, p95", num(p95)],
          ["warm, min – max", `${num(Math.min(...render.times))} – ${num(Math.max(...render.times))}`],
        ],
      },
      {
        caption: `Memory after a full GC, before and after ${render.renders} renders (PDF of ${num(render.pdfBytes / 1024)} KB each):`,
        head: ["", "heap used", "resident (rss)", "external"],
        rows: [
          ["before", mb(render.before.heapUsed), mb(render.before.rss), mb(render.before.external)],
          ...render.curve.slice(0, -1).map((heap, index) => [`after ${(index + 1) * 100}`, mb(heap), "", ""]),
          [`after ${render.renders}`, mb(render.after.heapUsed), mb(render.after.rss), mb(render.after.external)],
          ["growth", mb(heapGrowth, 2), mb(rssGrowth), mb(render.after.external - render.before.external, 2)],
        ],
      },
      {
        caption: "Module load in a fresh process, ms (median, min–max):",
        head: ["what is imported", "ms", "vs entry alone", "module files", "of them the PDF stack's"],
        rows: [
          [
            "functions/lib/index.js (a cold start)",
            mmm(indexOnly, 0),
            "×1.00",
            String(counted.modulesAfterIndex),
            String(counted.pdfModulesAfterIndex),
          ],
          [
            "index.js, then invoices/render.js",
            mmm(indexThenPdf, 0),
            ratio(indexThenPdf.median, indexOnly.median),
            String(counted.modulesInAll),
            String(counted.pdfModulesInAll),
          ],
          ["of which render.js alone", mmm(pdfPart, 0), "", "", ""],
        ],
      },
    ],
    targets,
    notes: [
      counted.pdfModulesAfterIndex === 0
        ? prose.text("lazy-import", {
            modules: counted.modulesInAll - counted.modulesAfterIndex,
            ms: num(pdfPart.median, 0),
          })
        : prose.text("lazy-import-broken", { modules: counted.pdfModulesAfterIndex }),
    ],
    raw: { without, withPdf, counted, render: { ...render, times: render.times.map((t) => Math.round(t * 10) / 10) } },
    elapsedSeconds,
  };
}
