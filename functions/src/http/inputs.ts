/** Reading a request with the contract's schemas (functions/src/contract): its JSON body, its query string. */
import type { Request } from "express";
import type { z } from "zod";
import { ApiError } from "../errors.js";

/** The JSON object a POST sent; anything else (a string, an array, nothing) is a 400. */
export function jsonBody(req: Request): Record<string, unknown> {
  const body: unknown = req.body;
  if (
    body === undefined ||
    (typeof body === "object" && body !== null && Object.keys(body).length === 0 && !req.get("Content-Type"))
  ) {
    return {};
  }
  if (typeof body !== "object" || body === null || Array.isArray(body) || Buffer.isBuffer(body)) {
    throw new ApiError("bad_request", "The request body must be a JSON object.");
  }
  return body as Record<string, unknown>;
}

/** Parses a body with a schema; its first problem becomes the 400's message. */
export function parseBody<T extends z.ZodType>(schema: T, req: Request): z.output<T> {
  return schema.parse(jsonBody(req));
}

/** Parses the query string with a schema; its first problem becomes the 400's message. */
export function parseQuery<T extends z.ZodType>(schema: T, req: Request): z.output<T> {
  return schema.parse({ ...(req.query as Record<string, unknown>) });
}
