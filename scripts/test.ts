/**
 * npm test: type-check, lint (zero warnings), format check, then every test layer (unit, rules, api, e2e)
 * in one vitest run inside one `firebase emulators:exec`.
 *
 *   npm test                        everything
 *   npm run test:<layer>            one layer (unit, rules, api or e2e), skipping the static checks
 *   npm run test:api -- -t payout   other arguments go to vitest
 */
import { buildForEmulators } from "./lib/build.ts";
import { ensureChromium } from "./lib/chromium.ts";
import { prepareEmulatorEnv, SetupError } from "./lib/emulator-env.ts";
import { emulatorDataDir, firebaseProjectArgs } from "./lib/firebase-cli.ts";
import { withEmulatorLock } from "./lib/emulator-lock.ts";
import { rmSync } from "node:fs";
import path from "node:path";
import { localBin, main, step } from "./lib/process.ts";
import { rootDir } from "./lib/project.ts";

const layers = ["unit", "rules", "api", "e2e"] as const;
type Layer = (typeof layers)[number];

// --layer <name> (repeatable) is ours; every other argument goes to vitest as it is.
const requested: string[] = [];
const vitestArgs: string[] = [];
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--layer" && args[i + 1]) requested.push(args[++i]!);
  else vitestArgs.push(args[i]!);
}
const selected = (requested.length > 0 ? requested : [...layers]) as Layer[];
const everything = requested.length === 0;

await main(async () => {
  for (const layer of selected) {
    if (!layers.includes(layer))
      throw new SetupError(`Unknown test layer "${layer}": use one of ${layers.join(", ")}.`);
  }
  if (everything) {
    step("Type-checking", "npm", ["run", "--silent", "typecheck"]);
    step("Linting (zero warnings)", "npm", ["run", "--silent", "lint"]);
    step("Checking formatting", "npm", ["run", "--silent", "format:check"]);
    step("Checking the layers (dependency-cruiser)", "npm", ["run", "--silent", "lint:deps"]);
    step("Checking for repeated code (jscpd)", "npm", ["run", "--silent", "lint:dupes"]);
  }
  const { env } = prepareEmulatorEnv();
  if (selected.includes("e2e")) ensureChromium();
  await withEmulatorLock(() => runLayers(env));
});

function runLayers(env: NodeJS.ProcessEnv): void {
  buildForEmulators();
  // A full run also exports the emulators' data at the end and checks that it re-imports cleanly.
  const exportDir = path.join(rootDir, ".toolchain", "test-run-export");
  const censusFile = path.join(rootDir, ".toolchain", "test-run-census.json");
  rmSync(exportDir, { recursive: true, force: true });
  rmSync(censusFile, { force: true });

  // Unit tests live in two vitest projects (functions and web); the other layers are one each.
  const projects = selected.flatMap((layer) => (layer === "unit" ? ["unit", "unit-web"] : [layer]));
  const vitest = [localBin("vitest"), "run", ...projects.map((project) => `--project=${project}`), ...vitestArgs];
  step(
    `Running the ${selected.join(", ")} tests in the emulators`,
    localBin("firebase"),
    [
      "emulators:exec",
      ...firebaseProjectArgs(),
      "--only",
      "auth,firestore,functions,hosting",
      "--import",
      emulatorDataDir,
      ...(everything ? ["--export-on-exit", exportDir] : []),
      // The emulators run with NODE_ENV=production (see emulator-env.ts); the tests themselves must not.
      `NODE_ENV=test ${everything ? `CENSUS_FILE=${shellQuote(censusFile)} ` : ""}${vitest.map(shellQuote).join(" ")}`,
    ],
    { env },
  );
  if (!everything) return;
  step(
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
    { env },
  );
}

function shellQuote(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", "'\\''")}'`;
}
