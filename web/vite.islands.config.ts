/**
 * The public pages' script (src/islands.ts) as a build of its own, after the app's (`vite build` with
 * vite.config.ts), into the same dist/: one file that shares no chunk with the app. Built with the app, the
 * two would share small chunks (the advertiser registry, the session hint), and the app's pages would load
 * those as files of their own, one more request each on the dashboard's critical path.
 *
 *   vite build --config vite.islands.config.ts --mode <vite mode>
 */
import { fileURLToPath } from "node:url";
import { defineConfig, mergeConfig, type UserConfig } from "vite";
import app from "./vite.config";

export default defineConfig(async (env) =>
  mergeConfig((await app(env)) as UserConfig, {
    publicDir: false,
    build: {
      emptyOutDir: false,
      manifest: ".vite/islands-manifest.json",
      rollupOptions: { input: { islands: fileURLToPath(new URL("./src/islands.ts", import.meta.url)) } },
    },
  }),
);
