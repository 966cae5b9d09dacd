/**
 * Pieces the API's requests and answers are built from: the fields several routes take, and the shapes
 * several answers share. Each says, in its error, what the caller must send instead (the 400's message).
 */
import { z } from "zod";
import { advertiserIds, defaultAdvertiserId } from "../domain/advertisers.js";
import { MoneyFormatError, type Cents } from "../domain/money.js";
import { isPlainText } from "../domain/plain-text.js";

export const uidField = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,128}$/, { error: "must be a user id." })
  .meta({ description: "An affiliate's user id (their Firebase Auth uid).", example: "u3Xq9Lr2VbPz" });

/** Text of at most `max` characters without control, invisible or markup characters (domain/plain-text). */
export function plainTextField(max: number) {
  return z
    .string()
    .max(max, { error: `must be at most ${max} characters.` })
    .refine(isPlainText, { error: "contains characters that are not allowed." });
}

/** One of the advertisers, by id. */
export const advertiserId = z.enum(advertiserIds, { error: `must be one of ${advertiserIds.join(", ")}.` });

/** SPEC.md §7's currentAdvertiser: one of the advertisers; absent or empty means the default one. */
export const advertiserField = z
  .union([advertiserId, z.literal(""), z.null()], {
    error: `must be one of ${advertiserIds.join(", ")}.`,
  })
  .optional()
  .transform((value) => value || defaultAdvertiserId)
  .meta({ description: `The advertiser; absent, empty or null means ${defaultAdvertiserId}.` });

/**
 * An amount of dollars a request sends (a JSON number or a decimal string), read as cents by `read`
 * (parseDollars, or a signed reading): a MoneyFormatError it throws is the 400's message.
 */
export function dollarsInput(read: (value: number | string) => Cents) {
  return z.union([z.number(), z.string().max(32)]).transform((value, context) => {
    try {
      return read(value);
    } catch (error) {
      if (!(error instanceof MoneyFormatError)) throw error;
      context.addIssue({ code: "custom", message: error.message });
      return z.NEVER;
    }
  });
}

/** A query-string count: digits only, from 1 to `max`. */
export function countParam(max: number) {
  return z
    .string()
    .regex(/^[1-9]\d{0,5}$/, { error: `must be a whole number from 1 to ${max}.` })
    .transform(Number)
    .refine((value) => value <= max, { error: `must be a whole number from 1 to ${max}.` })
    .meta({ description: `A whole number from 1 to ${max}.` });
}

/** A query-string flag. */
export const flagParam = z
  .enum(["true", "false"], { error: 'must be "true" or "false".' })
  .transform((flag) => flag === "true");

/** Where a page starts: the cursor the previous page gave. */
export function cursorParam(pattern: RegExp) {
  return z
    .string()
    .regex(pattern, { error: "must be a cursor from a previous page." })
    .meta({ description: "The cursor the previous page answered with." });
}

/** A page's query: how many rows (`limit`, at most `max`) and where it starts (`after`, a previous page's cursor). */
export function pageQuery(max: number, cursor: RegExp) {
  return { limit: countParam(max).optional(), after: cursorParam(cursor).optional() };
}

// --- answers ----------------------------------------------------------------------------------------------

/** Every refusal: 4xx for the caller's mistakes, 500 (a generic message) for ours. */
export const errorAnswer = z.strictObject({ error: z.string() }).meta({
  id: "Error",
  description: "A refusal, with a message for a person.",
  example: { error: "Only advertiser staff may do this." },
});

/** A time, as the API writes it (ISO 8601 in UTC). */
export const isoTime = z.iso.datetime();

/** A day, as invoices write it. */
export const isoDay = z.iso.date();

/** Money in an answer: dollars (the API's edge; inside it is cents). */
export const dollars = z.number().meta({ description: "US dollars." });

/** Who recorded a payout or saved a setting. */
export const recorder = z.strictObject({ uid: z.string(), email: z.string() });

/** A commission group as an affiliate's row or data names it (issue 34). */
export const groupNamed = z.strictObject({ id: z.string(), name: z.string() }).meta({
  id: "GroupNamed",
  description: 'The commission group the affiliate is in ("default": the programme settings).',
});
