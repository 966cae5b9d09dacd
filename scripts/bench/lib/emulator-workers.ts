/**
 * How many worker processes the Functions emulator is running (it starts one per simultaneous request and
 * keeps them): every process whose command line names its runtime. Linux only (/proc); undefined elsewhere.
 */
import { readdirSync, readFileSync } from "node:fs";

export function emulatorWorkers(): number | undefined {
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return undefined;
  }
  let count = 0;
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, "utf8").includes("functionsEmulatorRuntime")) count += 1;
    } catch {
      // the process ended meanwhile
    }
  }
  return count;
}
