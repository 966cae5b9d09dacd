import type { Reporter, TestModule, Vitest } from "vitest/node";

/**
 * Prints how many tests each layer ran and fails the run when a selected layer ran none, so a layer whose
 * files silently stopped matching (or whose suite was emptied) cannot pass unnoticed.
 */
export default class LayerReporter implements Reporter {
  private projects: string[] = [];
  private filtered = false;

  onInit(vitest: Vitest): void {
    this.projects = vitest.projects.map((project) => project.name);
    // A run narrowed by test name (-t) or by file (scripts/test.ts says so) leaves the rest out on purpose.
    this.filtered = Boolean(vitest.config.testNamePattern) || process.env.TEST_RUN_NARROWED === "1";
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = new Map<string, { passed: number; failed: number; skipped: number }>(
      this.projects.map((name) => [name, { passed: 0, failed: 0, skipped: 0 }]),
    );
    for (const module of testModules) {
      const count = counts.get(module.project.name);
      if (!count) continue;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") count.passed += 1;
        else if (state === "failed") count.failed += 1;
        else count.skipped += 1;
      }
    }
    const lines = [...counts].map(
      ([name, c]) =>
        `  ${name.padEnd(10)} ${String(c.passed).padStart(5)} passed  ${c.failed} failed  ${c.skipped} skipped`,
    );
    console.log(`\nTests by layer:\n${lines.join("\n")}\n`);

    const empty = [...counts].filter(([, c]) => c.passed + c.failed === 0).map(([name]) => name);
    if (empty.length > 0 && !this.filtered) {
      console.error(`No tests ran in layer(s): ${empty.join(", ")}; every layer must run at least one test.`);
      process.exitCode = 1;
    }
    const skipped = [...counts].filter(([, c]) => c.skipped > 0).map(([name]) => name);
    if (skipped.length > 0 && !this.filtered) {
      console.error(`Skipped or todo tests in layer(s): ${skipped.join(", ")}; the suite allows none.`);
      process.exitCode = 1;
    }
  }
}
