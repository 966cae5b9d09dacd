/** An affiliate's own account: making it, reading it (SPEC.md §3), and their links (SPEC.md §7). */
import { z } from "zod";
import { advertiserIds, defaultAdvertiserId } from "../domain/advertisers.js";
import { accountTypes, payoutTypes } from "../domain/payout-details.js";
import { advertiserField, dollars, groupNamed, isoTime, plainTextField, uidField } from "./fields.js";
import type { Routes } from "./route.js";
import { latestInvoice } from "./views.js";

const trackerFigures = z.strictObject({
  total_earnings: dollars,
  total_sign_ups: z.number(),
  total_clicks: z.number(),
  total_sales: z.number(),
});

/**
 * SPEC.md §3's per-advertiser fields: `trackers` and `visible_custom_links` for the first advertiser, with
 * `_cutechat` and `_creategirls` after them for the others. Their names come from the advertiser list.
 */
const perAdvertiserFields: Record<string, z.ZodType> = Object.fromEntries(
  advertiserIds.flatMap((advertiser) => {
    const suffix = advertiser === defaultAdvertiserId ? "" : `_${advertiser}`;
    return [
      [
        `trackers${suffix}`,
        z
          .record(z.string(), trackerFigures)
          .meta({ description: `${advertiser}'s figures per tracker ("default", "/tw", "removed").` }),
      ],
      [
        `visible_custom_links${suffix}`,
        z.array(z.string()).meta({ description: `The affiliate's trackers for ${advertiser} ("/tw").` }),
      ],
    ];
  }),
);

/** GET /api/get_user_data: SPEC.md §3's affiliate data, money in dollars, times in ISO 8601. */
export const userData = z
  .strictObject({
    uid: z.string(),
    email: z.string(),
    paypal_payout_account: z.string(),
    invoice_email: z.string(),
    tax: z.string(),
    tron_address: z.string(),
    name: z.string(),
    country: z.string(),
    city: z.string(),
    address: z.string(),
    post_code: z.string(),
    company: z.string(),
    fedwire_routing_number: z.string(),
    swift_BIC: z.string(),
    bank_account_number: z.string(),
    account_type: z.enum(accountTypes),
    payout_type: z.enum(payoutTypes),
    iban: z.string().meta({ description: "Bank Transfer (IBAN): the IBAN without spaces; its BIC is swift_BIC." }),
    account_holder: z
      .string()
      .meta({ description: "Bank Transfer (IBAN): the name on the account; empty means the company, else the name." }),
    last_payout: isoTime.nullable(),
    total_earnings: dollars,
    total_sign_ups: z.number(),
    total_clicks: z.number(),
    total_filtered_clicks: z.number().meta({
      description:
        "Clicks counted apart from total_clicks, by bots and headless browsers and from datacenters: they get no click id (docs/tracking.md).",
    }),
    total_datacenter_clicks: z.number().meta({
      description:
        "Of total_filtered_clicks, those from hosting and datacenter networks with a browser's user agent; the rest are bots'.",
    }),
    total_refunds: z.number(),
    total_refunded: dollars,
    last_7_days_signups: z.number(),
    last_7_days_clicks: z.number(),
    last_7_days_earnings: dollars,
    last_7_days_sales: z.number(),
    total_sales: z.number(),
    total_payouts: dollars,
    balance: dollars,
    commission_rate: z.number(),
    payout_pending: z.boolean(),
    latest_invoice: latestInvoice.nullable(),
    transactions: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))).meta({
      description:
        "The latest 50 ledger entries, newest first (SPEC.md §3's Transaction: `{advertiser}_id` and `{advertiser}_tracker` are named after the advertiser).",
      example: [
        {
          type: "sale",
          advertiser_id: "promptchan",
          promptchan_id: "sale-1001",
          promptchan_tracker: "/tw",
          timestamp: "2026-11-21T12:00:00.000Z",
          transaction_cost: 19.99,
          earnings: 11.99,
          refunded: false,
          repeat_index: 0,
          note: null,
        },
      ],
    }),
    sign_ups: z.record(z.string(), z.number()).meta({ description: "Sign-ups per UTC day (YYYY-MM-DD)." }),
    repeat_rates: z.record(z.string(), z.number()).meta({ description: "The rate per renewal number." }),
    july4bug_comp: dollars,
    fraud_user: z.boolean(),
    risk_review: z
      .strictObject({
        message: z.string().meta({ description: "What the review means for the affiliate's payouts." }),
        reasons: z.array(z.string()).meta({ description: "Each signal family, in plain words (never a threshold)." }),
        since: isoTime,
        held: dollars.meta({ description: "Commission held by the review until staff resolve it." }),
      })
      .nullable()
      .meta({
        description:
          "Issue 33: an open risk review that holds the affiliate's new commissions and pauses payouts; null when none.",
      }),
    group: groupNamed,
    ...perAdvertiserFields,
  })
  .meta({ id: "UserData" });

