/**
 * docs/benchmarks.md from a run's results (scripts/bench/run.ts writes them, scripts/bench.ts calls this).
 * Its top reads in two minutes: the targets, a row and at most two sentences each, and the machine; then
 * each benchmark's method and figures; last, under Notes, the longer analyses of the targets.
 */
import { loadProse } from "./lib/prose.ts";
import type { BenchResults, Machine, Section, Table, Target } from "./lib/results.ts";

const prose = loadProse(import.meta.dirname, "report.md");

const cell = (text: string) => text.replaceAll("|", "\\|").replaceAll("\n", " ");

function table(t: Table): string {
  const lines = [
    `| ${t.head.map(cell).join(" | ")} |`,
    `| ${t.head.map(() => "---").join(" | ")} |`,
    ...t.rows.map((row) => `| ${row.map(cell).join(" | ")} |`),
  ];
  return `${t.caption ? `${t.caption}\n\n` : ""}${lines.join("\n")}`;
}

const minutes = (from: string, to: string) => ((Date.parse(to) - Date.parse(from)) / 60_000).toFixed(1);

const status = (target: Target) => (target.met ? "met" : "missed");

export function renderReport(results: BenchResults): string {
  const targets = results.sections.flatMap((section) => section.targets);
  const parts = [
    "# Benchmarks",
    "<!-- Written by `npm run bench` (scripts/bench.ts and scripts/bench/, its prose in scripts/bench/*.md); edit those, not this file. -->",
    ...prose.paragraphs("intro"),
    ...targetsPart(targets),
    ...failuresPart(results.failures),
    "## Machine",
    machineTable(results),
    "## How operations are counted",
    ...prose.paragraphs("operations"),
    ...results.sections.flatMap(sectionPart),
    ...notesPart(targets),
  ];
  return `${parts.join("\n\n")}\n`;
}

function targetsPart(targets: Target[]): string[] {
  if (targets.length === 0) return [];
  return [
    "## Targets",
    prose.text("targets"),
    table({
      head: ["promise", "measured", "status", "how far"],
      rows: targets.map((target) => [
        target.promise,
        target.measured,
        target.met ? "met" : "**missed**",
        target.margin,
      ]),
    }),
    targets.map((target) => `- **${target.promise}** (${status(target)}): ${target.note}`).join("\n"),
  ];
}

function failuresPart(failures: BenchResults["failures"]): string[] {
  if (failures.length === 0) return [];
  return [
    "## Benchmarks that did not run",
    failures.map((failure) => `- **${failure.id}**: ${failure.message}`).join("\n"),
  ];
}

function machineTable({ machine, startedAt, finishedAt }: BenchResults): string {
  const rows: [string, string | undefined][] = [
    ["CPU", `${machine.cpu}, ${machine.cores} cores`],
    ["RAM", `${machine.ramGb} GB`],
    ["OS", `${machine.os}; ${machine.kernel}`],
    ["Node.js", machine.node],
    ["Chromium", machine.chromium],
    ["Java (Firestore emulator)", machine.java],
    ["firebase-tools", machine.firebaseTools],
    ["run", `${runDate(machine)} UTC, ${minutes(startedAt, finishedAt)} min`],
  ];
  return table({
    head: ["", ""],
    rows: rows.flatMap(([name, value]) => (value ? [[name, value]] : [])),
  });
}

const runDate = (machine: Machine) => machine.date.replace("T", " ").slice(0, 16);

function sectionPart(section: Section): string[] {
  return [
    `## ${section.title}`,
    ...section.method,
    ...section.tables.map(table),
    ...section.notes.filter(Boolean),
    ...(section.elapsedSeconds === undefined ? [] : [`_This benchmark took ${section.elapsedSeconds} s._`]),
  ];
}

function notesPart(targets: Target[]): string[] {
  const analysed = targets.filter((target) => target.analysis);
  if (analysed.length === 0) return [];
  return [
    "## Notes",
    prose.text("notes"),
    ...analysed.flatMap((target) => [`### ${target.promise} (${status(target)})`, target.analysis!]),
  ];
}
