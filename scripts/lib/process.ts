/**
 * Running the project's commands from scripts: visible output, one clear sentence on failure, and every
 * process we start stopped by its own id. Each child runs in a process group of its own (the emulators'
 * CLI starts Java and function workers under it); when we are stopped (Ctrl-C, kill) or exit, we stop
 * exactly those groups, never a process found by name.
 */
import { spawn, type ChildProcess, type SpawnOptions } from "node:child_process";
import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { SetupError } from "./emulator-env.ts";
import { rootDir } from "./project.ts";

/** A binary installed in node_modules/.bin (firebase, vitest, ...). */
export function localBin(name: string): string {
  return path.join(rootDir, "node_modules", ".bin", name);
}

/** The children we started and that still run, each the leader of its own process group. */
const running = new Set<ChildProcess>();

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is gone already.
  }
}

let stopping = false;
function stopOnExit(): void {
  if (stopping) return;
  stopping = true;
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.on(signal, () => {
      process.exitCode = 128 + (signal === "SIGINT" ? 2 : signal === "SIGTERM" ? 15 : 1);
      for (const child of running) signalGroup(child, signal);
    });
  }
  process.on("exit", () => {
    for (const child of running) signalGroup(child, "SIGKILL");
  });
}

/**
 * Starts a long-running child that shares our terminal and is stopped with us. When its leader exits,
 * whatever it left running in its group is stopped too.
 */
export function startChild(command: string, args: string[], options: SpawnOptions = {}): ChildProcess {
  stopOnExit();
  const child = spawn(command, args, { cwd: rootDir, stdio: "inherit", detached: true, ...options });
  running.add(child);
  child.on("exit", () => {
    running.delete(child);
    signalGroup(child, "SIGTERM");
  });
  return child;
}

/** Resolves with the child's exit code (1 when it was stopped by a signal or could not start). */
export function exitOf(child: ChildProcess, title: string): Promise<number> {
  return new Promise((resolve, reject) => {
    child.on("error", (error) => reject(new SetupError(`${title} could not start (${error.message}).`)));
    child.on("exit", (code) => resolve(code ?? 1));
  });
}

/** A step's options: the child's, and a signal that stops it (its whole process group) early. */
export type StepOptions = SpawnOptions & { stop?: AbortSignal };

/** Runs a step to completion with its output shown; a failure ends the script with the step's name. */
export async function step(title: string, command: string, args: string[], options: StepOptions = {}): Promise<void> {
  const { stop, ...spawnOptions } = options;
  if (stop?.aborted) throw new StepFailed(title, 1);
  console.log(`\n▶ ${title}`);
  const started = performance.now();
  const child = startChild(command, args, spawnOptions);
  const onStop = () => signalGroup(child, "SIGTERM");
  stop?.addEventListener("abort", onStop, { once: true });
  const status = await exitOf(child, title).finally(() => stop?.removeEventListener("abort", onStop));
  if (status !== 0) throw new StepFailed(title, status);
  // Where the time goes, step by step (npm test's own summary of them comes from these lines).
  console.log(`✔ ${title} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}

export class StepFailed extends Error {
  readonly exitCode: number;

  constructor(title: string, exitCode: number) {
    super(`${title} failed.`);
    this.name = "StepFailed";
    this.exitCode = exitCode;
  }
}

/** The body of every script: setup problems print one sentence, not a stack trace. */
export async function main(body: () => Promise<void> | void): Promise<void> {
  try {
    await body();
  } catch (error) {
    if (error instanceof SetupError) {
      console.error(`\n✖ ${error.message}`);
      process.exitCode = 1;
    } else if (error instanceof StepFailed) {
      console.error(`\n✖ ${error.message}`);
      process.exitCode = error.exitCode;
    } else {
      throw error;
    }
  }
}

/** Polls until `check` is true; bounded in time, never a blind sleep. */
export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new SetupError(`${what} did not become ready within ${Math.round(timeoutMs / 1000)} s.`);
}

/** How a step of `stepsSideBySide` ended: its title, its status, and its output with the closing line. */
export interface StepReport {
  title: string;
  ok: boolean;
  text: string;
}

export interface SideBySideOptions {
  /**
   * Run the steps on the cores nothing else wants (npm test's static checks, beside the tests): each at
   * the lowest priority. On Linux with autogroup scheduling, every session (each detached child is one)
   * gets an equal share of the cores whatever its processes' nice values, so the session's own nice is set
   * too (/proc/PID/autogroup).
   */
  lowestPriority?: boolean;
  /** Called as each step ends; the default prints its report. */
  onReport?: (report: StepReport) => void;
}

/**
 * Runs steps side by side, `atOnce` at a time (the static checks are single-threaded: two cores check two
 * things at once). Each step's output is kept and reported whole when it ends, so outputs never interleave;
 * every step runs to its end, and then the first that failed ends the script with its name.
 */
export async function stepsSideBySide(
  steps: { title: string; command: string; args: string[] }[],
  atOnce: number,
  { lowestPriority = false, onReport = (report) => console.log(report.text) }: SideBySideOptions = {},
): Promise<void> {
  const failed: StepFailed[] = [];
  let next = 0;
  const lane = async () => {
    while (next < steps.length) {
      const { title, command, args } = steps[next++]!;
      const started = performance.now();
      const child = startChild(command, args, { stdio: ["ignore", "pipe", "pipe"] });
      const exited = exitOf(child, title);
      const output: Buffer[] = [];
      child.stdout?.on("data", (chunk: Buffer) => output.push(chunk));
      child.stderr?.on("data", (chunk: Buffer) => output.push(chunk));
      if (lowestPriority && child.pid !== undefined) await yieldCores(child.pid);
      const status = await exited;
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const shown = Buffer.concat(output).toString().trimEnd();
      const closing = `${status === 0 ? "✔" : "✖"} ${title} (${seconds} s)`;
      onReport({ title, ok: status === 0, text: `\n▶ ${title}${shown ? `\n${shown}` : ""}\n${closing}` });
      if (status !== 0) failed.push(new StepFailed(title, status));
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, steps.length) }, lane));
  if (failed[0]) throw failed[0];
}

/**
 * Gives a just-started child (and what it starts) the lowest CPU priority: its nice value, and on Linux its
 * session's autogroup. The kernel takes an autogroup change from an unprivileged user at most every 100 ms
 * (EAGAIN otherwise), so that one is tried a few times. Where neither applies the child runs as it is.
 */
async function yieldCores(pid: number): Promise<void> {
  try {
    os.setPriority(pid, 19);
  } catch {
    // Gone already, or not ours to change: it runs at its priority.
  }
  if (process.platform !== "linux") return;
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      writeFileSync(`/proc/${pid}/autogroup`, "19");
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EAGAIN") return;
      await delay(150);
    }
  }
}
