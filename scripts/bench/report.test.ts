import { describe, expect, test } from "vitest";
import type { BenchResults, Section } from "./lib/results.ts";
import { renderReport } from "./report.ts";

const section = (id: string, targets: Section["targets"]): Section => ({
  id,
  title: `The ${id} benchmark`,
  method: [`How ${id} was measured.`],
  tables: [{ head: ["what", "ms"], rows: [[id, "1.0"]] }],
  targets,
  notes: [`A note on ${id}.`],
  elapsedSeconds: 2,
});

const results: BenchResults = {
  machine: {
    cpu: "CPU",
    cores: 2,
    ramGb: 4,
    os: "OS",
    kernel: "kernel",
    node: "v22",
    firebaseTools: "15",
    date: "2026-11-26T00:59:00.000Z",
  },
  startedAt: "2026-11-26T00:59:00.000Z",
  finishedAt: "2026-11-26T01:05:00.000Z",
  selected: ["a", "b"],
  sections: [
    section("a", [
      { promise: "A is fast", measured: "1 ms", met: true, margin: "50% headroom", note: "It is. Twice." },
    ]),
    section("b", [
      {
        promise: "B is cheap",
        measured: "3 reads",
        met: false,
        margin: "50% over",
        note: "It reads one too many.",
        analysis: "The long story of B's reads.",
      },
    ]),
  ],
  failures: [],
};

describe("docs/benchmarks.md", () => {
  const page = renderReport(results);
  const headings = page.split("\n").filter((line) => line.startsWith("#"));

  test("opens with the targets, a row and a short note each, and keeps the long analyses for the end", () => {
    expect(headings).toEqual([
      "# Benchmarks",
      "## Targets",
      "## Machine",
      "## How operations are counted",
      "## The a benchmark",
      "## The b benchmark",
      "## Notes",
      "### B is cheap (missed)",
    ]);
    expect(page).toContain("| A is fast | 1 ms | met | 50% headroom |");
    expect(page).toContain("- **B is cheap** (missed): It reads one too many.\n");
    expect(page.indexOf("The long story of B's reads.")).toBeGreaterThan(page.indexOf("## Notes"));
  });

  test("leaves out Notes when no target has an analysis", () => {
    const short = renderReport({ ...results, sections: [results.sections[0]!] });
    expect(short).not.toContain("## Notes");
  });
});
