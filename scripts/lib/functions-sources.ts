/**
 * Lets a script load the functions' TypeScript sources (functions/src) with Node's type stripping, so the
 * seed and the benches run the product's code as it is written, not a build of it. Import this module
 * first, then the sources with `await import(".../functions/src/x.ts")`: a static import of them would be
 * resolved before these hooks are registered.
 *
 * Two things type stripping does not do are done here, for functions/src alone: its modules import each
 * other as `./x.js` (what tsc compiles them to), which resolves to `./x.ts` or `./x.tsx`; and the invoice
 * template is .tsx, which is compiled by TypeScript's transpiler as functions/tsconfig.json would (the
 * automatic JSX runtime), only when a script reaches it.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire, registerHooks } from "node:module";
import { fileURLToPath } from "node:url";
import type TypeScript from "typescript";

const sources = new URL("../../functions/src/", import.meta.url).href;

let typescript: typeof TypeScript | undefined;

function compileTsx(url: string): string {
  typescript ??= createRequire(import.meta.url)("typescript") as typeof TypeScript;
  const { ModuleKind, ScriptTarget, JsxEmit } = typescript;
  const file = fileURLToPath(url);
  return typescript.transpileModule(readFileSync(file, "utf8"), {
    fileName: file,
    compilerOptions: { module: ModuleKind.ESNext, target: ScriptTarget.ES2023, jsx: JsxEmit.ReactJSX },
  }).outputText;
}

/** `./x.ts` or `./x.tsx` for a `./x.js` a source imports (functions/src holds no .js). */
function sourceOf(specifier: string, parentURL: string): string | undefined {
  const js = new URL(specifier, parentURL).href;
  return [".ts", ".tsx"]
    .map((extension) => js.replace(/\.js$/, extension))
    .find((candidate) => existsSync(new URL(candidate)));
}

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (context.parentURL?.startsWith(sources) && specifier.startsWith(".") && specifier.endsWith(".js")) {
      const source = sourceOf(specifier, context.parentURL);
      if (source) return nextResolve(source, context);
    }
    return nextResolve(specifier, context);
  },
  load(url, context, nextLoad) {
    if (url.startsWith(sources) && url.endsWith(".tsx")) {
      return { format: "module", source: compileTsx(url), shortCircuit: true };
    }
    return nextLoad(url, context);
  },
});
