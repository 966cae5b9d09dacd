import type { ErrorRequestHandler, RequestHandler } from "express";
import { logger } from "firebase-functions/logger";
import { z } from "zod";
import { ApiError, asBadRequest } from "../errors.js";

/** Unknown /api paths answer like every other refusal. */
export const notFound: RequestHandler = (req, _res, next) => {
  next(new ApiError("not_found", `No such endpoint: ${req.method} ${req.path}`));
};

/** One place turns any thrown error into `{ "error": ... }`; internals never reach the caller. */
export const errorHandler: ErrorRequestHandler = (err: unknown, req, res, _next) => {
  const answer = toApiError(err);
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

function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof z.ZodError) return asBadRequest(err);
  // Body parsers report malformed JSON and oversized bodies with an HTTP status of their own.
  const status = (err as { status?: unknown } | null)?.status;
  if (status === 400) return new ApiError("bad_request", "The request body is not valid JSON.");
  if (status === 413) return new ApiError("payload_too_large", "The request body is too large.");
  return new ApiError("internal", "Internal error. Please try again later.");
}
