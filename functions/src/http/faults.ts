/**
 * Fault injection for the hardening tests: a request can ask for a failure at a named point with the
 * X-Test-Fault header, and only when the code runs in the Functions emulator (FUNCTIONS_EMULATOR, which the
 * emulator sets and production never does). In production the header is ignored.
 */
import type { Request } from "express";

export type FaultPoint = "before-commit" | "after-commit" | "mid-batch";

export function faultRequested(req: Request, point: FaultPoint): boolean {
  return process.env.FUNCTIONS_EMULATOR === "true" && req.get("X-Test-Fault") === point;
}

/** For "mid-batch": after how many items (X-Test-Fault-After) the batch stops, as a crash would. */
export function faultAfter(req: Request, point: FaultPoint): number | undefined {
  if (!faultRequested(req, point)) return undefined;
  const after = Number(req.get("X-Test-Fault-After"));
  return Number.isInteger(after) && after > 0 ? after : undefined;
}
