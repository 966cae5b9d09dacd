/**
 * Inbound postbacks (issue 18): an advertiser's payment platform reports a conversion by calling our
 * postback URL with its macros filled in (GET query, or POST form or JSON). This is what such a call says,
 * parsed once for the endpoint, the integration page and the tests, and the URL template staff paste into
 * their platform.
 *
 * Platforms fill one template for every event, so a macro that means nothing for an event arrives empty (or,
 * on some platforms, still as its own `{name}`): both read as absent, and a sign-up ignores the sale's
 * fields. Parameters we do not know are ignored, as platforms add their own.
 */
import { z } from "zod";
import type { AdvertiserId } from "./advertisers.js";
import { isClickId } from "./clicks.js";
import {
  customerIdentifierFields,
  customerIdentifiersOf,
  identifierKinds,
  type CustomerIdentifiers,
} from "./customer-identifiers.js";
import { MoneyFormatError, parseDollars, type Cents } from "./money.js";

export const postbackEventTypes = ["sign_up", "sale", "refund", "chargeback"] as const;
export type PostbackEventType = (typeof postbackEventTypes)[number];

/** The advertiser's ids: the same rule as the events API's. */
const idPattern = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$/;
const maxRepeatIndex = 240;
const maxClockSkewMs = 5 * 60 * 1000;
const maxEventAgeMs = 400 * 24 * 60 * 60 * 1000;

/** The postback's parameters: at most this many, each at most this long (a platform's call is small). */
export const maxPostbackParams = 40;
export const maxPostbackValueLength = 512;

/** The macros of the URL template, in the order the template lists them. */
export const postbackMacros = [
  "click_id",
  "event",
  "amount",
  "currency",
  "transaction_id",
  "repeat_index",
  "sale_id",
] as const;

/** A parsed postback: what it reports, before the click id is looked up. */
export interface PostbackInput {
  type: PostbackEventType;
  transactionId: string;
  /** Required for a sign-up or sale; for a refund or chargeback, used only while its sale has not arrived. */
  clickId: string | null;
  /** A sale's amount; a refund's refunded part (absent: all that is left). */
  amountCents?: Cents;
  /** A sale's renewal index: 0 for the first payment. */
  repeatIndex: number;
  /** A refund's or chargeback's sale (that sale's transaction id). */
  saleId: string | null;
  /** When it happened, if the platform said; otherwise when it was received. */
  occurredAt: Date | null;
  /** A sign-up's or sale's customer, as the platform knows them (issue 33's self-referral), when it said. */
  customer?: CustomerIdentifiers;
}

/** A value that was not filled in: empty, or the platform's own unreplaced `{macro}`. */
const unfilled = (value: string) => value.trim() === "" || /^\{[A-Za-z0-9_]+\}$/.test(value.trim());

const amount = z.string().transform((value, ctx): Cents => {
  try {
    return parseDollars(value.trim());
  } catch (error) {
    ctx.addIssue({ code: "custom", message: error instanceof MoneyFormatError ? error.message : "Invalid amount." });
    return z.NEVER;
  }
});

const flag = z.enum(["1", "0", "true", "false", "yes", "no"], { error: "must be 1 or 0 (true or false)." });

const postbackParams = z.object({
  event: z.enum(postbackEventTypes, { error: `must be one of ${postbackEventTypes.join(", ")}.` }),
  transaction_id: z.string().regex(idPattern, {
    error: "must be the platform's id for this event: 1 to 128 letters, digits or _ . : - characters.",
  }),
  click_id: z.string().refine(isClickId, { error: "is not a click id (22 characters from our tracking link)." }),
  amount: amount.refine((cents) => cents > 0, { error: "must be more than 0." }),
  currency: z
    .string()
    .transform((value) => value.trim().toUpperCase())
    .pipe(z.literal("USD", { error: "must be USD." })),
  repeat_index: z
    .string()
    .regex(/^\d{1,3}$/, { error: `must be a whole number from 0 to ${maxRepeatIndex}.` })
    .transform(Number)
    .refine((value) => value <= maxRepeatIndex, { error: `must be a whole number from 0 to ${maxRepeatIndex}.` }),
  renewal: flag,
  sale_id: z.string().regex(idPattern, { error: "must be the transaction id of the sale it refers to." }),
  occurred_at: z.string().refine((value) => parseTime(value) !== null, {
    error: "must be an ISO 8601 date-time (2026-11-21T12:00:00Z) or Unix seconds.",
  }),
  ...customerIdentifierFields,
});

type Params = z.infer<typeof postbackParams>;

/** ISO 8601 with an offset, or Unix seconds (what platforms' {timestamp} macros give). */
function parseTime(value: string): Date | null {
  if (/^\d{9,11}$/.test(value)) return new Date(Number(value) * 1000);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/.test(value)) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time);
}

/**
 * The postback's parameters as one flat map of strings: the query, and a POST's form or JSON body (a
 * parameter in both must say the same). Anything else (nested values, too many, too long) is refused.
 */
