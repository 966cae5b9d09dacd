/**
 * The order vitest starts test files in. Its own order runs the files that took longest last time first,
 * and on a fresh clone, with no times yet, the largest files first; a short file can take longest (the
 * tracker flood sends 20,000 events in 90 lines), and started last it would be the run's tail alone. So the
 * files that take longest start first here, whatever vitest knows, and the rest keep vitest's order.
 */
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** The longest files of a run (docs/development.md lists the ten slowest), longest first. */
export const longestFirst = [
  "tests/api/tracker-flood.serial.test.ts",
  "tests/api/fuzz.test.ts",
  "tests/api/outbound-postbacks.test.ts",
  "tests/api/load.serial.test.ts",
  "tests/api/links.test.ts",
];

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = longestFirst.findIndex((path) => file.moduleId.endsWith(path));
      return index < 0 ? longestFirst.length : index;
    };
    // Within a group (vitest runs the serial group after the rest), the longest files first; stable otherwise.
    return sorted
      .map((file, position) => ({ file, position }))
      .sort(
        (a, b) =>
          a.file.project.config.sequence.groupOrder - b.file.project.config.sequence.groupOrder ||
          rank(a.file) - rank(b.file) ||
          a.position - b.position,
      )
      .map(({ file }) => file);
  }
}
