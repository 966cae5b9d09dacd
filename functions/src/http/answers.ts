/**
 * Answering with the contract's response schemas (functions/src/contract): the compiler holds what a route
 * sends to its route's schema; the answer goes out as it is, never parsed or stripped on the way
 * (tests/api/contract.test.ts checks the real answers against the schemas instead).
 */
import type { Response } from "express";
import type { SentBy } from "../contract/index.js";

/** Sends `answer`, which must be what `route` answers. */
export function reply<R extends { response: unknown }>(
  res: Response,
  _route: R,
  answer: SentBy<R>,
  status = 200,
): void {
  res.status(status).json(answer);
}

/**
 * Sends an answer serialised already (the summary measures its page as JSON while it builds it): `answer`
 * is what `json` holds, for the compiler.
 */
export function replySerialised<R extends { response: unknown }>(
  res: Response,
  _route: R,
  _answer: SentBy<R>,
  json: string,
): void {
  res.type("application/json").send(json);
}
