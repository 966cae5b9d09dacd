/**
 * The explanations in docs/benchmarks.md live in markdown beside the benchmarks (scripts/bench/<name>.md),
 * in named parts, each under a `## part-name` line, with {{placeholders}} the benchmark fills with its
 * measured figures. Text before the first part is a note to whoever edits the file and is not used.
 *
 * A paragraph may be wrapped over several lines in the file; it comes out as one line, as markdown reads
 * it. A line starting with "- " starts a new line (a list item).
 */
import { readFileSync } from "node:fs";
import path from "node:path";

export type Values = Record<string, string | number>;

/** `template` with every {{name}} replaced; a placeholder without a value, or a value unused, throws. */
export function fill(template: string, values: Values = {}): string {
  const used = new Set<string>();
  const text = template.replace(/\{\{(\w+)\}\}/g, (_placeholder, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`No value for {{${name}}}`);
    used.add(name);
    return String(value);
  });
  const unused = Object.keys(values).filter((name) => !used.has(name));
  if (unused.length > 0) throw new Error(`Not in the text: ${unused.map((name) => `{{${name}}}`).join(", ")}`);
  return text;
}

export interface Prose {
  /** The part's paragraphs, filled. */
  paragraphs(part: string, values?: Values): string[];
  /** The part as one paragraph, filled. */
  text(part: string, values?: Values): string;
}

/** The parts of a markdown file beside the benchmark: `loadProse(import.meta.dirname, "clicks.md")`. */
export function loadProse(directory: string, file: string): Prose {
  const parts = parseParts(readFileSync(path.join(directory, file), "utf8"));
  const part = (name: string): string => {
    const text = parts.get(name);
    if (text === undefined) throw new Error(`No part "## ${name}" in ${file}`);
    return text;
  };
  return {
    paragraphs: (name, values) => fill(part(name), values).split("\n\n"),
    text: (name, values) => {
      const text = fill(part(name), values);
      if (text.includes("\n\n")) throw new Error(`The part "${name}" has more than one paragraph`);
      return text;
    },
  };
}

export function parseParts(markdown: string): Map<string, string> {
  const parts = new Map<string, string>();
  const sections = markdown.split(/^## ([\w-]+)\n/m);
  for (let i = 1; i < sections.length; i += 2) {
    const name = sections[i]!;
    if (parts.has(name)) throw new Error(`The part "## ${name}" appears twice`);
    const paragraphs = sections[i + 1]!.trim().split(/\n\s*\n/);
    parts.set(name, paragraphs.map(unwrap).join("\n\n"));
  }
  return parts;
}

/** A paragraph's lines joined with spaces; list items keep their own lines. */
function unwrap(paragraph: string): string {
  return paragraph
    .split("\n")
    .map((line) => line.trim())
    .reduce((text, line) => (text === "" ? line : `${text}${line.startsWith("- ") ? "\n" : " "}${line}`), "");
}
