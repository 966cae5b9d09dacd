/**
 * Run by scripts/run.sh before every npm script: stops with one sentence when the installed tree is not
 * the one package-lock.json describes (see lib/installed-tree.ts).
 */
import { installProblem } from "./lib/installed-tree.ts";
import { rootDir } from "./lib/project.ts";

const problem = installProblem(rootDir);
if (problem) {
  console.error(`✖ ${problem}`);
  process.exitCode = 1;
}
