import { step } from "./process.ts";

/** What the emulators serve: compiled functions and the web app built against the emulators. */
export function buildForEmulators(): void {
  step("Building functions", "npm", ["run", "build", "--workspace", "functions"]);
  step("Building the web app (emulator mode)", "npm", ["run", "build:emulator", "--workspace", "web"]);
}