/** The trackers of one advertiser after a change (add_custom_link, delete_custom_link). */
const linksAnswer = z.strictObject({ advertiser: z.enum(advertiserIds), links: z.array(z.string()) });

// A tracker as typed: normalised by the domain rule (SPEC.md §5), after control and markup characters are refused.
const linkText = plainTextField(64);

/** An affiliate's recruit link and recruits (issue 34): what each recruit earned them, never who they are. */
const recruitsView = z
  .strictObject({
    recruit_code: z.string().meta({ description: "The code of the affiliate's recruit link: /signup?ref={code}." }),
    recruited: z
      .boolean()
      .meta({ description: "Whether the affiliate joined through another's recruit link (never who it was)." }),
    share: z.strictObject({
      rate: z.number().meta({ description: "The share of a recruit's commission, 0 to 1 (the programme's now)." }),
      months: z.number().meta({ description: "For how many months from the recruit's sign-up." }),
      levels: z.number().meta({ description: "How many recruiters up the chain earn it." }),
    }),
    count: z.number().meta({ description: "How many recruits the affiliate has." }),
    total_earned: dollars.meta({ description: "What the recruits' shares came to, after clawbacks." }),
    recruits: z
      .array(
        z.strictObject({
          alias: z.string().meta({ description: '"Recruit 3": a recruit is never named.' }),
          level: z.number().meta({ description: "1: recruited by the affiliate; 2: by one of their recruits." }),
          since: isoTime,
          sales: z.number(),
          earned: dollars.meta({ description: "Shares credited, less clawbacks." }),
          clawed_back: dollars,
        }),
      )
      .meta({ description: "The newest 100 recruits, newest first." }),
  })
  .meta({ id: "Recruits" });

export const accountApi = {
  "POST /api/create_account": {
    summary: "Makes the caller's affiliate account, once (after sign-in).",
    description:
      "Staff and admins get none: they never asked to be affiliates. 201 when the account was made; 200 when it existed, or for staff.",
    tag: "Accounts",
    access: "signed-in",
    body: z.strictObject({
      recruited_by: uidField.optional().meta({
        description:
          "Issue 34: the recruit link's code (the recruiter's user id) the person signed up through; recorded only when the account is made, and not for self-recruiting or a loop.",
      }),
    }),
    response: z.strictObject({
      status: z.enum(["created", "exists", "staff"]),
      recruit: z
        .strictObject({ recorded: z.boolean(), reason: z.string().optional() })
        .optional()
        .meta({ description: "When a recruit link was given: whether it was recorded, and if not, why." }),
    }),
    created: "The account was made.",
    refusals: {},
  },
  "GET /api/recruits": {
    summary: "The caller's recruit link and what each of their recruits earned them (issue 34).",
    tag: "Accounts",
    access: "signed-in",
    response: recruitsView,
    refusals: { 404: "The caller has no affiliate account." },
  },
  "GET /api/get_user_data": {
    summary: "The caller's affiliate data (SPEC.md §3).",
    tag: "Accounts",
    access: "signed-in",
    response: userData,
    refusals: { 404: "The caller has no affiliate account." },
  },
  "POST /api/get_user_data_admin": {
    summary: "Any affiliate's data, for the admin.",
    tag: "Accounts",
    access: "admin",
    body: z.strictObject({ uid: uidField }),
    response: userData,
    refusals: { 404: "No affiliate has that user id." },
  },
  "POST /api/add_custom_link": {
    summary: "Adds a tracker link for the advertiser: normalised, no duplicates, at most 20 per advertiser.",
    tag: "Accounts",
    access: "signed-in",
    body: z.strictObject({ uid: uidField, suffix: linkText, currentAdvertiser: advertiserField }),
    response: linksAnswer,
    refusals: {
      403: "Someone else's links (only the admin may change them), or a suspended account.",
      404: "No affiliate has that user id.",
      409: "The tracker exists already, or the advertiser has 20.",
    },
  },
  "POST /api/delete_custom_link": {
    summary: "Removes a tracker link; its figures move to the removed trackers.",
    tag: "Accounts",
    access: "signed-in",
    body: z.strictObject({ uid: uidField, link: linkText, currentAdvertiser: advertiserField }),
    response: linksAnswer,
    refusals: {
      403: "Someone else's links (only the admin may change them), or a suspended account.",
      404: "No such tracker.",
    },
  },
} as const satisfies Routes;
