/**
 * Loads one function's code in a fresh process, as a cold start does, and times each step (run by
 * module-load.ts, which says what each path stands for):
 *
 *   --path parts   a bare `onRequest` function (firebase-functions/https), then firebase-admin/firestore, then zod
 *   --path track   functions/lib/index.js, then http/track.js (what `track` imports at its first click)
 *   --path pdf     functions/lib/index.js, then invoices/render.js (what the payout routes import for a PDF)
 *   --path pages   functions/lib/index.js, then http/public-pages.js (what `pages` imports at its first page)
 *
 * With --count, records every module file loaded instead (module.registerHooks: its hooks see require()
 * too), which slows the loading down. Prints one JSON line: each step's ms, and with --count its files.
 */
import { registerHooks } from "node:module";
import path from "node:path";
import { parseArgs } from "node:util";

const lib = path.resolve(import.meta.dirname, "../../functions/lib");

const paths: Record<string, (() => Promise<unknown>)[]> = {
  parts: [
    async () => {
      const { onRequest } = await import("firebase-functions/https");
      return onRequest((_req, res) => {
        res.end();
      });
    },
    () => import("firebase-admin/firestore"),
    () => import("zod"),
  ],
  track: [() => import(path.join(lib, "index.js")), () => import(path.join(lib, "http/track.js"))],
  pdf: [() => import(path.join(lib, "index.js")), () => import(path.join(lib, "invoices/render.js"))],
  pages: [() => import(path.join(lib, "index.js")), () => import(path.join(lib, "http/public-pages.js"))],
};

const { values } = parseArgs({
  options: { path: { type: "string", default: "track" }, count: { type: "boolean", default: false } },
});
const steps = paths[values.path!];
if (!steps) throw new Error(`No path "${values.path}": use ${Object.keys(paths).join(", ")}`);

const loaded = new Set<string>();
if (values.count) {
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const resolved = nextResolve(specifier, context);
      if (resolved.url.startsWith("file:")) loaded.add(resolved.url);
      return resolved;
    },
  });
}

const ms: number[] = [];
const files: string[][] = [];
for (const step of steps) {
  const before = new Set(loaded);
  const begin = performance.now();
  await step();
  ms.push(performance.now() - begin);
  files.push([...loaded].filter((url) => !before.has(url)));
}
console.log(JSON.stringify({ ms, files: values.count ? files : null }));
process.exit(0);
