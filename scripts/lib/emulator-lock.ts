/**
 * One emulator run at a time per checkout: the emulators listen on fixed ports (firebase.json) and the
 * build they serve is shared, so a second `npm test` or `npm start` waits for the first instead of failing
 * half-way with a port clash. The lock is a directory (created atomically) holding the owner's pid; a lock
 * whose owner is gone is taken over.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { rootDir } from "./project.ts";
import { stopStaleEmulators } from "./stale-emulators.ts";

const lockDir = path.join(rootDir, ".toolchain", "emulators.lock");
const ownerFile = path.join(lockDir, "pid");

function ownerAlive(): boolean {
  try {
    const pid = Number(readFileSync(ownerFile, "utf8"));
    if (!pid) return false;
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but is not ours to signal.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function tryAcquire(): boolean {
  try {
    mkdirSync(path.dirname(lockDir), { recursive: true });
    mkdirSync(lockDir);
  } catch {
    if (ownerAlive()) return false;
    rmSync(lockDir, { recursive: true, force: true });
    return tryAcquire();
  }
  writeFileSync(ownerFile, String(process.pid));
  return true;
}

/** Waits (bounded) for the lock, runs `body`, and releases the lock however `body` ends. */
export async function withEmulatorLock<T>(body: () => Promise<T> | T, timeoutMs = 30 * 60 * 1000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let told = false;
  while (!tryAcquire()) {
    if (Date.now() > deadline) throw new Error("Another emulator run held the lock for too long.");
    if (!told) {
      console.log(
        `Another emulator run (pid ${readFileSync(ownerFile, "utf8").trim()}) is using the ports; waiting for it…`,
      );
      told = true;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  stopStaleEmulators();
  const release = () => rmSync(lockDir, { recursive: true, force: true });
  process.once("exit", release);
  try {
    return await body();
  } finally {
    release();
    process.removeListener("exit", release);
  }
}
