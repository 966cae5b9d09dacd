import { step } from "./process.ts";

/** What the emulators serve: compiled functions and the web app built against the emulators. */
export async function buildForEmulators(): Promise<void> {
  await step("Building functions", "npm", ["run", "build", "--workspace", "functions"]);
  await step("Building the web app (emulator mode)", "npm", ["run", "build:emulator", "--workspace", "web"]);
}
