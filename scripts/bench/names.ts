import { SetupError } from "../lib/emulator-env.ts";

/** The benchmarks, in the order they run (the summary seeds the affiliates the events spread over). */
export const benchmarkNames = ["module-load", "invoice", "summary", "events", "clicks", "dashboard", "web"] as const;

export type BenchmarkName = (typeof benchmarkNames)[number];

/** The benchmarks that drive Chromium. */
export const browserBenchmarks: readonly BenchmarkName[] = ["dashboard", "web"];

/** The names in a `--only a,b` list, checked; every benchmark when the list is empty. */
export function selectBenchmarks(only: string): BenchmarkName[] {
  const names = only.split(",").filter(Boolean);
  const unknown = names.filter((name) => !(benchmarkNames as readonly string[]).includes(name));
  if (unknown.length > 0) {
    throw new SetupError(
      `Unknown benchmark ${unknown.map((name) => `"${name}"`).join(", ")}: use ${benchmarkNames.join(", ")}.`,
    );
  }
  return names.length > 0 ? (names as BenchmarkName[]) : [...benchmarkNames];
}
