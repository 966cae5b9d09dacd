/** The integration page's API (staff): an advertiser's postback URL, its tokens, test conversions and log. */
import { z } from "zod";
import { advertiserIds } from "../domain/advertisers.js";
import { advertiserId, isoTime } from "./fields.js";
import { staffOnly, type Routes } from "./route.js";

const postbackOutcomes = ["applied", "duplicate", "pending", "ignored", "refused", "test"] as const;

/** A received postback, as the integration page lists it. */
export const receivedPostback = z
  .strictObject({
    id: z.string(),
    received_at: isoTime,
    method: z.string(),
    event: z.string().nullable(),
    transaction_id: z.string().nullable(),
    click_id: z.string().nullable(),
    amount: z.string().nullable().meta({ description: "The amount as sent (it may be what was wrong with it)." }),
    status: z.number().int().meta({ description: "The HTTP status it was answered with." }),
    outcome: z.enum(postbackOutcomes),
    reason: z.string().nullable(),
  })
  .meta({ id: "ReceivedPostback" });

/** What the integration page shows for one advertiser. */
export const integrationView = z
  .strictObject({
    advertiser: z.enum(advertiserIds),
    postback_url: z
      .string()
      .nullable()
      .meta({ description: "The URL to paste into the platform, macros in braces; null until there is a token." }),
    attribution_window_days: z.number(),
    tokens: z
      .array(
        z.strictObject({
          token: z.string(),
          created_at: isoTime,
          created_by: z.string(),
          expires_at: isoTime.nullable(),
        }),
      )
      .meta({ description: "The working tokens, newest first: the first is the current one." }),
    test_click_id: z.string().nullable(),
    test_url: z
      .string()
      .nullable()
      .meta({ description: "The postback URL filled in for a test sale of the test click." }),
    recent: z.array(receivedPostback).meta({ description: "The newest 100 postbacks received, newest first." }),
  })
  .meta({ id: "IntegrationView" });

/** What a postback came to: the ledger's outcome ("test" for the test click), and its log entry's id. */
export const postbackOutcome = z.strictObject({
  status: z.enum(["applied", "pending", "ignored", "duplicate", "test"]),
  detail: z.string().optional(),
  log_id: z.string(),
});

export const testConversion = z
  .strictObject({
    click_id: z.string(),
    outcome: postbackOutcome,
    entry: receivedPostback.optional().meta({ description: "The postback as the log shows it." }),
  })
  .meta({ id: "TestConversion" });

export const integrationApi = {
  "GET /api/integration": {
    summary: "The postback URL template, working tokens, attribution window, test click and latest postbacks.",
    tag: "Integration",
    access: "staff",
    query: z.object({ advertiser: advertiserId }),
    response: integrationView,
    refusals: staffOnly,
  },
  "POST /api/integration/rotate_token": {
    summary: "A new current token; the previous one works 7 more days.",
    tag: "Integration",
    access: "staff",
    body: z.strictObject({ advertiser: advertiserId }),
    response: integrationView,
    refusals: staffOnly,
  },
  "POST /api/integration/revoke_token": {
    summary: "Stops a token now; the last working one cannot be revoked.",
    tag: "Integration",
    access: "staff",
    body: z.strictObject({ advertiser: advertiserId, token: z.string().max(100, { error: "is not a token." }) }),
    response: integrationView,
    refusals: { ...staffOnly, 404: "Not one of the advertiser's working tokens.", 409: "The only working token." },
  },
  "POST /api/integration/test_conversion": {
    summary: "A postback for the advertiser's test click, through the real code, logged as a test, crediting nobody.",
    tag: "Integration",
    access: "staff",
    body: z.strictObject({
      advertiser: advertiserId,
      event: z.enum(["sign_up", "sale"], { error: "must be sign_up or sale." }),
      amount: z.string().max(32).optional().meta({ description: 'A sale\'s amount in dollars; "19.99" when absent.' }),
    }),
    response: testConversion,
    refusals: staffOnly,
  },
} as const satisfies Routes;

export type IntegrationView = z.output<typeof integrationView>;
export type TestConversion = z.output<typeof testConversion>;
