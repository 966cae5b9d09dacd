/**
 * npm run dev: the emulators as in `npm start`, plus the functions recompiled on every save (the Functions
 * emulator reloads them) and Vite's dev server with hot reload for the web app. /api and /m/ on the dev
 * server go to the emulators through Hosting.
 */
import { buildForEmulators } from "./lib/build.ts";
import { prepareEmulatorEnv } from "./lib/emulator-env.ts";
import { printBanner, runEmulators } from "./lib/emulator-session.ts";
import path from "node:path";
import { withEmulatorLock } from "./lib/emulator-lock.ts";
import { localBin, main, startChild } from "./lib/process.ts";
import { rootDir } from "./lib/project.ts";

const devServerUrl = "http://127.0.0.1:5173";

await main(async () => {
  const { env } = prepareEmulatorEnv();
  process.exitCode = await withEmulatorLock(async () => {
    await buildForEmulators();
    startChild(localBin("tsc"), ["-p", "functions/tsconfig.build.json", "--watch", "--preserveWatchOutput"]);
    return runEmulators(env, (elapsedMs) => {
      startChild(localBin("vite"), ["--mode", "emulator", "--port", "5173", "--strictPort"], {
        cwd: path.join(rootDir, "web"),
      });
      printBanner("Dev server with hot reload", devServerUrl, elapsedMs);
    });
  });
});
