/**
 * npm start: builds the functions and the web app, then runs the auth, Firestore, Functions and Hosting
 * emulators with the committed demo data and prints where the site is and who can sign in.
 */
import { buildForEmulators } from "./lib/build.ts";
import { prepareEmulatorEnv } from "./lib/emulator-env.ts";
import { printBanner, runEmulators } from "./lib/emulator-session.ts";
import { withEmulatorLock } from "./lib/emulator-lock.ts";
import { main } from "./lib/process.ts";
import { siteUrl } from "./lib/project.ts";

await main(async () => {
  const { env } = prepareEmulatorEnv();
  process.exitCode = await withEmulatorLock(async () => {
    await buildForEmulators();
    return runEmulators(env, (elapsedMs) => printBanner("The affiliate site is up", siteUrl, elapsedMs));
  });
});
