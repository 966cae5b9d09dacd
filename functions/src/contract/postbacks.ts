/** An affiliate's own postbacks (issue 18): each call changes the caller's, never anyone else's. */
import { z } from "zod";
import { advertiserIds } from "../domain/advertisers.js";
import { outboundEvents, postbackInput } from "../domain/outbound-postbacks.js";
import type { Routes } from "./route.js";

export const outboundPostback = z
  .strictObject({
    id: z.string(),
    advertiser: z.enum(advertiserIds),
    tracker: z
      .string()
      .meta({ description: '"*" for every link, "default" for the plain link, or a link\'s suffix ("/tw").' }),
    url: z.string(),
    events: z.array(z.enum(outboundEvents)),
  })
  .meta({ id: "OutboundPostback" });

const postbacks = z.strictObject({ postbacks: z.array(outboundPostback) });

const postbackId = z.strictObject({
  id: z.string().regex(/^[a-z0-9]{8}$/, { error: "is not one of your postbacks." }),
});

export const postbackTest = z
  .strictObject({
    url: z.string().meta({ description: "The URL called, macros filled in." }),
    status: z.number().int().nullable().meta({ description: "The receiver's status; null when none came." }),
    latency_ms: z.number(),
    outcome: z.enum(["delivered", "retrying", "gave_up", "refused"]),
    error: z.string().nullable(),
  })
  .meta({ id: "PostbackTest" });

export type PostbackTest = z.output<typeof postbackTest>;

export const postbackApi = {
  "POST /api/save_postback": {
    summary: "Adds a postback to the caller's tracker, or replaces the one with `id`; answers all of theirs.",
    description:
      'Refuses an unsafe URL with the reason (docs/tracking.md, "Postbacks to affiliates"). Macros: {sub1} … {sub5}, {click_id}, {event}, {payout}, {currency}, {transaction_id}.',
    tag: "Postbacks",
    access: "signed-in",
    body: postbackInput.meta({
      example: {
        advertiser: "promptchan",
        tracker: "*",
        url: "https://tracker.example.com/postback?cid={click_id}&payout={payout}&event={event}",
        events: ["sale"],
      },
    }),
    response: postbacks,
    refusals: { 404: "No postback with that id.", 409: "One for that link exists already, or there are 5." },
  },
  "POST /api/delete_postback": {
    summary: "Removes one of the caller's postbacks.",
    tag: "Postbacks",
    access: "signed-in",
    body: postbackId,
    response: postbacks,
    refusals: { 404: "No postback with that id." },
  },
  "POST /api/test_postback": {
    summary: "Calls the postback now with made-up values, within the 5 s deadline, and logs it as a test.",
    tag: "Postbacks",
    access: "signed-in",
    body: postbackId,
    response: postbackTest,
    refusals: { 404: "No postback with that id.", 429: "2 calls to the caller's receivers are in flight." },
  },
} as const satisfies Routes;
