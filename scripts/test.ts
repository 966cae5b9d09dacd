/**
 * npm test: type-check, lint (zero warnings), format check, then every test layer (unit, rules, api, e2e)
 * in one vitest run inside one `firebase emulators:exec`.
 *
 *   npm test                        everything
 *   npm run test:<layer>            one layer (unit, rules, api or e2e), skipping the static checks
 *   npm test -- --layer api -- -t payout    extra arguments after a second -- go to vitest
 */
import { parseArgs } from "node:util";
import { buildForEmulators } from "./lib/build.ts";
import { ensureChromium } from "./lib/chromium.ts";
import { prepareEmulatorEnv, SetupError } from "./lib/emulator-env.ts";
import { emulatorDataDir, firebaseProjectArgs } from "./lib/firebase-cli.ts";
import { localBin, main, step } from "./lib/process.ts";

const layers = ["unit", "rules", "api", "e2e"] as const;
type Layer = (typeof layers)[number];

const { values, positionals } = parseArgs({
  options: { layer: { type: "string", multiple: true } },
  allowPositionals: true,
});
const selected = (values.layer ?? [...layers]) as Layer[];
const everything = values.layer === undefined;

await main(() => {
  for (const layer of selected) {
    if (!layers.includes(layer))
      throw new SetupError(`Unknown test layer "${layer}": use one of ${layers.join(", ")}.`);
  }
  if (everything) {
    step("Type-checking", "npm", ["run", "--silent", "typecheck"]);
    step("Linting (zero warnings)", "npm", ["run", "--silent", "lint"]);
    step("Checking formatting", "npm", ["run", "--silent", "format:check"]);
  }
  const { env } = prepareEmulatorEnv();
  if (selected.includes("e2e")) ensureChromium();
  buildForEmulators();

  // Unit tests live in two vitest projects (functions and web); the other layers are one each.
  const projects = selected.flatMap((layer) => (layer === "unit" ? ["unit", "unit-web"] : [layer]));
  const vitest = [localBin("vitest"), "run", ...projects.map((project) => `--project=${project}`), ...positionals];
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
      // The emulators run with NODE_ENV=production (see emulator-env.ts); the tests themselves must not.
      `NODE_ENV=test ${vitest.map(shellQuote).join(" ")}`,
    ],
    { env },
  );
});

function shellQuote(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", "'\\''")}'`;
}
