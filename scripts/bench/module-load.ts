/**
 * Times loading the functions' entry module in a fresh process: `import("functions/lib/index.js")`, and
 * with --pdf the invoice renderer after it (the PDF path touched). With --count, records every module file
 * loaded (module.registerHooks) instead, to show which ones the entry alone pulls in. Prints one JSON line.
 */
import { registerHooks } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const lib = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../functions/lib");
const options = parseArgs({
  options: { pdf: { type: "boolean", default: false }, count: { type: "boolean", default: false } },
});
const counting = options.values.count;
const loaded = new Set<string>();
if (counting) {
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const resolved = nextResolve(specifier, context);
      if (resolved.url.startsWith("file:")) loaded.add(resolved.url);
      return resolved;
    },
  });
}
const isPdf = (url: string) => /[\\/](@react-pdf|fontkit|pdfkit|yoga-layout|@expo-google-fonts)[\\/]/.test(url);

let begin = performance.now();
await import(path.join(lib, "index.js"));
const indexMs = performance.now() - begin;
const afterIndex = [...loaded];

let pdfMs: number | null = null;
if (options.values.pdf) {
  begin = performance.now();
  await import(path.join(lib, "invoices/render.js"));
  pdfMs = performance.now() - begin;
}

console.log(
  JSON.stringify({
    indexMs,
    pdfMs,
    modulesAfterIndex: afterIndex.length,
    pdfModulesAfterIndex: afterIndex.filter(isPdf).length,
    modulesInAll: loaded.size,
    pdfModulesInAll: [...loaded].filter(isPdf).length,
  }),
);
process.exit(0);
