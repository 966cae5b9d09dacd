/** The advertiser page's API (staff): the affiliate list, payouts, suspensions and reports. */
import { z } from "zod";
import { summaryCursorPattern, summaryOrders, summaryPageLimit } from "../domain/advertiser-summary.js";
import { advertiserIds } from "../domain/advertisers.js";
import { maxBatchSize } from "../domain/payout-batch.js";
import { parseDollars } from "../domain/money.js";
import { payoutTypes } from "../domain/payout-details.js";
import { destinationKinds, maxNamedPerDestination, type DestinationKind } from "../domain/shared-destination.js";
import {
  advertiserId,
  countParam,
  dollars,
  dollarsInput,
  flagParam,
  isoTime,
  pageQuery,
  plainTextField,
  recorder,
  uidField,
} from "./fields.js";
import { staffOnly, type Routes } from "./route.js";
import { payoutDestination, summaryRow } from "./views.js";

/**
 * The pages the list endpoints answer: how many rows at most, and the cursors they hand out. Facts of the
 * contract; the services page by the same numbers (contract/limits.test.ts holds them to it).
 */
export const pageLimits = {
  affiliates: { default: 50, max: 500, cursor: /^[A-Za-z0-9_-]{4,600}$/ },
  payoutHistory: { default: 50, max: 500, cursor: /^(\d{1,15})\.(INV-\d{4}-\d{6,})$/ },
  overdueRefunds: { default: 50, max: 200 },
} as const;

const destinationKindNames = Object.keys(destinationKinds) as [DestinationKind, ...DestinationKind[]];

// --- answers ----------------------------------------------------------------------------------------------

/** GET /api/affiliates: one page of the advertiser list. */
export const affiliatePage = z
  .strictObject({
    affiliates: z.array(summaryRow),
    next: z.string().nullable().meta({ description: "The cursor for the next page (`after`); null on the last." }),
    matching: z.number().nullable().meta({
      description: "How many affiliates match the filters; null where the server could not count them (ready).",
    }),
    totals: z
      .strictObject({ affiliates: z.number(), pending_payouts: z.number() })
      .optional()
      .meta({ description: "The programme's counts, with the first page only." }),
    shared_payout_destinations: z.record(z.string(), z.number().int().positive()).meta({
      description:
        "Issue 33's signal: for each affiliate of this page whose payout destination (Wise e-mail, TRON address, bank account or IBAN, normalised) other affiliates also use, how many others do; affiliates who share none are left out. GET /api/shared_payout_destination names them.",
    }),
  })
  .meta({ id: "AffiliatePage" });

/** GET /api/shared_payout_destination: who else uses an affiliate's payout destination (issue 33). */
export const sharedPayoutDestination = z
  .strictObject({
    user_id: z.string(),
    kind: z
      .enum(destinationKindNames)
      .nullable()
      .meta({ description: "What is shared (never the destination itself); null when nothing is." }),
    others: z
      .array(z.strictObject({ user_id: z.string(), name: z.string(), email: z.string() }))
      .meta({ description: "The other affiliates using it, in the order they came to it." }),
    more: z
      .number()
      .int()
      .meta({
        description: `How many others use it besides those named (an entry names at most ${maxNamedPerDestination}).`,
      }),
  })
  .meta({ id: "SharedPayoutDestination" });

/** POST /api/record_payout: the payout recorded as paid, and the affiliate's row after it. */
export const recordedPayout = z
  .strictObject({
    status: z.literal("recorded"),
    invoice_number: z.string(),
    user_id: z.string(),
    payout_amount: dollars,
    paid_at: isoTime,
    recorded_by: recorder,
    /** Where it was to be paid: the destination frozen on its invoice at the request. */
    paid_to: payoutDestination,
    row: summaryRow,
  })
  .meta({ id: "RecordedPayout" });

/** One affiliate in a payout batch: their pending payout as it was when the batch was made. */
const batchItem = z.strictObject({
  user_id: z.string(),
  invoice_number: z.string().nullable(),
  amount_cents: z.number().int().meta({ description: "Cents." }),
  status: z.enum(["pending", "paid", "skipped"]),
  reason: z.string().nullable().meta({ description: "Why it was skipped." }),
});

export const payoutBatch = z
  .strictObject({
    id: z.string(),
    created_by: recorder,
    created_at: isoTime,
    completed_at: isoTime.nullable(),
    items: z.array(batchItem),
  })
  .meta({ id: "PayoutBatch" });

