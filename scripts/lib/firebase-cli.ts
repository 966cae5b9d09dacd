import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { demoProjectId, emulatorUrl, rootDir } from "./project.ts";

export const emulatorDataDir = "emulator-data";

interface Header {
  key: string;
  value: string;
}

interface FirebaseConfig {
  hosting: { headers: { source: string; headers: Header[] }[] };
  emulators: { ui: { enabled: boolean } };
}

/**
 * firebase.json is what deploys, so its Content-Security-Policy names only production hosts. The web app
 * built for the emulators talks to the Auth and Firestore emulators, so the emulators' copy of the config
 * adds their addresses: to connect-src (both) and frame-src (the Auth emulator's sign-in pages).
 */
export function emulatorConfig(production: FirebaseConfig, uiCached: boolean): FirebaseConfig {
  const config = structuredClone(production);
  const emulatorHosts = { "connect-src": ["auth", "firestore"], "frame-src": ["auth"] } as const;
  for (const { headers } of config.hosting.headers) {
    for (const header of headers) {
      if (header.key !== "Content-Security-Policy") continue;
      header.value = header.value
        .split(";")
        .map((directive) => {
          const name = directive.trim().split(/\s+/)[0] as keyof typeof emulatorHosts;
          const hosts = emulatorHosts[name];
          return hosts ? `${directive} ${hosts.map((emulator) => emulatorUrl(emulator)).join(" ")}` : directive;
        })
        .join(";");
    }
  }
  // The Emulator UI is a download, so it is on only when its bundle is already in firebase-tools' cache.
  config.emulators.ui = { enabled: uiCached };
  return config;
}

/**
 * Arguments that point firebase-tools at the demo project and at the emulators' copy of firebase.json
 * (written beside it, as its paths are relative to it; git ignores it).
 */
export function firebaseProjectArgs(): string[] {
  const production = JSON.parse(readFileSync(path.join(rootDir, "firebase.json"), "utf8")) as FirebaseConfig;
  const file = path.join(rootDir, ".firebase.emulators.json");
  writeFileSync(file, `${JSON.stringify(emulatorConfig(production, emulatorUiCached()), null, 2)}\n`);
  return ["--project", demoProjectId, "--config", file];
}

function emulatorUiCached(): boolean {
  const info = JSON.parse(
    readFileSync(path.join(rootDir, "node_modules/firebase-tools/lib/emulator/downloadableEmulatorInfo.json"), "utf8"),
  ) as { ui: { main: { version: string } } };
  return existsSync(path.join(os.homedir(), ".cache", "firebase", "emulators", `ui-v${info.ui.main.version}`));
}
