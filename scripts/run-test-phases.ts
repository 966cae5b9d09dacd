/**
 * Runs inside `firebase emulators:exec` for scripts/test.ts: the selected vitest projects in phases
 * (scripts/lib/test-phases.ts). `--phase unit,api+e2e --phase serial -- <vitest arguments>`.
 * CENSUS_FILE, when set, goes to the last phase only: the census is taken once, after every test.
 */
import { parseArgs } from "node:util";
import { localBin } from "./lib/process.ts";
import { parsePhase, runPhases } from "./lib/test-phases.ts";

const { values, positionals } = parseArgs({
  options: { phase: { type: "string", multiple: true } },
  allowPositionals: true,
  strict: true,
});
const phases = (values.phase ?? []).map(parsePhase);
const { CENSUS_FILE: censusFile, ...env } = process.env;

process.exitCode = await runPhases(phases, (projects, isLastPhase) => ({
  command: localBin("vitest"),
  args: ["run", ...projects.map((project) => `--project=${project}`), ...positionals],
  env: isLastPhase && censusFile ? { ...env, CENSUS_FILE: censusFile } : env,
}));
