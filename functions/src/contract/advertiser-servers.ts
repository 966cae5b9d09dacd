/**
 * What advertisers' systems call: their servers' signed events, and their payment platforms' postbacks by
 * click id (docs/tracking.md). Neither carries an ID token.
 */
import { z } from "zod";
import { advertiserIds } from "../domain/advertisers.js";
import { customerIdentifierFields, identifierKinds, type IdentifierKind } from "../domain/customer-identifiers.js";
import { eventBody } from "../domain/events.js";
import { postbackEventTypes } from "../domain/inbound-postback.js";
import type { Routes } from "./route.js";

/** The example event of the document, exactly as its signature below was computed over it. */
export const exampleEvent = {
  id: "sale-1001",
  advertiser_id: "promptchan",
  type: "sale",
  uid: "u3Xq9Lr2VbPz",
  tracker: "/tw",
  amount: "19.99",
  currency: "USD",
  repeat_index: 0,
  occurred_at: "2026-11-21T12:00:00Z",
  // Optional (issue 33): who bought, hashed on arrival; the e-mail's SHA-256 is of "buyer@example.com".
  customer_id: "cus_8fQ2LmX",
  customer_email_sha256: "6a6c26195c3682faa816966af789717c3bfa834eee6c599d667d2b3429c27cfd",
  customer_ip: "203.0.113.7",
} as const satisfies z.input<typeof eventBody>;

/**
 * The signature of exampleEvent's JSON (JSON.stringify, as written above) at t=1795694400 with the emulators'
 * documented secret for promptchan, "demo-events-secret-promptchan" (http/openapi.test.ts checks it).
 */
export const exampleSignature = "t=1795694400,v1=aa7e5b994cdf98dd2c17bcde3fd57085595764750d33d46d2e5d308b6f0eb614";

const signature = z
  .string()
  .regex(/^t=\d{1,12},v1=[0-9a-f]{64}$/)
  .meta({
    description:
      "HMAC-SHA256 of the raw body with the advertiser's secret: `t=<unix seconds>,v1=<hex of HMAC(secret, \"<t>.<raw body>\")>`, refused more than 300 s from the server's clock. The advertiser is the one whose secret signed it.",
    example: exampleSignature,
  });

/** How many events one batch may hold (POST /api/events/batch). */
export const maxEventsPerBatch = 100;

/**
 * A batch's envelope as the route parses it: its events are checked one by one afterwards (each refused on
 * its own), so here they are anything.
 */
export const eventBatchEnvelope = z.strictObject({
  events: z
    .array(z.unknown())
    .min(1, { error: "must hold at least one event." })
    .max(maxEventsPerBatch, { error: `must hold at most ${maxEventsPerBatch} events.` }),
});

const eventOutcome = z.strictObject({
  status: z.enum(["applied", "pending", "ignored", "duplicate"]).meta({
    description:
      "applied; pending (a refund waiting for its sale); ignored (a refund of a wholly refunded sale); duplicate (this id again, with the same body: nothing changed).",
  }),
  detail: z.string().optional(),
});

/** The customer identifiers as a postback's parameters: text, with the events API's descriptions. */
const customerParameters = Object.fromEntries(
  identifierKinds.map((kind) => [
    kind,
    z
      .string()
      .optional()
      .meta({
        ...customerIdentifierFields[kind].meta(),
        description: `${customerIdentifierFields[kind].meta()?.description} Sign-ups and sales only.`,
      }),
  ]),
) as Record<IdentifierKind, z.ZodOptional<z.ZodString>>;

/** A postback's parameters (domain/inbound-postback.ts parses them); platforms' own extra ones are ignored. */
const postbackParameters = z
  .looseObject({
    token: z
      .string()
      .optional()
      .meta({ description: "One of the advertiser's postback tokens (or send X-Postback-Token)." }),
    event: z.enum(postbackEventTypes).meta({ description: "What happened." }),
    transaction_id: z
      .string()
      .meta({ description: "The platform's own id for this event: the idempotency key.", example: "txn-7731" }),
    click_id: z.string().optional().meta({
      description: "The click id our tracking link gave the visitor (22 characters); required for a sign-up or sale.",
    }),
    amount: z.string().optional().meta({
      description: "Dollars: a sale's price; a refund's refunded part (absent: all of it).",
      example: "19.99",
    }),
    currency: z.string().optional().meta({ description: "USD only." }),
    repeat_index: z.string().optional().meta({ description: "0 for a first payment, n for the n-th renewal." }),
    renewal: z.string().optional().meta({ description: "1 for a renewal, when the platform has no repeat index." }),
    sale_id: z
      .string()
      .optional()
      .meta({ description: "A refund's or chargeback's sale: that sale's transaction_id." }),
    occurred_at: z.string().optional().meta({ description: "ISO 8601 or Unix seconds; absent: when it was received." }),
    ...customerParameters,
  })
  .meta({
    description:
      "Platforms fill one template for every event: an empty or unreplaced {macro} counts as absent, and each event reads only its own parameters.",
  });

