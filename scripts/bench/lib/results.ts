/**
 * What a benchmark hands back: its own section of docs/benchmarks.md (how it measured, its tables) and how
 * far each of the product's targets it covers is. The runner (run.ts) writes them to a JSON file and
 * scripts/bench.ts renders the document, so a benchmark never formats the page itself.
 */

export interface Table {
  /** A sentence above the table. */
  caption?: string;
  head: string[];
  rows: string[][];
}

export interface Target {
  /** The product's promise, as the issue words it. */
  promise: string;
  /** What this run measured, in the promise's terms. */
  measured: string;
  met: boolean;
  /** How far from the limit: "38% headroom", "21% over". */
  margin: string;
  /**
   * What the figure means, or why it was missed: at most two sentences, read with the targets' table at the
   * top of docs/benchmarks.md.
   */
  note: string;
  /** The longer story, where there is one (the causes measured, what would reach the target): its Notes. */
  analysis?: string;
}

export interface Section {
  id: string;
  title: string;
  /** How it was measured: paragraphs of the method. */
  method: string[];
  tables: Table[];
  targets: Target[];
  /** Paragraphs after the tables: observations and checks (exact counts and the like). */
  notes: string[];
  /** The raw per-run figures, kept in the JSON for anyone who wants to look again. */
  raw?: unknown;
  elapsedSeconds?: number;
}

export interface Machine {
  cpu: string;
  cores: number;
  ramGb: number;
  os: string;
  kernel: string;
  node: string;
  chromium?: string;
  java?: string;
  firebaseTools: string;
  date: string;
}

export interface BenchResults {
  machine: Machine;
  startedAt: string;
  finishedAt: string;
  /** Benchmarks run (all of them, or those --only named). */
  selected: string[];
  sections: Section[];
  /** Benchmarks that could not run to the end, with why. */
  failures: { id: string; message: string }[];
}
