import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, loadEnv } from "vite";
import { parseEnv } from "./src/config/env";

interface Address {
  host: string;
  port: number;
}
const firebaseJson = JSON.parse(readFileSync(new URL("../firebase.json", import.meta.url), "utf8")) as {
  emulators: Record<"auth" | "firestore" | "hosting", Address>;
};
const { auth, firestore, hosting } = firebaseJson.emulators;
const webDir = fileURLToPath(new URL(".", import.meta.url));

/**
 * CSS module class names: the file's name, the class and a hash of the file's path. The same in the build
 * and in the prerender (which renders through Vite's dev server), so prerendered HTML matches the CSS.
 */
function scopedName(name: string, filename: string): string {
  const file = path.relative(webDir, filename.split("?")[0]!).split(path.sep).join("/");
  const hash = createHash("sha256").update(file).digest("base64url").slice(0, 5);
  return `${path.basename(file, ".module.css")}_${name}_${hash}`;
}

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, fileURLToPath(new URL(".", import.meta.url)), "VITE_");
  if (mode !== "test" && (!env.VITE_FIREBASE_PROJECT_ID || !env.VITE_SITE_URL)) {
    throw new Error(
      `No web app configuration for mode "${mode}": create web/.env.${mode}.local from web/.env.example.`,
    );
  }
  // The app's configuration, checked here, when the app is built or served (src/config/env.ts): a missing or
  // invalid value stops the build, not a visitor's page, and the browser carries no validation code. The
  // unit tests (mode "test") have none; what they render takes no configuration.
  const appConfig =
    mode === "test"
      ? undefined
      : parseEnv({
          ...env,
          // firebase.json is the one place the emulator ports are set.
          VITE_AUTH_EMULATOR_URL: `http://${auth.host}:${auth.port}`,
          VITE_FIRESTORE_EMULATOR_HOST: `${firestore.host}:${firestore.port}`,
        });
  const hostingUrl = `http://${hosting.host}:${hosting.port}`;

  return {
    plugins: [react()],
    resolve: {
      alias: {
        "@domain": fileURLToPath(new URL("../functions/src/domain", import.meta.url)),
        // Imported as types only (the API client's): nothing of it reaches a bundle.
        "@contract": fileURLToPath(new URL("../functions/src/contract", import.meta.url)),
        // SDKs reactfire imports and this app never uses (see the file for why).
        ...Object.fromEntries(
          ["firebase/database", "firebase/functions", "firebase/remote-config", "firebase/storage"].map((sdk) => [
            sdk,
            fileURLToPath(new URL("./src/lib/unused-firebase-sdks.ts", import.meta.url)),
          ]),
        ),
        // The regular-expression engine Firestore bundles for pipelines, which this app never runs.
        re2js: fileURLToPath(new URL("./src/lib/unused-regex-engine.ts", import.meta.url)),
      },
    },
    css: { modules: { generateScopedName: scopedName } },
    define: { __APP_CONFIG__: appConfig ? JSON.stringify(appConfig) : "undefined" },
    build: {
      target: "es2022",
      // Source maps are written for the size check (scripts/check-size.ts reads them, then deletes them),
      // named by no bundle ("hidden"): the build publishes none.
      sourcemap: "hidden",
      manifest: true,
    },
    server: {
      host: "127.0.0.1",
      // In `npm run dev` the API and the click redirect still come from the emulators, through Hosting.
      proxy: { "/api": hostingUrl, "/m/": hostingUrl },
    },
  };
});
