import { z } from "zod";

/** Every refusal the API makes, by code; the code alone decides the HTTP status. */
export const errorStatus = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/** A refusal meant for the caller: its message is shown to them as `{ "error": message }`. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  /** For a 429: when the caller may try again (the Retry-After header). */
  readonly retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, message: string, retryAfterSeconds?: number) {
    super(message);
    this.name = "ApiError";
    this.code = code;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

/** A schema's refusal as the 400 its caller sees: "field: problem" for the first issue, which is what a person fixing their request needs. */
export function asBadRequest(err: z.ZodError): ApiError {
  const issue = err.issues[0];
  if (!issue) return new ApiError("bad_request", "Invalid request.");
  const where = issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
  return new ApiError("bad_request", `${where}${issue.message}`);
}

/**
 * Any thrown error as the refusal its caller sees: an ApiError as it is, a schema's as a 400, a body parser's
 * own status; anything else an internal error whose details stay in the logs.
 */
export function asApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof z.ZodError) return asBadRequest(err);
  // Body parsers report malformed JSON and oversized bodies with an HTTP status of their own.
  const status = (err as { status?: unknown } | null)?.status;
  if (status === 400) return new ApiError("bad_request", "The request body is not valid JSON.");
  if (status === 413) return new ApiError("payload_too_large", "The request body is too large.");
  return new ApiError("internal", "Internal error. Please try again later.");
}
