import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fill, parseParts } from "./prose.ts";

describe("the benchmarks' prose", () => {
  it("fills every placeholder, a repeated one each time", () => {
    expect(fill("{{n}} clients, {{n}} processes on {{cores}} cores", { n: 10, cores: "two" })).toBe(
      "10 clients, 10 processes on two cores",
    );
  });

  it("refuses a placeholder without a value and a value the text does not use", () => {
    expect(() => fill("p50 {{p50}} ms", {})).toThrow("No value for {{p50}}");
    expect(() => fill("p50 {{p50}} ms", { p50: 3, p99: 9 })).toThrow("Not in the text: {{p99}}");
  });

  it("reads named parts, a wrapped paragraph as one line and a list item on its own line", () => {
    const parts = parseParts(
      [
        "A note to the editor.",
        "",
        "## method",
        "",
        "One paragraph",
        "over two lines.",
        "",
        "A list:",
        "- first,",
        "  still first;",
        "- second.",
        "",
        "## note",
        "",
        "Short.",
      ].join("\n"),
    );
    expect([...parts.keys()]).toEqual(["method", "note"]);
    expect(parts.get("method")).toBe("One paragraph over two lines.\n\nA list:\n- first, still first;\n- second.");
    expect(parts.get("note")).toBe("Short.");
  });

  it("finds no part named twice in the files beside the benchmarks", () => {
    const directory = path.join(import.meta.dirname, "..");
    for (const file of readdirSync(directory).filter((name) => name.endsWith(".md"))) {
      expect(parseParts(readFileSync(path.join(directory, file), "utf8")).size, file).toBeGreaterThan(0);
    }
  });
});
