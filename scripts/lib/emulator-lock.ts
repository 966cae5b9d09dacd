/**
 * One emulator run at a time on this machine: the emulators listen on fixed ports (firebase.json), so a
 * second `npm test` or `npm start`, from this checkout or another, waits for the first instead of failing
 * half-way with a port clash. proper-lockfile keeps the lock fresh while we hold it; a lock left by a run
 * that was killed goes stale within seconds and is taken over. Nothing here stops another run's processes.
 */
import os from "node:os";
import path from "node:path";
import lockfile from "proper-lockfile";
import { SetupError } from "./emulator-env.ts";

const lockTarget = path.join(os.tmpdir(), "affiliate-programme-emulators");
const options = { realpath: false, stale: 15_000, update: 5_000 };

/** Waits (bounded) for the lock, runs `body`, and releases the lock however `body` ends. */
export async function withEmulatorLock<T>(body: () => Promise<T>, timeoutMs = 30 * 60 * 1000): Promise<T> {
  if (await lockfile.check(lockTarget, options)) {
    console.log("Another emulator run on this machine is using the ports; waiting for it to finish…");
  }
  const seconds = Math.ceil(timeoutMs / 1000);
  const release = await lockfile
    .lock(lockTarget, {
      ...options,
      retries: { retries: seconds, factor: 1, minTimeout: 1000, maxTimeout: 1000 },
      onCompromised: (error) => console.warn(`The emulator lock was lost (${error.message}); carrying on.`),
    })
    .catch((error: Error) => {
      throw new SetupError(`Another emulator run held the ports for more than ${seconds} s (${error.message}).`);
    });
  try {
    return await body();
  } finally {
    await release().catch(() => undefined);
  }
}
