/** Request-body pieces shared by the affiliate API's routes. */
import type { Request } from "express";
import { z } from "zod";
import { advertiserIds, defaultAdvertiserId } from "../domain/advertisers.js";
import { isPlainText } from "../domain/plain-text.js";
import { ApiError } from "../errors.js";

export const uidField = z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, { error: "must be a user id." });

/** Text of at most `max` characters without control, invisible or markup characters (domain/plain-text). */
export function plainTextField(max: number) {
  return z
    .string()
    .max(max, { error: `must be at most ${max} characters.` })
    .refine(isPlainText, { error: "contains characters that are not allowed." });
}

/** SPEC.md §7's currentAdvertiser: one of the advertisers; absent or empty means the default one. */
export const advertiserField = z
  .union([z.enum(advertiserIds), z.literal(""), z.null()], {
    error: `must be one of ${advertiserIds.join(", ")}.`,
  })
  .optional()
  .transform((value) => value || defaultAdvertiserId);

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
