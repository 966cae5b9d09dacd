/**
 * Global setup of the rules layer. After the run, its teardown asks the Firestore emulator which rule
 * expressions the tests evaluated and fails the run, naming each one, when any never was: a rule no test
 * reaches is a rule no test checks.
 *
 * The emulator keeps a coverage report per project, reset whenever rules are loaded into it, and every rules
 * test file has a project of its own (rules-env.ts), so the reports of all the files are merged: an
 * expression counts as covered when any file evaluated it.
 *
 * The report leaves out constant conditions (`if true`, `if false`): the matrix tests are what check those.
 */
import path from "node:path";
import type { TestProject } from "vitest/node";
import { emulatorUrl, rootDir } from "../../scripts/lib/project.ts";
import { rulesFile, rulesProjectId } from "./rules-env.ts";

/**
 * GET /emulator/v1/projects/{projectId}:ruleCoverage: the rules loaded and a tree of their expressions.
 * Offsets index the rules text, endOffset inclusive; a function call spans its name only.
 */
interface CoverageReport {
  rules: { files: { content: string }[] };
  report: ExpressionCoverage[];
}

interface ExpressionCoverage {
  sourcePosition: { line: number; column: number; currentOffset: number; endOffset: number };
  /** The values the expression evaluated to, with counts; absent when it was never evaluated. */
  values?: { value: unknown; count: number }[];
  children?: ExpressionCoverage[];
}

export default function setup(project: TestProject): () => Promise<void> {
  return () => checkRulesCoverage(project);
}

async function checkRulesCoverage(project: TestProject): Promise<void> {
  const { testFiles } = await project.globTestFiles();
  if (!ranInFull(project, testFiles)) {
    console.warn("Rules coverage not checked: only part of the rules suite ran.");
    return;
  }

  const reports = await Promise.all(testFiles.map((file) => fetchCoverage(rulesProjectId(file))));
  const [first, ...others] = reports;
  if (!first) return;
  const rules = rulesContent(first);
  if (others.some((report) => rulesContent(report) !== rules)) {
    throw new Error("Rules coverage: the rules test projects ran different rules, so their coverage cannot be merged.");
  }

  const evaluated = new Set(reports.flatMap((report) => allExpressions(report.report).filter(wasEvaluated).map(key)));
  const missed = outermostMissed(first.report, evaluated);
  if (missed.length === 0) return;

  const where = path.relative(rootDir, rulesFile);
  const lines = missed.map(({ sourcePosition: { line, column, currentOffset, endOffset } }) => {
    const source = rules.slice(currentOffset, endOffset + 1).replace(/\s+/g, " ");
    return `  ${where}:${line}:${column}  ${source}`;
  });
  throw new Error(
    `Rules coverage: ${missed.length} rule expression(s) were never evaluated by the rules tests ` +
      `(each with everything inside it):\n${lines.join("\n")}`,
  );
}

async function fetchCoverage(projectId: string): Promise<CoverageReport> {
  const url = `${emulatorUrl("firestore")}/emulator/v1/projects/${projectId}:ruleCoverage`;
  const response = await fetch(url).catch((error: unknown) => {
    throw new Error(`Rules coverage: the Firestore emulator did not answer at ${url}.`, { cause: error });
  });
  if (!response.ok) throw new Error(`Rules coverage: ${url} answered ${response.status} ${response.statusText}.`);
  return (await response.json()) as CoverageReport;
}

/**
 * Whether every test of every rules test file ran: coverage of part of the suite (a file filter, -t,
 * --shard, --bail) says nothing about the rules.
 */
function ranInFull(project: TestProject, testFiles: string[]): boolean {
  // vitest marks its state API experimental; it is the only place a global setup can learn what ran.
  const modules = project.vitest.state.getTestModules().filter((module) => module.project.name === project.name);
  const ran = new Set(modules.map((module) => module.moduleId));
  const everyTestRan = modules.every((module) =>
    [...module.children.allTests()].every((test) => ["passed", "failed"].includes(test.result().state)),
  );
  return everyTestRan && testFiles.every((file) => ran.has(file));
}

function rulesContent(report: CoverageReport): string {
  return report.rules.files.map((file) => file.content).join("\n");
}

function wasEvaluated(expression: ExpressionCoverage): boolean {
  return (expression.values?.length ?? 0) > 0;
}

function key({ sourcePosition: { currentOffset, endOffset } }: ExpressionCoverage): string {
  return `${currentOffset}-${endOffset}`;
}

function allExpressions(expressions: ExpressionCoverage[]): ExpressionCoverage[] {
  return expressions.flatMap((expression) => [expression, ...allExpressions(expression.children ?? [])]);
}

/** The expressions never evaluated, leaving out those inside one already listed. */
function outermostMissed(expressions: ExpressionCoverage[], evaluated: Set<string>): ExpressionCoverage[] {
  return expressions.flatMap((expression) =>
    evaluated.has(key(expression)) ? outermostMissed(expression.children ?? [], evaluated) : [expression],
  );
}
