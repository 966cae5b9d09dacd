/**
 * How npm test runs the selected vitest projects inside the emulators: in phases, one after another, each
 * phase a few vitest processes ("lanes") side by side.
 *
 * One vitest run would start the end-to-end files only after every other file: a project that runs one file
 * at a time (`fileParallelism: false`, as e2e does: one browser at a time) is put in a group of its own that
 * vitest runs last, after the serial group too. The e2e layer (about 280 s of one browser) then ran alone at
 * the end of the run while the two cores had room for it beside the api layer. So a full run has two phases:
 * the e2e files in a lane of their own beside every other parallel project, then the serial files, which need
 * the emulators to themselves.
 *
 * A narrowed run (files or -t after `--`, `--changed`) stays one vitest process: its filters may match files
 * of any project, and a lane that matched none would fail.
 */
import { exitOf, startChild } from "./process.ts";

/** Projects that run after every other, each file alone (vitest.config.ts's `sequence.groupOrder: 1`). */
const last = ["serial"];
/** Projects that run one file at a time, beside the parallel ones (vitest.config.ts's `fileParallelism`). */
const beside = ["e2e"];

/** Phases in order; each a list of lanes run at once; each lane the projects of one vitest process. */
export type Phases = string[][][];

export function testPhases(projects: readonly string[], narrowed: boolean): Phases {
  if (narrowed || projects.length === 0) return [[[...projects]]];
  const parallel = projects.filter((project) => !last.includes(project) && !beside.includes(project));
  const alone = projects.filter((project) => beside.includes(project));
  const after = projects.filter((project) => last.includes(project));
  const first = [parallel, alone].filter((lane) => lane.length > 0);
  return [first, after.length > 0 ? [after] : []].filter((phase) => phase.length > 0);
}

/** Phases as command-line arguments for scripts/run-test-phases.ts: `--phase unit,api+e2e --phase serial`. */
export function phaseArgs(phases: Phases): string[] {
  return phases.flatMap((lanes) => ["--phase", lanes.map((lane) => lane.join(",")).join("+")]);
}

export function parsePhase(arg: string): string[][] {
  return arg.split("+").map((lane) => lane.split(",").filter(Boolean));
}

/** The command of one lane: its projects' vitest run (a test gives a stand-in). */
export type LaneCommand = (
  projects: string[],
  isLastPhase: boolean,
) => { command: string; args: string[]; env?: NodeJS.ProcessEnv };

/**
 * Runs the phases in order and every phase's lanes at once; every phase runs, whatever an earlier one found,
 * so one run reports every failure. The first lane of a phase prints as it goes; the others' output is held
 * until the first lane has ended, so reports never interleave. Resolves with 0, or the first failing lane's
 * exit code.
 */
export async function runPhases(phases: Phases, laneCommand: LaneCommand): Promise<number> {
  let status = 0;
  for (const [index, lanes] of phases.entries()) {
    const isLastPhase = index === phases.length - 1;
    // The output of the lanes after the first, held until the first lane has ended.
    let held: [NodeJS.WriteStream, Buffer][] | undefined = [];
    const statuses = await Promise.all(
      lanes.map(async (projects, lane) => {
        const { command, args, env } = laneCommand(projects, isLastPhase);
        const child = startChild(command, args, { env, stdio: lane === 0 ? "inherit" : ["ignore", "pipe", "pipe"] });
        const exited = exitOf(child, `vitest (${projects.join(", ")})`);
        if (lane === 0) {
          const code = await exited;
          for (const [stream, chunk] of held ?? []) stream.write(chunk);
          held = undefined;
          return code;
        }
        const closed = new Promise((resolve) => child.once("close", resolve));
        const pass = (stream: NodeJS.WriteStream) => (chunk: Buffer) => {
          if (held) held.push([stream, chunk]);
          else stream.write(chunk);
        };
        child.stdout?.on("data", pass(process.stdout));
        child.stderr?.on("data", pass(process.stderr));
        const code = await exited;
        await closed;
        return code;
      }),
    );
    status ||= statuses.find((code) => code !== 0) ?? 0;
  }
  return status;
}
