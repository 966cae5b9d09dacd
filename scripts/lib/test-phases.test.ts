import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test, vi } from "vitest";
import { parsePhase, phaseArgs, runPhases, testPhases } from "./test-phases.ts";

describe("testPhases", () => {
  test("a full run: e2e beside the parallel projects, then the serial files alone", () => {
    const phases = testPhases(["unit", "unit-web", "rules", "api", "e2e", "serial"], false);
    expect(phases).toEqual([[["unit", "unit-web", "rules", "api"], ["e2e"]], [["serial"]]]);
    expect(phaseArgs(phases)).toEqual(["--phase", "unit,unit-web,rules,api+e2e", "--phase", "serial"]);
    expect(
      phaseArgs(phases)
        .filter((arg) => arg !== "--phase")
        .map(parsePhase),
    ).toEqual(phases);
  });

  test("one layer: its projects, the serial ones after", () => {
    expect(testPhases(["e2e", "serial"], false)).toEqual([[["e2e"]], [["serial"]]]);
    expect(testPhases(["api", "serial"], false)).toEqual([[["api"]], [["serial"]]]);
    expect(testPhases(["unit", "unit-web"], false)).toEqual([[["unit", "unit-web"]]]);
  });

  test("a narrowed run stays one vitest process, whose filters may match any project", () => {
    expect(testPhases(["api", "e2e", "serial"], true)).toEqual([[["api", "e2e", "serial"]]]);
  });
});

describe("runPhases", () => {
  const sh = (script: string) => ({ command: "sh", args: ["-c", script] });

  test("runs a phase's lanes at once, and holds a later lane's output until the first lane has ended", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "test-phases-"));
    const [started, ended] = [path.join(dir, "started"), path.join(dir, "ended")];
    // Lane 0 waits for lane 1 to have printed and ended, so they ran at once; lane 1's output still waits.
    const scripts: Record<string, string> = {
      first: `while [ ! -e ${started} ]; do sleep 0.05; done; sleep 0.2; touch ${ended}`,
      second: `echo second-lane; touch ${started}`,
    };
    const writes: { text: string; firstEnded: boolean }[] = [];
    const write = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
      writes.push({ text: String(chunk), firstEnded: existsSync(ended) });
      return true;
    });
    try {
      const status = await runPhases([[["first"], ["second"]]], ([project]) => sh(scripts[project!]!));
      expect(status).toBe(0);
    } finally {
      write.mockRestore();
      rmSync(dir, { recursive: true, force: true });
    }
    expect(writes).toEqual([{ text: "second-lane\n", firstEnded: true }]);
  });

  test("every phase runs, and the first failing lane's code is the result", async () => {
    const ran: string[] = [];
    const status = await runPhases([[["a"], ["b"]], [["c"]]], ([project], isLastPhase) => {
      ran.push(`${project}${isLastPhase ? " (last)" : ""}`);
      return sh(project === "b" ? "exit 3" : "exit 0");
    });
    expect(status).toBe(3);
    expect(ran).toEqual(["a", "b", "c (last)"]);
  });
});
