/**
 * npm test runs the static checks beside the tests and stops the tests when a check fails: the two halves
 * of that, with real child processes (a shell standing in for the emulators and for a check).
 */
import { expect, test, vi } from "vitest";
import { step, stepsSideBySide, StepFailed } from "./process.ts";

const sh = (script: string) => ({ command: "sh", args: ["-c", script] });

test("an aborted step stops its whole process group at once and fails", async () => {
  vi.spyOn(console, "log").mockImplementation(() => {});
  const tests = new AbortController();
  const started = performance.now();
  // The leader waits on a child of its own, as the emulators' CLI waits on vitest.
  const running = step("Tests", "sh", ["-c", "sleep 30 & wait"], { signal: tests.signal });
  setTimeout(() => tests.abort(), 200);
  await expect(running).rejects.toBeInstanceOf(StepFailed);
  expect(performance.now() - started).toBeLessThan(10_000);
});

test("a step whose signal is already aborted does not start", async () => {
  vi.spyOn(console, "log").mockImplementation(() => {});
  await expect(step("Tests", "sh", ["-c", "exit 0"], { signal: AbortSignal.abort() })).rejects.toThrow();
});

test("a failing check is heard of at once, while the others still run to their end", async () => {
  vi.spyOn(console, "log").mockImplementation(() => {});
  const heard: string[] = [];
  const order: string[] = [];
  const checks = stepsSideBySide(
    [
      { title: "Fails", ...sh("exit 3") },
      { title: "Passes", ...sh("echo ran") },
    ],
    1,
    (failure) => {
      heard.push(failure.message);
      order.push("heard");
    },
  );
  vi.mocked(console.log).mockImplementation((line: string) => {
    if (String(line).includes("✔ Passes")) order.push("passed");
  });
  const failure = await checks.catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(StepFailed);
  expect((failure as StepFailed).exitCode).toBe(3);
  expect(heard).toEqual(["Fails failed."]);
  // Heard before the next check had run, not when all of them had ended.
  expect(order).toEqual(["heard", "passed"]);
});