export function postbackParameters(query: unknown, body: unknown): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [source, values] of [
    ["query", query],
    ["body", body],
  ] as const) {
    if (values === undefined || values === null || (typeof values === "object" && Buffer.isBuffer(values))) continue;
    if (typeof values !== "object" || Array.isArray(values)) {
      throw new PostbackFormatError(`The ${source} must be a set of name=value parameters.`);
    }
    for (const [name, raw] of Object.entries(values as Record<string, unknown>)) {
      const value = typeof raw === "number" || typeof raw === "boolean" ? String(raw) : raw;
      if (typeof value !== "string") throw new PostbackFormatError(`${name}: must be a single value.`);
      if (value.length > maxPostbackValueLength) {
        throw new PostbackFormatError(`${name}: must be at most ${maxPostbackValueLength} characters.`);
      }
      if (name in params && params[name] !== value) {
        throw new PostbackFormatError(`${name}: the query and the body disagree.`);
      }
      params[name] = value;
    }
  }
  if (Object.keys(params).length > maxPostbackParams) {
    throw new PostbackFormatError(`A postback has at most ${maxPostbackParams} parameters.`);
  }
  return params;
}

export class PostbackFormatError extends Error {
  override name = "PostbackFormatError";
}

/** Which parameters each event reads; the others are ignored, so one template serves every event. */
const fieldsFor: Record<PostbackEventType, readonly (keyof Params)[]> = {
  sign_up: ["click_id", "occurred_at", ...identifierKinds],
  sale: ["click_id", "amount", "currency", "repeat_index", "renewal", "occurred_at", ...identifierKinds],
  refund: ["click_id", "amount", "currency", "sale_id", "occurred_at"],
  chargeback: ["click_id", "amount", "currency", "sale_id", "occurred_at"],
};

/** Parses a postback's parameters (throws a ZodError naming the first bad one), times within bounds of `now`. */
export function parsePostback(params: Record<string, string>, now: Date): PostbackInput {
  const filled = Object.fromEntries(Object.entries(params).filter(([, value]) => !unfilled(value)));
  const { event, transaction_id } = postbackParams.pick({ event: true, transaction_id: true }).parse(filled);
  const wanted = Object.fromEntries(fieldsFor[event].map((field) => [field, true])) as Partial<
    Record<keyof Params, true>
  >;
  const fields = postbackParams.pick(wanted).partial().parse(filled) as Partial<Params>;

  const need = (field: keyof Params, present: boolean, message: string) => {
    if (!present) {
      throw new z.ZodError([{ code: "custom", path: [field], message, input: undefined }]);
    }
  };
  if (event === "sign_up" || event === "sale") need("click_id", fields.click_id !== undefined, "is required.");
  if (event === "sale") need("amount", fields.amount !== undefined, "a sale needs its amount.");
  if (event === "refund" || event === "chargeback") {
    need("sale_id", fields.sale_id !== undefined, `a ${event} needs sale_id, the sale's transaction id.`);
    need("sale_id", fields.sale_id !== transaction_id, `a ${event} needs its own transaction_id, not the sale's.`);
  }
  const occurredAt = fields.occurred_at === undefined ? null : parseTime(fields.occurred_at);
  if (occurredAt) {
    need("occurred_at", occurredAt.getTime() <= now.getTime() + maxClockSkewMs, "must not be in the future.");
    need("occurred_at", occurredAt.getTime() >= now.getTime() - maxEventAgeMs, "must be within the last 400 days.");
  }
  const renewal = fields.renewal === "1" || fields.renewal === "true" || fields.renewal === "yes";
  const customer = customerIdentifiersOf(fields);
  return {
    type: event,
    transactionId: transaction_id,
    clickId: fields.click_id ?? null,
    ...(fields.amount === undefined ? {} : { amountCents: fields.amount }),
    repeatIndex: fields.repeat_index ?? (renewal ? 1 : 0),
    saleId: fields.sale_id ?? null,
    occurredAt,
    ...(customer ? { customer } : {}),
  };
}

/**
 * What makes two postbacks with one transaction id the same: everything they report, but not when they
 * were received (a retry comes later) nor how (GET or POST, the token). The ledger keeps its SHA-256.
 */
export function postbackFingerprint(advertiser: AdvertiserId, input: PostbackInput): string {
  return JSON.stringify({
    via: "postback",
    advertiser,
    type: input.type,
    transaction_id: input.transactionId,
    click_id: input.type === "sign_up" || input.type === "sale" ? input.clickId : null,
    amount_cents: input.amountCents ?? null,
    repeat_index: input.type === "sale" ? input.repeatIndex : null,
    sale_id: input.saleId,
    occurred_at: input.occurredAt?.toISOString() ?? null,
    // Only when sent, so a postback without them keeps the fingerprint it always had (a retry stays one).
    ...(input.customer ? { customer: input.customer } : {}),
  });
}

/** The URL staff paste into their platform: our endpoint, their token, and the macros their platform fills. */
export function postbackUrlTemplate(origin: string, advertiser: AdvertiserId, token: string): string {
  const macros = postbackMacros.map((name) => (name === "currency" ? "currency=USD" : `${name}={${name}}`)).join("&");
  return `${origin}/api/postback/${advertiser}?token=${encodeURIComponent(token)}&${macros}`;
}

/** What came of a received postback, as the log records it. */
export type PostbackOutcome = "applied" | "duplicate" | "pending" | "ignored" | "refused" | "test";

/** A received postback as GET /api/integration answers it (times ISO 8601). */
export interface ReceivedPostbackView {
  id: string;
  received_at: string;
  method: string;
  event: string | null;
  transaction_id: string | null;
  click_id: string | null;
  /** The amount as sent (it may be what was wrong with it). */
  amount: string | null;
  status: number;
  outcome: PostbackOutcome;
  reason: string | null;
}