const batchItemResult = z.union([
  eventOutcome.extend({
    index: z.number().int().meta({ description: "The event's place in the batch, from 0." }),
    id: z.string().nullable().meta({ description: "The event's id as sent (null if it had none)." }),
  }),
  z.strictObject({
    index: z.number().int(),
    id: z.string().nullable(),
    status: z.literal("refused"),
    code: z.number().int().meta({ description: "The HTTP status POST /api/events would have answered for it alone." }),
    error: z.string(),
  }),
]);

const postbackAnswer = z.strictObject({
  status: z
    .enum(["applied", "pending", "ignored", "duplicate", "test"])
    .meta({ description: "test: the integration page's test click." }),
  detail: z.string().optional(),
});

const postbackRefusals = {
  404: "No such advertiser, or an unknown click id (or another advertiser's).",
  409: "This transaction_id again with other values, or a refund without its sale or click id.",
  410: "The click id's attribution window has passed.",
} as const;

const postbackDescription =
  "The URL staff copy from the integration page, with the platform's macros: `/api/postback/cutechat?token=…&click_id={click_id}&event={event}&amount={amount}&currency=USD&transaction_id={transaction_id}&repeat_index={repeat_index}&sale_id={sale_id}`. The same transaction_id again answers duplicate. 429 for an address past 30 wrong tokens a minute. A sign-up or sale may also name its customer, for the self-referral check (each optional, stored only as a salted hash): `&customer_id={customer_id}&customer_email_sha256={email_sha256}&customer_ip={ip}&payment_fingerprint={card_fingerprint}`.";

export const advertiserServerApi = {
  "POST /api/events": {
    summary: "An advertiser's server reports a click, sign-up, sale, refund or chargeback.",
    description:
      "Signed with X-Signature over the raw body. Each event is applied exactly once: the same `id` again answers `duplicate` and changes nothing; the same `id` with another body is a 409. `amount` is dollars (a decimal string or number, at most 2 decimals); `repeat_index` 0 for the first sale, n for the n-th renewal; `refers_to` the sale's id for a refund or chargeback (`amount` absent: all of it). A sign-up or sale may name its customer (`customer_id`, `customer_email_sha256`, `customer_ip`, `payment_fingerprint`, each optional): they are stored only as salted hashes and compared with the affiliate's own, to detect self-referral.",
    tag: "Advertiser servers",
    access: "advertiser-signature",
    headers: z.object({ "X-Signature": signature }),
    body: eventBody.meta({ example: exampleEvent }),
    response: eventOutcome.meta({ example: { status: "applied" } }),
    refusals: {
      404: "No affiliate has that uid.",
      409: "This id again with another body, or a refund of something that is not a sale.",
    },
  },
  "POST /api/events/batch": {
    summary: "An advertiser's server reports up to 100 events in one signed request.",
    description:
      "Signed with X-Signature over the raw body, as POST /api/events. Each event is checked and applied on its own, exactly once by its `id`, one affiliate's in the order sent, as POST /api/events would (the same `id` sent by either endpoint with the same content answers `duplicate`): a refused event (`status: refused`, with the `code` and `error` POST /api/events would have answered) leaves the others applied. Results come in the order sent. The events rate limit counts each event. A batch that fails as a whole (401, 400, 413, 429, 5xx) applied nothing it did not answer for: send it again, and the events already applied answer `duplicate`.",
    tag: "Advertiser servers",
    access: "advertiser-signature",
    headers: z.object({ "X-Signature": signature }),
    body: z
      .strictObject({ events: z.array(eventBody).min(1).max(maxEventsPerBatch) })
      .meta({ example: { events: [exampleEvent] } }),
    response: z.strictObject({ results: z.array(batchItemResult) }).meta({
      example: { results: [{ index: 0, id: "sale-1001", status: "applied" }] },
    }),
    refusals: {
      400: "The body is not an object with 1 to 100 events.",
      413: "The body is over 512 KiB.",
    },
  },
  "GET /api/postback/{advertiser}": {
    summary: "An advertiser's payment platform reports a conversion by click id.",
    description: postbackDescription,
    tag: "Advertiser servers",
    access: "postback-token",
    params: z.object({ advertiser: z.enum(advertiserIds) }),
    query: postbackParameters,
    headers: z.object({
      "X-Postback-Token": z.string().optional().meta({ description: "The token, when not in the query." }),
    }),
    response: postbackAnswer,
    refusals: postbackRefusals,
  },
  "POST /api/postback/{advertiser}": {
    summary: "The same, with the parameters in a form or JSON body (and the query): a parameter in both must agree.",
    description: `${postbackDescription} A POST may authenticate with the events API's X-Signature over the body instead of a token.`,
    tag: "Advertiser servers",
    access: "postback-token",
    params: z.object({ advertiser: z.enum(advertiserIds) }),
    query: postbackParameters.partial(),
    headers: z.object({
      "X-Postback-Token": z.string().optional().meta({ description: "The token, when not in the parameters." }),
      "X-Signature": signature.optional(),
    }),
    body: postbackParameters,
    bodyTypes: ["application/x-www-form-urlencoded", "application/json"],
    response: postbackAnswer,
    refusals: postbackRefusals,
  },
} as const satisfies Routes;
