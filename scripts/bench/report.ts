/** docs/benchmarks.md from a run's results (scripts/bench/run.ts writes them, scripts/bench.ts calls this). */
import type { BenchResults, Table } from "./lib/results.ts";

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
    "<!-- Written by `npm run bench` (scripts/bench.ts and scripts/bench/); edit the scripts, not this file. -->",
    "How fast and how cheap the product is at the scale SPEC.md claims (6,000+ affiliates, 5M+ users) and " +
      "beyond, measured side by side with a floor for each figure. `npm run bench` builds the functions and the " +
      "web app, starts the auth, Firestore, Functions and Hosting emulators with an empty database (it seeds " +
      "its own data and never touches `emulator-data/`), runs every benchmark several times and writes this " +
      "page. These are benchmarks, not tests: they print figures and never fail the test suite; a benchmark " +
      "that cannot run makes `npm run bench` exit non-zero, a missed target does not. " +
      "`npm run bench -- --only clicks,events` runs some of them and prints their section without rewriting " +
      "this page.",
    "**Read the figures as ratios.** Everything runs on the Firebase emulator suite on one machine: the Java " +
      "Firestore emulator, the Functions emulator (a Node worker process per simultaneous request, talking to " +
      "the emulator over IPC), the Hosting emulator's proxy, the browser and the load generator share the same " +
      "cores. Absolute times are not production latencies (production has Firestore's real backend, Cloud " +
      "Run instances that take many requests each, and a CDN in front of Hosting); each figure is therefore " +
      "reported against a floor measured in the same run on the same path, and the ratio is what carries over. " +
      "Operation counts (reads, writes) are exact and do carry over.",
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
      "The product's promises (issue 9), how far each is, and why where one is missed.",
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

  parts.push(
    "## How operations are counted",
    "The Firestore emulator keeps no per-request metrics, so operations are counted where they can be seen " +
      "one by one:",
    "- **Server side (clicks, events, summary)**: the product's handlers (`handleTrack`, the API app from " +
      "`createApp()`, compiled in `functions/lib`) are served from the bench process on a local port, the way " +
      "the Functions runtime serves them, against the same Firestore emulator, and the Admin SDK's own request " +
      "log (`setLogFunction`, a public API of `@google-cloud/firestore`) records every RPC the client sends " +
      "with its content and every streamed answer. A document read is counted for every document a get asks " +
      "for (found or missing) and every document a query returns, plus one for a query that returns nothing " +
      "(Firestore's minimum charge); a write for every write in a commit the server accepted (a commit it " +
      "refused, such as a create of an existing document, is counted apart: it is not billed). Requests are " +
      "sent one at a time, so every operation belongs to the request in flight; the same code runs in the " +
      "emulated functions that the timings go through.",
    "- **Browser (dashboard)**: a script installed in the page before the app's own watches the Firestore " +
      "web SDK's Listen channel (WebChannel, which streams over fetch in Chromium); the bench parses the targets the SDK sent and " +
      "what the server answered: each `documentChange` delivered is one read, and a query that became current " +
      "with no document one more.",
    "- **Exact counts afterwards**: the click redirects and events sent through Hosting are checked against " +
      "what Firestore holds after the run (click shards and visit records; the affiliates' total_sales).",
  );

  for (const section of results.sections) {
    parts.push(`## ${section.title}`, ...section.method);
    for (const t of section.tables) parts.push(table(t));
    parts.push(...section.notes.filter(Boolean));
    if (section.elapsedSeconds !== undefined) parts.push(`_This benchmark took ${section.elapsedSeconds} s._`);
  }
  return `${parts.join("\n\n")}\n`;
}
