import { defineConfig } from "vitest/config";
import LongestFirst from "./tests/support/sequencer.ts";

/**
 * One test run, four layers (DESIGN.md "Tests"). `npm test` runs them all inside one
 * `firebase emulators:exec`; a new test file joins its layer by its location alone.
 */
export default defineConfig({
  test: {
    reporters: ["default", "./tests/support/layer-reporter.ts"],
    // Most of a run is waiting on the emulators (a queue's backoff, a fresh clock minute, a round trip), so
    // several files run at once though the machines have two cores; vitest's default there is one.
    maxWorkers: 4,
    sequence: { sequencer: LongestFirst },
    // Before every layer: the functions' workers started (warm-functions.ts). After: the census of the data,
    // for npm test's export/re-import check.
    globalSetup: ["./tests/support/warm-functions.ts", "./tests/support/census-teardown.ts"],
    projects: [
      {
        test: {
          name: "unit",
          include: ["functions/src/**/*.test.ts", "scripts/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        extends: "./web/vite.config.ts",
        test: {
          name: "unit-web",
          root: "./web",
          // A project that extends a Vite config does not take the root's maxWorkers: it would get vitest's
          // default for two cores, one, and with it a group of its own that runs last (after the flood).
          maxWorkers: 4,
          include: ["src/**/*.test.{ts,tsx}"],
          environment: "jsdom",
          setupFiles: ["./src/test-setup.ts"],
          // Beside the emulator layers a file's first import of a lazy chunk can take seconds (vitest's
          // default limit is 5 s for a whole test).
          testTimeout: 20_000,
          // CSS modules' classes keep their names in unit tests (the build hashes them).
          css: { modules: { classNameStrategy: "non-scoped" } },
        },
      },
      {
        test: {
          name: "rules",
          include: ["tests/rules/**/*.test.ts"],
          environment: "node",
          testTimeout: 20_000,
          // Each file starts its own rules environment and seeds it: seconds on a busy two-core machine.
          hookTimeout: 30_000,
          // Fails the run when a rule expression was never evaluated by these tests.
          globalSetup: ["./tests/support/rules-coverage.ts"],
        },
      },
      {
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          exclude: ["**/*.serial.test.ts"],
          environment: "node",
          // At the run's start every file's first requests start Functions emulator workers at once, each
          // loading the API, on two cores: a five-request test took 30 s there (27 November). The limit is the
          // run's safety; a test's own figures are measured by npm run bench.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 60_000,
          exclude: ["**/*.serial.test.ts"],
          // A page's answer to a click waits on the API, which on a busy two-core machine can take seconds: so
          // expect.poll waits up to 10 s (vitest's default is 1 s) for what it checks.
          expect: { poll: { timeout: 10_000 } },
          // One browser at a time: the machines have two cores and the emulators need them too.
          fileParallelism: false,
        },
      },
      {
        test: {
          // Tests that change what every other test relies on (the programme settings), or whose figures
          // hold only with the emulators to themselves (rate limits count per function instance, and the
          // Functions emulator starts an instance for each request in flight): one file at a time, after
          // every other project has finished, each putting back what it changed.
          name: "serial",
          include: ["tests/api/**/*.serial.test.ts", "tests/e2e/**/*.serial.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
