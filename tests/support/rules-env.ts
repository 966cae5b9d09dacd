import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { initializeTestEnvironment, type RulesTestEnvironment } from "@firebase/rules-unit-testing";
import { setLogLevel } from "firebase/firestore";
import { emulators, rootDir } from "../../scripts/lib/project.ts";

export const rulesFile = path.join(rootDir, "firestore.rules");

/**
 * Each rules test file uses a project of its own, named after the file. Vitest runs the files in parallel
 * and each one clears and seeds its data, so a shared project would let one file wipe another's data
 * mid-test; and loading the rules resets the emulator's rule coverage of that project, which a shared
 * project would lose the same way. None of them is demo-affiliate, which the API and e2e layers use.
 */
export function rulesProjectId(testFile: string): string {
  const name = path
    .basename(testFile)
    .replace(/\.test\.ts$/, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-");
  return `demo-affiliate-rules-${name}`;
}

/** Starts the rules environment of the test file at `testFileUrl` (its import.meta.url). */
export function startRulesEnv(testFileUrl: string): Promise<RulesTestEnvironment> {
  // Every denied request is otherwise also logged by the SDK as a stream error.
  setLogLevel("error");
  return initializeTestEnvironment({
    projectId: rulesProjectId(fileURLToPath(testFileUrl)),
    firestore: {
      host: emulators.firestore.host,
      port: emulators.firestore.port,
      rules: readFileSync(rulesFile, "utf8"),
    },
  });
}
