/**
 * Global setup of the whole test run: its teardown, after every layer, takes the census of the demo
 * project (scripts/lib/census.ts) when CENSUS_FILE names where to write it (npm test does; it then exports
 * the emulators, re-imports the export and checks the census again).
 */
import { writeFileSync } from "node:fs";
import { takeCensus } from "../../scripts/lib/census.ts";
import { demoProjectId } from "../../scripts/lib/project.ts";
import { auth } from "./users.ts";

export default function setup(): () => Promise<void> {
  return async () => {
    const file = process.env.CENSUS_FILE;
    if (!file) return;
    writeFileSync(file, `${JSON.stringify(await takeCensus(demoProjectId, auth()), null, 2)}\n`);
  };
}
