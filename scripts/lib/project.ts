/** Facts about this checkout that every script needs, read from the files that own them. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The demo- prefix keeps the emulators from ever reaching a real project. */
export const demoProjectId = "demo-affiliate";

interface EmulatorAddress {
  host: string;
  port: number;
}

interface FirebaseJson {
  emulators: Record<"auth" | "firestore" | "functions" | "hosting" | "hub", EmulatorAddress>;
}

const firebaseJson = JSON.parse(readFileSync(path.join(rootDir, "firebase.json"), "utf8")) as FirebaseJson;

export const emulators = firebaseJson.emulators;

export function emulatorUrl(name: keyof FirebaseJson["emulators"]): string {
  const { host, port } = emulators[name];
  return `http://${host}:${port}`;
}

export const siteUrl = emulatorUrl("hosting");
