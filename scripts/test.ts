/**
 * npm test: every test layer (unit, rules, api, e2e) in one vitest run inside one `firebase emulators:exec`,
 * and beside it, on the cores the tests leave idle, the type-check, lint (zero warnings) and format check.
 *
 *   npm test                        everything
 *   npm run test:<layer>            one layer (unit, rules, api or e2e), skipping the static checks
 *   npm run test:api -- -t payout   other arguments go to vitest
 *   npm run test:changed            the tests of what changed since the last commit (vitest --changed),
 *                                   every layer, without the static checks or the export check
 */
import { buildForEmulators } from "./lib/build.ts";
import { ensureChromium } from "./lib/chromium.ts";
import { prepareEmulatorEnv, SetupError } from "./lib/emulator-env.ts";
import { emulatorDataDir, firebaseProjectArgs } from "./lib/firebase-cli.ts";
import { withEmulatorLock } from "./lib/emulator-lock.ts";
import { rmSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { localBin, main, step, stepsSideBySide } from "./lib/process.ts";
import { rootDir } from "./lib/project.ts";

const layers = ["unit", "rules", "api", "e2e"] as const;
type Layer = (typeof layers)[number];

// --layer <name> (repeatable) is ours; every other argument goes to vitest as it is.
const args = process.argv.slice(2);
const { values, tokens } = parseArgs({
  args,
  options: { layer: { type: "string", multiple: true } },
  strict: false,
  allowPositionals: true,
  tokens: true,
});
const requested = (values.layer ?? []).map(String);
const layerArgs = new Set(
  tokens.flatMap((token) =>
    token.kind === "option" && token.name === "layer"
      ? token.inlineValue
        ? [token.index]
        : [token.index, token.index + 1]
      : [],
  ),
);
const vitestArgs = args.filter((_, index) => !layerArgs.has(index));
const selected = (requested.length > 0 ? requested : [...layers]) as Layer[];
/** The whole run: the static checks, every test, and the export's re-import at the end. */
const everything = requested.length === 0 && vitestArgs.length === 0;

const staticChecks = [
  { title: "Type-checking", command: "npm", args: ["run", "--silent", "typecheck"] },
  { title: "Linting (zero warnings)", command: "npm", args: ["run", "--silent", "lint"] },
  { title: "Checking the layers (dependency-cruiser)", command: "npm", args: ["run", "--silent", "lint:deps"] },
  { title: "Checking formatting", command: "npm", args: ["run", "--silent", "format:check"] },
  { title: "Checking for repeated code (jscpd)", command: "npm", args: ["run", "--silent", "lint:dupes"] },
];

/**
 * What a test run's processes need less of, the machine's two cores being its limit:
 * - NODE_COMPILE_CACHE: every Node process (vitest's workers, the Functions emulator's workers, one per
 *   request in flight) keeps the code it compiled on disk and reuses it, so each later start of the same
 *   modules skips V8's compile (Node 22; the cache is checked against each file's contents).
 * - FIREBASE_DEBUG_PATH: firebase-tools writes every emulator event at debug level to firebase-debug.log,
 *   about 20 lines a request (over 250 MB a run), and deletes it when the command ends with code 0 or 1,
 *   as a test run's does. A test run discards it from the start.
 */
const leanerRun = {
  NODE_COMPILE_CACHE: path.join(rootDir, ".toolchain", "compile-cache"),
  FIREBASE_DEBUG_PATH: "/dev/null",
};

await main(async () => {
  for (const layer of selected) {
    if (!layers.includes(layer))
      throw new SetupError(`Unknown test layer "${layer}": use one of ${layers.join(", ")}.`);
  }
  // The static checks run beside the tests, two at a time (each is single-threaded), at the lowest priority:
  // much of the tests' time is spent waiting on the emulators, and the checks take only the cores left idle.
  // Their reports are held until the tests end, so they never cut into vitest's output; a failed check is
  // shown at once and stops the tests.
  const stopTests = new AbortController();
  const held: string[] = [];
  const checks = everything
    ? stepsSideBySide(staticChecks, 2, {
        lowestPriority: true,
        onReport: ({ ok, text }) => {
          if (ok) return void held.push(text);
          console.log(text);
          stopTests.abort();
        },
      })
    : Promise.resolve();
  const tests = (async () => {
    const { env } = prepareEmulatorEnv();
    Object.assign(env, leanerRun);
    if (selected.includes("e2e")) await ensureChromium();
    // Arguments for vitest narrow the run (files, -t): then a layer may rightly run no test.
    if (vitestArgs.length > 0) env.TEST_RUN_NARROWED = "1";
    await withEmulatorLock(() => runLayers(env, stopTests.signal));
  })();
  const [checked, tested] = await Promise.allSettled([checks, tests]);
  for (const text of held) console.log(text);
  // A failed check is the reason the tests stopped, so it is the one named.
  if (checked.status === "rejected") throw checked.reason;
  if (tested.status === "rejected") throw tested.reason;
});

async function runLayers(env: NodeJS.ProcessEnv, stop: AbortSignal): Promise<void> {
  await buildForEmulators();
  // A full run also exports the emulators' data at the end and checks that it re-imports cleanly.
  const exportDir = path.join(rootDir, ".toolchain", "test-run-export");
  const censusFile = path.join(rootDir, ".toolchain", "test-run-census.json");
  rmSync(exportDir, { recursive: true, force: true });
  rmSync(censusFile, { force: true });

  // Unit tests live in two vitest projects (functions and web); the api and e2e layers' serial files (those
  // that change programme-wide settings) in a project of their own that runs after the rest.
  const layerProjects: Record<Layer, string[]> = {
    unit: ["unit", "unit-web"],
    rules: ["rules"],
    api: ["api", "serial"],
    e2e: ["e2e", "serial"],
  };
  const projects = [...new Set(selected.flatMap((layer) => layerProjects[layer]))];
  const vitest = [localBin("vitest"), "run", ...projects.map((project) => `--project=${project}`), ...vitestArgs];
  await step(
    `Running the ${selected.join(", ")} tests in the emulators`,
    localBin("firebase"),
    [
      "emulators:exec",
      ...firebaseProjectArgs(),
      // The functions' own logs, warnings and errors, without a line per request (tens of thousands a run).
      "--log-verbosity",
      "QUIET",
      "--only",
      "auth,firestore,functions,hosting",
      "--import",
      emulatorDataDir,
      ...(everything ? ["--export-on-exit", exportDir] : []),
      // The emulators run with NODE_ENV=production (see emulator-env.ts); the tests themselves must not.
      // A full run also starts the functions' workers before its first file (tests/support/warm-functions.ts).
      `NODE_ENV=test ${everything ? `WARM_FUNCTIONS=1 CENSUS_FILE=${shellQuote(censusFile)} ` : ""}${vitest.map(shellQuote).join(" ")}`,
    ],
    { env, stop },
  );
  if (!everything) return;
  await step(
    "Re-importing the test run's export",
    localBin("firebase"),
    [
      "emulators:exec",
      ...firebaseProjectArgs(),
      "--only",
      "auth,firestore",
      "--import",
      exportDir,
      `node scripts/verify-export.ts ${shellQuote(censusFile)}`,
    ],
    { env, stop },
  );
}

function shellQuote(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", "'\\''")}'`;
}
