/**
 * The benchmarks' runner, started by scripts/bench.ts inside `firebase emulators:exec` (auth, Firestore,
 * Functions and Hosting emulators, project demo-affiliate, no demo data imported: the bench seeds its own).
 * Runs each selected benchmark, keeps going when one fails, and writes every section to a JSON file.
 *
 *   node scripts/bench/run.ts --out <file> [--only summary,events,...]
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { launchBrowser } from "../lib/browser.ts";
import { SetupError } from "../lib/emulator-env.ts";
import { parseOptions } from "../lib/options.ts";
import { main } from "../lib/process.ts";
import { demoProjectId, rootDir, siteUrl, emulators } from "../lib/project.ts";
import { benchClicks } from "./clicks.ts";
import { benchDashboard } from "./dashboard.ts";
import { benchEvents } from "./events.ts";
import { benchInvoice } from "./invoice.ts";
import type { BenchContext } from "./lib/context.ts";
import { FirestoreOpCounter } from "./lib/firestore-ops.ts";
import { loadFunctions } from "./lib/functions.ts";
import type { BenchResults, Machine, Section } from "./lib/results.ts";
import { seedAdvertisers } from "./lib/seed.ts";
import { benchModuleLoad } from "./module-load.ts";
import { benchmarkNames, selectBenchmarks, type BenchmarkName } from "./names.ts";
import { benchSummary } from "./summary.ts";
import { benchWeb } from "./web.ts";

const benchmarks: Record<BenchmarkName, (ctx: BenchContext) => Promise<Section>> = {
  "module-load": benchModuleLoad,
  invoice: benchInvoice,
  summary: benchSummary,
  events: benchEvents,
  clicks: benchClicks,
  dashboard: benchDashboard,
  web: benchWeb,
};

/** The whole run may take this long; past it the runner stops and says so. */
const runLimitMs = 30 * 60_000;

const usage = "node scripts/bench/run.ts --out <file> [--only summary,events]";

await main(async () => {
  const options = parseOptions({ out: { type: "string" }, only: { type: "string", default: "" } }, usage);
  if (!options.out) throw new SetupError(`Say where the results go: ${usage}`);
  const selected = selectBenchmarks(options.only);
  if (!process.env.FIRESTORE_EMULATOR_HOST) {
    throw new SetupError("The benchmarks run in the emulators: use `npm run bench`.");
  }
  process.env.GCLOUD_PROJECT = demoProjectId;
  await runBenchmarks(options.out, selected);
  // Emulator connections (Firestore's gRPC channel) would keep the process alive.
  process.exit(0);
});

async function runBenchmarks(out: string, selected: BenchmarkName[]): Promise<void> {
  const startedAt = new Date();
  const watchdog = setTimeout(() => {
    console.error(`\nThe benchmarks ran past ${runLimitMs / 60_000} minutes; stopping.`);
    process.exit(1);
  }, runLimitMs);
  watchdog.unref();

  const t0 = performance.now();
  const toRemove = new Set<string>();
  let browser: Browser | undefined;
  const ctx: BenchContext = {
    fns: await loadFunctions(),
    ops: new FirestoreOpCounter(),
    site: { host: emulators.hosting.host, port: emulators.hosting.port, url: siteUrl },
    log: (message) => console.log(`  [bench ${((performance.now() - t0) / 1000).toFixed(0).padStart(4)} s] ${message}`),
    cleanup: (file) => toRemove.add(file),
    browser: async () => (browser ??= await launchBrowser()),
    shared: {},
  };

  await seedAdvertisers(ctx.fns);

  const sections: Section[] = [];
  const failures: BenchResults["failures"] = [];
  try {
    for (const name of benchmarkNames.filter((key) => selected.includes(key))) {
      ctx.log(`${name}: starting`);
      try {
        const section = await benchmarks[name](ctx);
        sections.push(section);
        ctx.log(`${name}: done in ${section.elapsedSeconds ?? "?"} s`);
      } catch (error) {
        const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
        console.error(`  [bench] ${name} failed: ${message}`);
        failures.push({ id: name, message: error instanceof Error ? error.message : String(error) });
      }
    }
  } finally {
    for (const file of toRemove) rmSync(file, { force: true });
  }

  const chromium = browser?.version();
  await browser?.close();

  const results: BenchResults = {
    machine: machine(startedAt, chromium),
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    selected,
    sections,
    failures,
  };
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`  [bench] results written to ${path.relative(rootDir, out)}`);
}

function machine(startedAt: Date, chromium: string | undefined): Machine {
  const cpus = os.cpus();
  let osName = `${os.type()} ${os.release()}`;
  try {
    osName = /^PRETTY_NAME="?([^"\n]+)"?/m.exec(readFileSync("/etc/os-release", "utf8"))?.[1] ?? osName;
  } catch {
    // not Linux: os.type() will do
  }
  // `java -version` writes to stderr; the emulators' Java is first on PATH.
  const javaVersion = spawnSync("java", ["-version"], { encoding: "utf8" });
  // The JVM first says which JAVA_TOOL_OPTIONS it picked up (the bench sets the emulator's heap).
  const java =
    `${javaVersion.stderr ?? ""}${javaVersion.stdout ?? ""}`
      .trim()
      .split("\n")
      .find((line) => !line.startsWith("Picked up")) || undefined;
  const firebaseTools = (
    JSON.parse(readFileSync(path.join(rootDir, "node_modules/firebase-tools/package.json"), "utf8")) as {
      version: string;
    }
  ).version;
  return {
    cpu: cpus[0]?.model.trim() ?? "unknown",
    cores: cpus.length,
    ramGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    os: osName,
    kernel: `${os.type()} ${os.release()} (${os.arch()})`,
    node: process.version,
    ...(chromium ? { chromium } : {}),
    ...(java ? { java } : {}),
    firebaseTools,
    date: startedAt.toISOString(),
  };
}
