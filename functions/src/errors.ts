import type { z } from "zod";

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
