/**
 * Emulator processes left behind by a run that was killed (its firebase CLI gone, its Firestore emulator
 * and function workers still holding the ports). Called with the emulator lock held, so nothing of ours
 * is using them; only processes started from this checkout are touched. Linux only (/proc).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { rootDir } from "./project.ts";

const markers = [
  path.join(rootDir, ".toolchain", "firestore-emulator"),
  path.join(rootDir, "node_modules", "firebase-tools"),
];

export function stopStaleEmulators(): number {
  if (process.platform !== "linux") return 0;
  let stopped = 0;
  for (const entry of readdirSync("/proc")) {
    const pid = Number(entry);
    if (!pid || pid === process.pid) continue;
    let command: string;
    try {
      command = readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
    } catch {
      continue; // gone, or not ours to read
    }
    if (!markers.some((marker) => command.includes(marker))) continue;
    try {
      process.kill(pid, "SIGKILL");
      stopped += 1;
    } catch {
      // Already gone.
    }
  }
  if (stopped > 0) console.log(`Stopped ${stopped} emulator process(es) left behind by an earlier run.`);
  return stopped;
}
