import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { demoProjectId, rootDir } from "./project.ts";

export const emulatorDataDir = "emulator-data";

/**
 * Arguments that point firebase-tools at the demo project and, when the Emulator UI bundle is already in
 * firebase-tools' cache, at a copy of firebase.json with the UI on (it cannot be downloaded here).
 */
export function firebaseProjectArgs(): string[] {
  const args = ["--project", demoProjectId];
  if (emulatorUiCached()) {
    const config = JSON.parse(readFileSync(path.join(rootDir, "firebase.json"), "utf8")) as {
      emulators: { ui: { enabled: boolean } };
    };
    config.emulators.ui = { enabled: true };
    const withUi = path.join(rootDir, ".emulator-ui.json");
    writeFileSync(withUi, JSON.stringify(config, null, 2));
    args.push("--config", withUi);
  }
  return args;
}

function emulatorUiCached(): boolean {
  const info = JSON.parse(
    readFileSync(path.join(rootDir, "node_modules/firebase-tools/lib/emulator/downloadableEmulatorInfo.json"), "utf8"),
  ) as { ui: { main: { version: string } } };
  return existsSync(path.join(os.homedir(), ".cache", "firebase", "emulators", `ui-v${info.ui.main.version}`));
}
