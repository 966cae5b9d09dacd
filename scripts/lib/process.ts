/** Running the project's commands from scripts: visible output, one clear sentence on failure. */
import { spawn, spawnSync, type SpawnOptions } from "node:child_process";
import path from "node:path";
import { SetupError } from "./emulator-env.ts";
import { rootDir } from "./project.ts";

/** A binary installed in node_modules/.bin (firebase, vitest, ...). */
export function localBin(name: string): string {
  return path.join(rootDir, "node_modules", ".bin", name);
}

/** Runs a step to completion with its output shown; a failure ends the script with the step's name. */
export function step(title: string, command: string, args: string[], options: SpawnOptions = {}): void {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { cwd: rootDir, stdio: "inherit", ...options });
  if (result.error) throw new SetupError(`${title} could not start (${result.error.message}).`);
  if (result.status !== 0) throw new StepFailed(title, result.status ?? 1);
}

export class StepFailed extends Error {
  readonly exitCode: number;

  constructor(title: string, exitCode: number) {
    super(`${title} failed.`);
    this.name = "StepFailed";
    this.exitCode = exitCode;
  }
}

/** Starts a long-running child that shares our terminal and stops with us (Ctrl-C, kill). */
export function startChild(command: string, args: string[], options: SpawnOptions = {}) {
  const child = spawn(command, args, { cwd: rootDir, stdio: "inherit", ...options });
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => child.kill(signal));
  }
  return child;
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
