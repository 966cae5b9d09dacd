/**
 * The body of POST /api/events (DESIGN.md "API"): what an advertiser's server reports. Parsed here, once,
 * for the endpoint and for the tests' reference model.
 */
import { z } from "zod";
import { advertiserIds, type AdvertiserId } from "./advertisers.js";
import { customerIdentifierFields, customerIdentifiersOf, type CustomerIdentifiers } from "./customer-identifiers.js";
import type { Cents } from "./money.js";
import { MoneyFormatError, parseDollars } from "./money.js";
import type { EventType } from "./model.js";
import { normalizeTracker } from "./tracker.js";

export const eventTypes = ["click", "sign_up", "sale", "refund", "chargeback"] as const satisfies readonly EventType[];

/** How far in the future an event's time may be (clock skew between servers). */
const maxClockSkewMs = 5 * 60 * 1000;
/** How old an event may be: a year and a bit, enough for an annual renewal's late refund. */
const maxEventAgeMs = 400 * 24 * 60 * 60 * 1000;
/** The highest renewal index accepted: twenty years of monthly renewals. */
const maxRepeatIndex = 240;

const idPattern = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$/;
const uidPattern = /^[A-Za-z0-9_-]{1,128}$/;

const amount = z.union([z.number(), z.string()]).transform((value, ctx): Cents => {
  try {
    return parseDollars(value);
  } catch (error) {
    ctx.addIssue({ code: "custom", message: error instanceof MoneyFormatError ? error.message : "Invalid amount." });
    return z.NEVER;
  }
});

/** The body as it travels (parseEvent adds the rules between fields and the time bounds). */
export const eventBody = z.strictObject({
  id: z.string().regex(idPattern, { error: "must be 1 to 128 letters, digits or _ . : - characters." }),
  advertiser_id: z.enum(advertiserIds, { error: `must be one of ${advertiserIds.join(", ")}.` }),
  type: z.enum(eventTypes, { error: `must be one of ${eventTypes.join(", ")}.` }),
  uid: z.string().regex(uidPattern, { error: "must be an affiliate's user id." }),
  tracker: z
    .string()
    .max(12)
    .refine((value) => value === "" || value === normalizeTracker(value), {
      error: "must be a normalised tracker such as /abc, or empty.",
    })
    .optional(),
  amount: amount.optional(),
  currency: z.literal("USD", { error: "must be USD." }).optional(),
  repeat_index: z.number().int().min(0).max(maxRepeatIndex).optional(),
  refers_to: z.string().regex(idPattern, { error: "must be the id of the sale it refers to." }).optional(),
  occurred_at: z.iso.datetime({ offset: true, error: "must be an ISO 8601 date-time such as 2026-11-21T12:00:00Z." }),
  // Issue 33's self-referral: who bought, as the advertiser knows them (sign-ups and sales only).
  customer_id: customerIdentifierFields.customer_id.optional(),
  customer_email_sha256: customerIdentifierFields.customer_email_sha256.optional(),
  customer_ip: customerIdentifierFields.customer_ip.optional(),
  payment_fingerprint: customerIdentifierFields.payment_fingerprint.optional(),
});

export type EventBody = z.input<typeof eventBody>;

interface EventBase {
  id: string;
  advertiser: AdvertiserId;
  uid: string;
  tracker: string;
  occurredAt: Date;
}

export type AdvertiserEvent =
  | (EventBase & { type: "click" })
  | (EventBase & { type: "sign_up"; customer?: CustomerIdentifiers })
  | (EventBase & { type: "sale"; amountCents: Cents; repeatIndex: number; customer?: CustomerIdentifiers })
  | (EventBase & { type: "refund" | "chargeback"; refersTo: string; amountCents?: Cents });

/** Parses an event body: each type with exactly the fields it needs, times within sane bounds of `now`. */
export function parseEvent(body: unknown, now: Date): AdvertiserEvent {
  const event = eventBody
    .superRefine((value, ctx) => {
      const need = (field: keyof typeof value, present: boolean, message: string) => {
        if (!present) ctx.addIssue({ code: "custom", path: [field], message });
      };
      if (value.type === "sale") {
        need("amount", value.amount !== undefined, "a sale needs its amount.");
        need("refers_to", value.refers_to === undefined, "only refunds and chargebacks refer to a sale.");
      } else if (value.type === "refund" || value.type === "chargeback") {
        need("refers_to", value.refers_to !== undefined, `a ${value.type} needs refers_to, the sale's id.`);
        need("repeat_index", value.repeat_index === undefined, "only sales have a repeat index.");
      } else {
        need("amount", value.amount === undefined, `a ${value.type} has no amount.`);
        need("repeat_index", value.repeat_index === undefined, "only sales have a repeat index.");
        need("refers_to", value.refers_to === undefined, "only refunds and chargebacks refer to a sale.");
      }
      if (value.type !== "sale" && value.type !== "sign_up") {
        const sent = customerIdentifiersOf(value);
        for (const field of Object.keys(sent ?? {}) as (keyof typeof value)[]) {
          need(field, false, "only sign-ups and sales carry customer identifiers.");
        }
      }
      const time = Date.parse(value.occurred_at);
      need("occurred_at", time <= now.getTime() + maxClockSkewMs, "must not be in the future.");
      need("occurred_at", time >= now.getTime() - maxEventAgeMs, "must be within the last 400 days.");
    })
    .parse(body);

  const base: EventBase = {
    id: event.id,
    advertiser: event.advertiser_id,
    uid: event.uid,
    tracker: event.tracker ?? "",
    occurredAt: new Date(event.occurred_at),
  };
  const customer = customerIdentifiersOf(event);
  const withCustomer = customer ? { customer } : {};
  switch (event.type) {
    case "sale":
      return {
        ...base,
        type: "sale",
        amountCents: event.amount!,
        repeatIndex: event.repeat_index ?? 0,
        ...withCustomer,
      };
    case "sign_up":
      return { ...base, type: "sign_up", ...withCustomer };
    case "refund":
    case "chargeback":
      return {
        ...base,
        type: event.type,
        refersTo: event.refers_to!,
        ...(event.amount === undefined ? {} : { amountCents: event.amount }),
      };
    case "click":
      return { ...base, type: "click" };
  }
}