/** One affiliate of POST /api/issue_payouts: issued, or skipped with the reason. */
export const issuedPayout = z
  .strictObject({
    user_id: z.string(),
    status: z.enum(["issued", "skipped"]),
    invoice_number: z.string().nullable(),
    amount: dollars.nullable(),
    reason: z.string().nullable(),
  })
  .meta({ id: "IssuedPayout" });

export const suspensionResult = z
  .strictObject({
    user_id: z.string(),
    fraud_user: z.boolean(),
    changed: z.boolean().meta({ description: "False when the affiliate was in that state already." }),
    row: summaryRow,
  })
  .meta({ id: "SuspensionResult" });

const payoutRecord = z.strictObject({
  invoice_number: z.string(),
  user_id: z.string(),
  name: z.string(),
  company: z.string(),
  amount: dollars,
  method: z.enum(payoutTypes),
  requested_at: isoTime,
  paid_at: isoTime,
  recorded_by: recorder.nullable(),
});

const overdueRefund = z.strictObject({
  advertiser_id: z.enum(advertiserIds),
  sale_id: z.string(),
  uid: z.string(),
  first_received_at: isoTime.nullable(),
  refunds: z.array(
    z.strictObject({
      type: z.enum(["refund", "chargeback"]),
      event_id: z.string(),
      amount: dollars.nullable().meta({ description: "Null: all that is left of the sale." }),
      occurred_at: isoTime,
    }),
  ),
});

const funnel = { clicks: z.number(), sign_ups: z.number(), first_sales: z.number() };
const funnelRow = z.strictObject({ key: z.string(), ...funnel });

export const programmeReport = z
  .strictObject({
    advertiser: z.enum(advertiserIds),
    affiliates: z.number(),
    totals: z.strictObject(funnel),
    landings: z.array(funnelRow),
    top_trackers: z.array(
      z.strictObject({
        key: z.string(),
        ...funnel,
        uid: z.string(),
        email: z.string(),
        name: z.string(),
        tracker: z.string(),
      }),
    ),
    min_tracker_clicks: z.number(),
  })
  .meta({ id: "ProgrammeReport" });

// --- requests ---------------------------------------------------------------------------------------------

const payoutAmount = dollarsInput((value) => parseDollars(value)).meta({
  description: "Dollars: exactly the pending payout's amount.",
});

const chosenAffiliates = z.strictObject({
  user_ids: z
    .array(uidField)
    .min(1, { error: "choose at least one affiliate." })
    .max(maxBatchSize, { error: `a batch holds at most ${maxBatchSize} payouts.` }),
});

export type AffiliatePage = z.output<typeof affiliatePage>;
export type RecordedPayout = z.output<typeof recordedPayout>;
export type PayoutBatch = z.output<typeof payoutBatch>;
export type IssuedPayout = z.output<typeof issuedPayout>;
export type SuspensionResult = z.output<typeof suspensionResult>;
export type ProgrammeReport = z.output<typeof programmeReport>;
export type SharedPayoutDestination = z.output<typeof sharedPayoutDestination>;

