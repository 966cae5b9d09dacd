import type { ErrorRequestHandler, RequestHandler } from "express";
import { logger } from "firebase-functions/logger";
import { ApiError, asApiError } from "../errors.js";

/** Unknown /api paths answer like every other refusal. */
export const notFound: RequestHandler = (req, _res, next) => {
  next(new ApiError("not_found", `No such endpoint: ${req.method} ${req.path}`));
};

/** One place turns any thrown error into `{ "error": ... }`; internals never reach the caller. */
export const errorHandler: ErrorRequestHandler = (err: unknown, req, res, _next) => {
  const answer = asApiError(err);
  if (answer.status >= 500) {
    logger.error("api: unhandled error", {
      path: req.path,
      method: req.method,
      error: err instanceof Error ? (err.stack ?? err.message) : String(err),
    });
  }
  if (answer.retryAfterSeconds !== undefined) res.set("Retry-After", String(answer.retryAfterSeconds));
  res.status(answer.status).set("Cache-Control", "private, no-store").json({ error: answer.message });
};
