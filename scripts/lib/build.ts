import { stepsSideBySide } from "./process.ts";

/**
 * What the emulators serve: compiled functions and the web app built against the emulators, side by side
 * (neither reads the other's output).
 */
export async function buildForEmulators(): Promise<void> {
  await stepsSideBySide(
    [
      {
        title: "Building the web app (emulator mode)",
        command: "npm",
        args: ["run", "build:emulator", "--workspace", "web"],
      },
      { title: "Building functions", command: "npm", args: ["run", "build", "--workspace", "functions"] },
    ],
    2,
  );
}
