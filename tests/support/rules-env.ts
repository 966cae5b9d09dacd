import { readFileSync } from "node:fs";
import path from "node:path";
import { initializeTestEnvironment, type RulesTestEnvironment } from "@firebase/rules-unit-testing";
import { setLogLevel } from "firebase/firestore";
import { emulators, rootDir } from "../../scripts/lib/project.ts";

/**
 * Rules tests use a project of their own, so clearing its data never touches what the API and e2e layers
 * (project demo-affiliate) are doing in the same emulator at the same time.
 */
export const rulesProjectId = "demo-affiliate-rules";

export function startRulesEnv(): Promise<RulesTestEnvironment> {
  // Every denied request is otherwise also logged by the SDK as a stream error.
  setLogLevel("error");
  return initializeTestEnvironment({
    projectId: rulesProjectId,
    firestore: {
      host: emulators.firestore.host,
      port: emulators.firestore.port,
      rules: readFileSync(path.join(rootDir, "firestore.rules"), "utf8"),
    },
  });
}
