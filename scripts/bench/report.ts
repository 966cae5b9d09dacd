/** docs/benchmarks.md from a run's results (scripts/bench/run.ts writes them, scripts/bench.ts calls this). */
import { loadProse } from "./lib/prose.ts";
import type { BenchResults, Table } from "./lib/results.ts";

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

export function renderReport(results: BenchResults): string {
  const { machine } = results;
  const parts: string[] = [];
  parts.push(
    "# Benchmarks",
    "<!-- Written by `npm run bench` (scripts/bench.ts and scripts/bench/, its prose in scripts/bench/*.md); edit those, not this file. -->",
    ...prose.paragraphs("intro"),
  );

  parts.push(
    "## Machine",
    table({
      head: ["", ""],
      rows: [
        ["CPU", `${machine.cpu}, ${machine.cores} cores`],
        ["RAM", `${machine.ramGb} GB`],
        ["OS", `${machine.os}; ${machine.kernel}`],
        ["Node.js", machine.node],
        ...(machine.chromium ? [["Chromium", machine.chromium]] : []),
        ...(machine.java ? [["Java (Firestore emulator)", machine.java]] : []),
        ["firebase-tools", machine.firebaseTools],
        [
          "run",
          `${machine.date.replace("T", " ").slice(0, 16)} UTC, ${minutes(results.startedAt, results.finishedAt)} min`,
        ],
      ],
    }),
  );

  const targets = results.sections.flatMap((section) => section.targets.map((target) => ({ section, target })));
  if (targets.length > 0) {
    parts.push(
      "## Targets",
      prose.text("targets"),
      table({
        head: ["promise", "measured", "status", "how far"],
        rows: targets.map(({ target }) => [
          target.promise,
          target.measured,
          target.met ? "met" : "**missed**",
          target.margin,
        ]),
      }),
      targets
        .map(({ target }) => `- **${target.promise}** (${target.met ? "met" : "missed"}): ${target.note}`)
        .join("\n"),
    );
  }
  if (results.failures.length > 0) {
    parts.push(
      "## Benchmarks that did not run",
      results.failures.map((failure) => `- **${failure.id}**: ${failure.message}`).join("\n"),
    );
  }

  parts.push("## How operations are counted", ...prose.paragraphs("operations"));

  for (const section of results.sections) {
    parts.push(`## ${section.title}`, ...section.method);
    for (const t of section.tables) parts.push(table(t));
    parts.push(...section.notes.filter(Boolean));
    if (section.elapsedSeconds !== undefined) parts.push(`_This benchmark took ${section.elapsedSeconds} s._`);
  }
  return `${parts.join("\n\n")}\n`;
}
