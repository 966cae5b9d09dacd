import { execFileSync } from "node:child_process";
import { describe, expect, test } from "vitest";

/** What a script sees when it loads `source` after functions-sources.ts, in a fresh Node process. */
function exportsOf(source: string): string[] {
  const url = (file: string) => new URL(file, import.meta.url).href;
  const script = [
    `await import(${JSON.stringify(url("./functions-sources.ts"))});`,
    `const module = await import(${JSON.stringify(url(`../../functions/src/${source}`))});`,
    "console.log(JSON.stringify(Object.keys(module)));",
    "process.exit(0);",
  ].join("\n");
  const output = execFileSync(process.execPath, ["--disable-warning=ExperimentalWarning", "--input-type=module"], {
    input: script,
    encoding: "utf8",
    env: { ...process.env, NODE_ENV: "production" },
  });
  return JSON.parse(output.trim().split("\n").at(-1)!) as string[];
}

// Each test starts a Node process that compiles the sources it loads: about a second alone, and past vitest's
// 5 s default on the machine busy with the emulator layers (it failed so in every-layer runs).
describe("loading the functions' sources from a script", { timeout: 30_000 }, () => {
  test("resolves their ./x.js imports to the .ts sources", () => {
    expect(exportsOf("http/track.ts")).toContain("handleTrack");
  });

  test("compiles the invoice template (.tsx) on the way", () => {
    expect(exportsOf("invoices/render.ts")).toContain("renderInvoicePdf");
  });
});
