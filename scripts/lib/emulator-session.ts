import type { ChildProcess } from "node:child_process";
import { demoAccounts } from "./demo-accounts.ts";
import { emulatorDataDir, firebaseProjectArgs } from "./firebase-cli.ts";
import { localBin, startChild, waitFor } from "./process.ts";
import { emulatorUrl, siteUrl } from "./project.ts";

/**
 * Runs the auth, Firestore, Functions and Hosting emulators with the demo data until they stop (Ctrl-C),
 * calling `onReady` once the site answers through Hosting. Resolves with the emulators' exit code.
 */
export async function runEmulators(env: NodeJS.ProcessEnv, onReady: (elapsedMs: number) => void): Promise<number> {
  const startedAt = Date.now();
  const emulators: ChildProcess = startChild(
    localBin("firebase"),
    [
      "emulators:start",
      ...firebaseProjectArgs(),
      "--only",
      "auth,firestore,functions,hosting",
      "--import",
      emulatorDataDir,
    ],
    { env },
  );
  let running = true;
  const exited = new Promise<number>((resolve) =>
    emulators.on("exit", (code) => {
      running = false;
      resolve(code ?? 1);
    }),
  );

  try {
    await waitFor(
      "The site",
      async () => {
        if (!running) return true; // the emulators stopped and said why; stop waiting
        return (await fetch(`${siteUrl}/api/health`)).ok;
      },
      180_000,
    );
    if (running) onReady(Date.now() - startedAt);
  } catch (error) {
    emulators.kill("SIGINT");
    await exited;
    throw error;
  }
  return exited;
}

/** Where to go and who can sign in, printed once the emulators are ready. */
export function printBanner(title: string, url: string, elapsedMs: number): void {
  const width = Math.max(...demoAccounts.map((account) => account.email.length));
  const accounts = demoAccounts.map((account) => `│    ${account.email.padEnd(width)}  ${account.role}`).join("\n");
  console.log(`
┌──────────────────────────────────────────────────────────────────────────────
│  ${title} (${(elapsedMs / 1000).toFixed(1)} s):  ${url}
│
│  Demo sign-ins (Log In → "Continue with Google" lists them in the emulator's
│  account picker; an e-mail sign-in link is printed in this terminal):
${accounts}
│
│  Auth emulator: ${emulatorUrl("auth")}   Firestore emulator: ${emulatorUrl("firestore")}
│  Stop with Ctrl-C. Demo data is re-imported from emulator-data/ at every start.
└──────────────────────────────────────────────────────────────────────────────
`);
}
