/**
 * npm run bench: builds the functions and the web app, runs the benchmarks (scripts/bench/) inside one
 * `firebase emulators:exec` with an empty database they seed themselves, and writes docs/benchmarks.md
 * (also printed). Benchmarks, not tests: a missed target never fails; a benchmark that cannot run does.
 *
 *   npm run bench                          everything, rewrites docs/benchmarks.md (about 20 minutes on two cores)
 *   npm run bench -- --only clicks,events  some of them, printed (test-results/bench/), the doc untouched
 *   npm run bench -- --no-build            without building the functions and the web app first
 */
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createInterface } from "node:readline";
import path from "node:path";
import { buildForEmulators } from "./lib/build.ts";
import { ensureChromium } from "./lib/chromium.ts";
import { prepareEmulatorEnv, SetupError } from "./lib/emulator-env.ts";
import { firebaseProjectArgs } from "./lib/firebase-cli.ts";
import { withEmulatorLock } from "./lib/emulator-lock.ts";
import { parseOptions } from "./lib/options.ts";
import { exitOf, localBin, main, startChild, step, StepFailed } from "./lib/process.ts";
import { rootDir } from "./lib/project.ts";
import type { BenchResults } from "./bench/lib/results.ts";
import { browserBenchmarks, selectBenchmarks } from "./bench/names.ts";
import { renderReport } from "./bench/report.ts";

const usage = "npm run bench [-- --only clicks,events] [--no-build]";
const outputDir = path.join(rootDir, "test-results", "bench");
const resultsFile = path.join(outputDir, "results.json");
const emulatorLog = path.join(outputDir, "emulators.log");
const docFile = path.join(rootDir, "docs", "benchmarks.md");

/** The Firestore emulator's heap for the benchmarks, in GB (the machines have 24). */
const benchHeapGb = 14;

await main(async () => {
  const options = parseOptions(
    { only: { type: "string", default: "" }, "no-build": { type: "boolean", default: false } },
    usage,
  );
  const selected = selectBenchmarks(options.only);
  const only = options.only ? selected : [];
  const { env: emulatorEnv } = prepareEmulatorEnv();
  // The summary benchmark holds 100,000 affiliates in the Firestore emulator, which keeps them all in its
  // JVM's heap: the JVM's default (a quarter of the machine's memory) leaves it collecting garbage most of
  // the time. A larger heap, for the benchmarks only, unless one is set already.
  const env = { ...emulatorEnv, JAVA_TOOL_OPTIONS: emulatorEnv.JAVA_TOOL_OPTIONS ?? `-Xmx${benchHeapGb}g` };
  if (selected.some((name) => browserBenchmarks.includes(name))) await ensureChromium();
  await withEmulatorLock(() => run(env, only, options["no-build"]));

  if (!existsSync(resultsFile)) throw new SetupError("The benchmarks wrote no results.");
  const results = JSON.parse(readFileSync(resultsFile, "utf8")) as BenchResults;
  const everything = only.length === 0;
  const target = everything ? docFile : path.join(outputDir, "benchmarks.md");
  writeFileSync(target, renderReport(results));
  await step("Formatting the report", localBin("prettier"), ["--write", "--log-level", "warn", target]);
  console.log(`\n${readFileSync(target, "utf8")}`);
  console.log(`Written to ${path.relative(rootDir, target)}.`);
  if (results.failures.length > 0) {
    console.error(
      `\n✖ ${results.failures.length} benchmark(s) did not run: ${results.failures.map((f) => f.id).join(", ")}.`,
    );
    process.exitCode = 1;
  }
});

async function run(env: NodeJS.ProcessEnv, only: string[], skipBuild: boolean): Promise<void> {
  if (!skipBuild) await buildForEmulators();
  rmSync(resultsFile, { force: true });
  const runner = ["node", "scripts/bench/run.ts", "--out", path.relative(rootDir, resultsFile)];
  if (only.length > 0) runner.push("--only", only.join(","));
  console.log(`\n▶ Running the benchmarks in the emulators (their log: ${path.relative(rootDir, emulatorLog)})`);
  mkdirSync(outputDir, { recursive: true });
  const log = createWriteStream(emulatorLog);
  // The emulators log every request (thousands here): they go to the log file, the bench's own lines and
  // anything alarming to the terminal.
  const child = startChild(
    localBin("firebase"),
    ["emulators:exec", ...firebaseProjectArgs(), "--only", "auth,firestore,functions,hosting", runner.join(" ")],
    { env, stdio: ["ignore", "pipe", "pipe"] },
  );
  for (const stream of [child.stdout!, child.stderr!]) {
    createInterface({ input: stream }).on("line", (line) => {
      log.write(`${line}\n`);
      if (/\[bench|✖|⚠|Error|exited/.test(line)) console.log(line);
    });
  }
  const code = await exitOf(child, "Running the benchmarks");
  await new Promise((resolve) => log.end(resolve));
  if (code !== 0) throw new StepFailed("Running the benchmarks in the emulators", code);
}
