/**
 * npm run seed: rebuilds emulator-data/ (the demo data `npm start` and `npm test` import) from scratch.
 * Starts empty auth and Firestore emulators, writes the demo data (scripts/seed/demo-data.ts) and exports it.
 * Deterministic: the same data every run, so a diff of emulator-data/ shows only real changes.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { prepareEmulatorEnv } from "./lib/emulator-env.ts";
import { emulatorDataDir, firebaseProjectArgs } from "./lib/firebase-cli.ts";
import { withEmulatorLock } from "./lib/emulator-lock.ts";
import { localBin, main, step } from "./lib/process.ts";
import { rootDir } from "./lib/project.ts";

await main(async () => {
  const { env } = prepareEmulatorEnv();
  await withEmulatorLock(() => seed(env));
});

async function seed(env: NodeJS.ProcessEnv): Promise<void> {
  rmSync(path.join(rootDir, emulatorDataDir), { recursive: true, force: true });
  await step(
    "Seeding the demo data",
    localBin("firebase"),
    [
      "emulators:exec",
      ...firebaseProjectArgs(),
      "--only",
      "auth,firestore",
      "--export-on-exit",
      emulatorDataDir,
      "node scripts/seed/demo-data.ts",
    ],
    { env },
  );
  pinTokenValidity();
  console.log(`\nDemo data written to ${emulatorDataDir}/.`);
}

/**
 * The Auth emulator stamps each exported user with validSince = now; pin it to the demo users' creation
 * time so the export does not change from run to run (tokens minted after it stay valid either way).
 */
function pinTokenValidity(): void {
  const file = path.join(rootDir, emulatorDataDir, "auth_export", "accounts.json");
  const accounts = JSON.parse(readFileSync(file, "utf8")) as { users: { createdAt: string; validSince?: string }[] };
  for (const user of accounts.users) user.validSince = String(Math.floor(Number(user.createdAt) / 1000));
  writeFileSync(file, `${JSON.stringify(accounts, null, 2)}\n`);
}
