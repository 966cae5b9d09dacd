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

describe("loading the functions' sources from a script", () => {
  test("resolves their ./x.js imports to the .ts sources", () => {
    expect(exportsOf("http/track.ts")).toContain("handleTrack");
  });

  test("compiles the invoice template (.tsx) on the way", () => {
    expect(exportsOf("invoices/render.ts")).toContain("renderInvoicePdf");
  });
});
