/**
 * The invoice PDF: render time over 200 warm renders, and memory before and after 500 more, in a fresh
 * process (invoice-worker.ts). Whether other endpoints load the renderer is the module-load benchmark's.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { rootDir } from "../lib/project.ts";
import type { BenchContext } from "./lib/context.ts";
import { elapsed } from "./lib/context.ts";
import { loadProse } from "./lib/prose.ts";
import type { Section, Table, Target } from "./lib/results.ts";
import { margin, mb, median, num, percentile } from "./lib/stats.ts";

const warmRenders = 200;
const leakRenders = 500;
const prose = loadProse(import.meta.dirname, "invoice.md");

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

export async function benchInvoice(ctx: BenchContext): Promise<Section> {
  const started = performance.now();
  ctx.log(`invoice: ${warmRenders} warm renders, then ${leakRenders} for memory`);
  const script = path.join(rootDir, "scripts", "bench", "invoice-worker.ts");
  const args = ["--expose-gc", script, "--warm", String(warmRenders), "--leak", String(leakRenders)];
  const output = execFileSync(process.execPath, args, {
    cwd: rootDir,
    // As the functions run in production (React's production build: development mode keeps far more).
    env: { ...process.env, NODE_ENV: "production" },
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    timeout: 10 * 60_000,
  });
  await Promise.resolve();
  const render = JSON.parse(output.trim().split("\n").at(-1) ?? "") as RenderResult;
  return report(render, elapsed(started));
}

/** The run's figures: the warm renders' times, and the memory's growth over the leak run. */
function measure(render: RenderResult) {
  const points = [render.before.heapUsed, ...render.curve];
  const heapGrowth = render.after.heapUsed - render.before.heapUsed;
  const steps = points.slice(1).map((value, index) => value - points[index]!);
  return {
    p50: median(render.times),
    p95: percentile(render.times, 95),
    heapGrowth,
    rssGrowth: render.after.rss - render.before.rss,
    perRender: heapGrowth / render.renders,
    /** Growth per 100 renders, from the curve. */
    steps,
    steady: steps.length > 1 && Math.min(...steps) > 0.5 * Math.max(...steps),
  };
}

type Figures = ReturnType<typeof measure>;

function report(render: RenderResult, elapsedSeconds: number): Section {
  const figures = measure(render);
  return {
    id: "invoice",
    title: "Invoice PDF",
    method: prose.paragraphs("method", { warmRenders, leakRenders }),
    tables: tables(render, figures),
    targets: targets(render, figures),
    notes: [],
    raw: { render: { ...render, times: render.times.map((t) => Math.round(t * 10) / 10) } },
    elapsedSeconds,
  };
}

function tables(render: RenderResult, { p50, p95, heapGrowth, rssGrowth }: Figures): Table[] {
  return [
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
  ];
}

function targets(render: RenderResult, figures: Figures): Target[] {
  const { p50, p95, heapGrowth, rssGrowth } = figures;
  const sign = (bytes: number) => (bytes >= 0 ? "+" : "");
  return [
    {
      promise: "Invoice: p95 under 500 ms warm",
      measured: `p95 ${num(p95)} ms (median ${num(p50)} ms) over ${render.times.length} warm renders`,
      met: p95 < 500,
      margin: margin(p95, 500),
      note: prose.text("first-render", { firstMs: num(render.firstMs, 0) }),
    },
    {
      promise: "Invoice: memory growth under 20 MB over 500 renders",
      measured: `heap ${sign(heapGrowth)}${mb(heapGrowth, 2)}, resident ${sign(rssGrowth)}${mb(rssGrowth, 1)} after ${render.renders} renders`,
      met: heapGrowth < 20 * 1024 * 1024,
      margin: margin(heapGrowth, 20 * 1024 * 1024),
      ...memoryNote(figures),
    },
  ];
}

function memoryNote({ heapGrowth, perRender, steps, steady }: Figures): Pick<Target, "note" | "analysis"> {
  if (heapGrowth < 20 * 1024 * 1024) {
    return {
      note: prose.text("memory-flat", { steps: steps.map((step) => mb(step, 1)).join(", ") }),
      analysis: prose.text("memory-flat-analysis"),
    };
  }
  return {
    note: prose.text("memory-leak", {
      perInvoice: num(perRender / 1024, 0),
      steps: steps.map((step) => `+${mb(step, 1)}`).join(", "),
      shape: prose.text(steady ? "leak-steady" : "leak-growing"),
    }),
    analysis: prose.text("memory-leak-analysis", { invoices: num((100 * 1024 * 1024) / perRender, 0) }),
  };
}
