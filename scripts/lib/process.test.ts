import { describe, expect, test } from "vitest";
import { step, StepFailed, stepsSideBySide, type StepReport } from "./process.ts";

/** A shell step that succeeds once its own session's autogroup has the given nice value (bounded: 5 s). */
const waitsForAutogroupNice = (nice: number) => ({
  title: `autogroup nice ${nice}`,
  command: "sh",
  args: [
    "-c",
    `for i in $(seq 50); do grep -q "nice ${nice}$" /proc/self/autogroup && exit 0; sleep 0.1; done; cat /proc/self/autogroup; exit 1`,
  ],
});

describe("stepsSideBySide", () => {
  test("reports each step as it ends, and throws the first failure after every step has run", async () => {
    const reports: StepReport[] = [];
    const run = stepsSideBySide(
      [
        { title: "fails", command: "sh", args: ["-c", "echo broken; exit 3"] },
        { title: "passes", command: "sh", args: ["-c", "echo fine"] },
      ],
      1,
      { onReport: (report) => reports.push(report) },
    );
    await expect(run).rejects.toMatchObject({ name: "StepFailed", exitCode: 3, message: "fails failed." });
    expect(reports.map(({ title, ok }) => ({ title, ok }))).toEqual([
      { title: "fails", ok: false },
      { title: "passes", ok: true },
    ]);
    expect(reports[0]!.text).toContain("broken");
    expect(reports[0]!.text).toMatch(/✖ fails \(\d+\.\d s\)$/);
  });

  test.runIf(process.platform === "linux")(
    "lowestPriority puts each step's session at the lowest priority, beside the rest at their own",
    async () => {
      const reports: StepReport[] = [];
      await stepsSideBySide([waitsForAutogroupNice(19)], 1, {
        lowestPriority: true,
        onReport: (report) => reports.push(report),
      });
      expect(reports[0]).toMatchObject({ ok: true });
      // Without the option a step keeps the ordinary priority.
      await expect(
        stepsSideBySide([waitsForAutogroupNice(0)], 1, { onReport: (report) => reports.push(report) }),
      ).resolves.toBeUndefined();
    },
  );
});

describe("step", () => {
  test("a stop signal ends the running step and its process group", async () => {
    const stop = new AbortController();
    const started = performance.now();
    const running = step("sleeping", "sh", ["-c", "sleep 30 & wait"], { stop: stop.signal, stdio: "ignore" });
    stop.abort();
    await expect(running).rejects.toBeInstanceOf(StepFailed);
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  test("a step whose stop signal has fired does not start", async () => {
    const stop = new AbortController();
    stop.abort();
    await expect(step("never", "sh", ["-c", "exit 0"], { stop: stop.signal })).rejects.toMatchObject({
      message: "never failed.",
    });
  });
});
