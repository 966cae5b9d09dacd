/**
 * axe-core in the page: the serious and critical accessibility violations, as "rule: elements". The
 * library is evaluated through the DevTools protocol rather than added as a <script> tag, which the site's
 * Content-Security-Policy rightly refuses.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { AxeResults } from "axe-core";
import type { Page } from "playwright-core";
import { rootDir } from "../../scripts/lib/project.ts";

const axeSource = readFileSync(path.join(rootDir, "node_modules/axe-core/axe.min.js"), "utf8");

export async function seriousAccessibilityViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const results: AxeResults = await (window as unknown as { axe: { run(): Promise<AxeResults> } }).axe.run();
    return results.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
  });
}