export const advertiserApi = {
  "GET /api/check_advertiser": {
    summary: "Whether the caller is advertiser staff (the admin counts as staff).",
    tag: "Advertiser",
    access: "signed-in",
    response: z.strictObject({ is_advertiser: z.boolean() }),
    refusals: {},
  },
  "GET /api/summary": {
    summary: "SPEC.md §3's summary row per affiliate: pending payouts first, then balance descending.",
    description:
      "The body is SPEC.md's array; where the next page starts travels in headers (X-Next-Cursor, Link), the count of all affiliates in X-Total-Count.",
    tag: "Advertiser",
    access: "staff",
    query: z.strictObject(pageQuery(summaryPageLimit, summaryCursorPattern)),
    response: z.array(summaryRow),
    responseHeaders: z.object({
      "X-Total-Count": z.string().meta({ description: "How many affiliates there are in all." }),
      "X-Next-Cursor": z.string().optional().meta({ description: "The next page's `after`; absent on the last page." }),
      Link: z
        .string()
        .optional()
        .meta({ description: 'The next page: `</api/summary?limit=...&after=...>; rel="next"`.' }),
    }),
    refusals: staffOnly,
  },
  "GET /api/affiliates": {
    summary: "The advertiser list a page at a time, searched, filtered and ordered on the server.",
    tag: "Advertiser",
    access: "staff",
    query: z.strictObject({
      ...pageQuery(pageLimits.affiliates.max, pageLimits.affiliates.cursor),
      q: z.string().max(200, { error: "must be at most 200 characters." }).optional(),
      pending: flagParam.optional(),
      high_risk: flagParam.optional(),
      ready: flagParam.optional(),
      order: z
        .enum(summaryOrders, {
          error: 'must be "pending-first", "balance", "clicks", "sign_ups", "sales" or "earnings".',
        })
        .optional()
        .meta({
          description:
            "pending-first (the default, SPEC.md §4): pending payouts first, then balance descending. balance: balance descending. clicks, sign_ups, sales, earnings: the affiliate's total of that figure, descending. Ties go by user id in every order.",
        }),
    }),
    response: affiliatePage,
    refusals: staffOnly,
  },
  "GET /api/shared_payout_destination": {
    summary: "Who else uses an affiliate's payout destination (issue 33: one person, several accounts).",
    description:
      "From the server-only index kept when payout details are saved; the destination itself is never stored there nor answered. Affiliates never see this.",
    tag: "Advertiser",
    access: "staff",
    query: z.strictObject({ user_id: uidField }),
    response: sharedPayoutDestination,
    refusals: staffOnly,
  },
  "POST /api/record_payout": {
    summary: "Records the affiliate's pending payout as paid, once, for exactly its amount.",
    tag: "Advertiser",
    access: "staff",
    body: z.strictObject({ user_id: uidField, payout_amount: payoutAmount }),
    response: recordedPayout,
    refusals: {
      ...staffOnly,
      404: "No affiliate has that user id.",
      409: "No payout pending, another amount, a suspended affiliate, or paid within the days between payouts.",
    },
  },
  "POST /api/payout_batches": {
    summary: "A batch of the chosen affiliates' pending payouts, frozen as they are; none pending: skipped.",
    tag: "Advertiser",
    access: "staff",
    body: chosenAffiliates,
    response: payoutBatch,
    refusals: staffOnly,
  },
  "POST /api/payout_batches/record": {
    summary: "Records the batch's payouts as paid, each once; run again, it finishes a batch a crash stopped.",
    tag: "Advertiser",
    access: "staff",
    body: z.strictObject({ id: z.string().regex(/^[A-Za-z0-9]{20}$/, { error: "is not a batch." }) }),
    response: payoutBatch,
    refusals: { ...staffOnly, 404: "No such batch." },
  },
  "POST /api/issue_payouts": {
    summary: "Issues the payouts of affiliates whose balance is due though they have not asked.",
    description:
      "Each as their own request would, with their stored details frozen on the invoice; one who cannot be paid now is skipped with the reason; none is issued twice.",
    tag: "Advertiser",
    access: "staff",
    body: chosenAffiliates,
    response: z.strictObject({ items: z.array(issuedPayout) }),
    refusals: staffOnly,
  },
  "POST /api/set_suspension": {
    summary: "Suspends an affiliate (they are e-mailed the reason) or reinstates them.",
    tag: "Advertiser",
    access: "staff",
    body: z
      .strictObject({
        user_id: uidField,
        suspended: z.boolean({ error: "must be true or false." }),
        reason: plainTextField(500).optional(),
      })
      .refine((body) => !body.suspended || (body.reason ?? "").trim() !== "", {
        path: ["reason"],
        error: "say why the affiliate is suspended: they are told.",
      }),
    response: suspensionResult,
    refusals: { ...staffOnly, 404: "No affiliate has that user id." },
  },
  "GET /api/payout_history": {
    summary: "The audit trail: recorded payouts, newest first, with who recorded them and when.",
    tag: "Advertiser",
    access: "staff",
    query: z.strictObject({
      ...pageQuery(pageLimits.payoutHistory.max, pageLimits.payoutHistory.cursor),
      user_id: uidField.optional(),
    }),
    response: z.strictObject({
      payouts: z.array(payoutRecord),
      next: z.string().nullable().meta({ description: "The cursor for the next page (`after`); null on the last." }),
    }),
    refusals: staffOnly,
  },
  "GET /api/overdue_refunds": {
    summary: "Refunds and chargebacks that have waited over 7 days for their sale, the longest waiting first.",
    tag: "Advertiser",
    access: "staff",
    query: z.strictObject({ limit: countParam(pageLimits.overdueRefunds.max).optional() }),
    response: z.strictObject({
      older_than_days: z.number(),
      count: z
        .number()
        .meta({ description: "How many sales have refunds waiting past the bound, however many are listed." }),
      pending: z.array(overdueRefund),
    }),
    refusals: staffOnly,
  },
  "GET /api/conversion_report": {
    summary: "The programme's funnels by landing page, and its best converting links (at least 20 clicks).",
    tag: "Advertiser",
    access: "staff",
    query: z.strictObject({ advertiser: advertiserId }),
    response: programmeReport,
    refusals: staffOnly,
  },
} as const satisfies Routes;
