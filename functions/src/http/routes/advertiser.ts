import { Router, type Request } from "express";
import { z } from "zod";
import { loadConversionReport } from "../../advertiser/conversion-report.js";
import { loadOverdueRefunds, overdueRefundsLimit } from "../../advertiser/overdue-refunds.js";
import { loadPayoutHistory, payoutHistoryCursorPattern, payoutHistoryLimit } from "../../advertiser/payout-history.js";
import { createBatch, loadBatch, runBatch } from "../../advertiser/payout-batch.js";
import { recordPayout } from "../../advertiser/record-payout.js";
import { setSuspension } from "../../advertiser/suspension.js";
import { loadSummaryPage } from "../../advertiser/summary.js";
import {
  affiliateCursorPattern,
  affiliatePageLimit,
  isWholeProgramme,
  loadAffiliateCounts,
  loadAffiliatePage,
} from "../../advertiser/affiliate-pages.js";
import { summaryCursorPattern, summaryPageLimit } from "../../domain/advertiser-summary.js";
import { advertiserIds } from "../../domain/advertisers.js";
import { maxBatchSize } from "../../domain/payout-batch.js";
import { MoneyFormatError, parseDollars } from "../../domain/money.js";
import { issuePayouts } from "../../payouts/issue-payouts.js";
import { callerOf, requireCaller, requireStaff } from "../auth.js";
import { faultAfter } from "../faults.js";
import { parseBody, plainTextField, uidField } from "../inputs.js";

export const advertiserRoutes = Router();

/** A query-string count: digits only, within bounds. */
const countParam = (max: number) =>
  z
    .string()
    .regex(/^[1-9]\d{0,5}$/, { error: `must be a whole number from 1 to ${max}.` })
    .transform(Number)
    .refine((value) => value <= max, { error: `must be a whole number from 1 to ${max}.` });

function parseQuery<T extends z.ZodType>(schema: T, req: Request): z.output<T> {
  return schema.parse({ ...(req.query as Record<string, unknown>) });
}

// GET /api/check_advertiser: whether the caller is advertiser staff (the admin counts as staff).
advertiserRoutes.get("/check_advertiser", requireCaller, (req, res) => {
  res.json({ is_advertiser: callerOf(req).staff });
});

const summaryQuery = z.strictObject({
  limit: countParam(summaryPageLimit).optional(),
  after: z.string().regex(summaryCursorPattern, { error: "must be a cursor from a previous page." }).optional(),
});

// GET /api/summary: one row per affiliate, pending payouts first, then balance descending (SPEC.md §3, §4).
advertiserRoutes.get("/summary", requireCaller, requireStaff, async (req, res) => {
  const { limit = summaryPageLimit, after } = parseQuery(summaryQuery, req);
  const page = await loadSummaryPage(after ?? null, limit);
  res.set("X-Total-Count", String(page.total));
  if (page.next) {
    // The body stays SPEC.md's array; where the next page starts travels in headers.
    const next = new URLSearchParams({ limit: String(limit), after: page.next });
    res.set({ "X-Next-Cursor": page.next, Link: `</api/summary?${next}>; rel="next"` });
  }
  res.type("application/json").send(page.json);
});

const flagParam = z
  .enum(["true", "false"], { error: 'must be "true" or "false".' })
  .transform((flag) => flag === "true");

const affiliatesQuery = z.strictObject({
  limit: countParam(affiliatePageLimit).optional(),
  after: z.string().regex(affiliateCursorPattern, { error: "must be a cursor from a previous page." }).optional(),
  q: z.string().max(200, { error: "must be at most 200 characters." }).optional(),
  pending: flagParam.optional(),
  high_risk: flagParam.optional(),
  ready: flagParam.optional(),
  order: z.enum(["pending-first", "balance"], { error: 'must be "pending-first" or "balance".' }).optional(),
});

// GET /api/affiliates: the advertiser list a page at a time, filtered and searched on the server (issue 20).
advertiserRoutes.get("/affiliates", requireCaller, requireStaff, async (req, res) => {
  const query = parseQuery(affiliatesQuery, req);
  const request = {
    search: query.q ?? "",
    pending: query.pending ?? false,
    highRisk: query.high_risk ?? false,
    ready: query.ready ?? false,
    order: query.order ?? "pending-first",
    limit: query.limit ?? 50,
    after: query.after ?? null,
  };
  // The programme's counts come with the first page (the page's heading), not with every page after it;
  // the whole programme's first page matches the programme's count, not counted twice.
  const first = request.after === null;
  const whole = first && isWholeProgramme(request);
  const [page, totals] = await Promise.all([
    loadAffiliatePage(request, new Date(), { count: !whole }),
    first ? loadAffiliateCounts() : undefined,
  ]);
  const matching = whole && totals ? totals.affiliates : page.matching;
  const answer = { affiliates: page.rows, next: page.next, matching, ...(totals ? { totals } : {}) };
  res.json(answer);
});

const payoutAmount = z.union([z.number(), z.string().max(32)]).transform((value, context) => {
  try {
    return parseDollars(value);
  } catch (error) {
    if (!(error instanceof MoneyFormatError)) throw error;
    context.addIssue({ code: "custom", message: error.message });
    return z.NEVER;
  }
});

// POST /api/record_payout: records the affiliate's pending payout as paid, once.
advertiserRoutes.post("/record_payout", requireCaller, requireStaff, async (req, res) => {
  const body = parseBody(z.strictObject({ user_id: uidField, payout_amount: payoutAmount }), req);
  const { uid, email } = callerOf(req);
  res.json(await recordPayout(body.user_id, body.payout_amount, { uid, email }, new Date()));
});

const batchBody = z.strictObject({
  user_ids: z
    .array(uidField)
    .min(1, { error: "choose at least one affiliate." })
    .max(maxBatchSize, {
      error: `a batch holds at most ${maxBatchSize} payouts.`,
    }),
});

// POST /api/payout_batches: a batch of the chosen affiliates' pending payouts, frozen as they are now (to
// export for the bank); those with none pending are listed as skipped.
advertiserRoutes.post("/payout_batches", requireCaller, requireStaff, async (req, res) => {
  const { user_ids } = parseBody(batchBody, req);
  const { uid, email } = callerOf(req);
  res.json(await loadBatch(await createBatch(user_ids, { uid, email }, new Date())));
});

// POST /api/issue_payouts: issues the payouts of affiliates whose balance is due though they have not asked
// (issue 19): each as their own request would, with their stored details frozen on the invoice, and each
// affiliate told by e-mail. One who cannot be paid now is skipped with the reason; none is issued twice.
advertiserRoutes.post("/issue_payouts", requireCaller, requireStaff, async (req, res) => {
  const { user_ids } = parseBody(batchBody, req);
  res.json({ items: await issuePayouts(user_ids, callerOf(req).uid, new Date()) });
});

const batchId = z.strictObject({ id: z.string().regex(/^[A-Za-z0-9]{20}$/, { error: "is not a batch." }) });

// POST /api/payout_batches/record: records the batch's payouts as paid, each once; skipped ones say why. Run
// again, it finishes a batch a crash stopped half-way (what it paid stays paid, once).
advertiserRoutes.post("/payout_batches/record", requireCaller, requireStaff, async (req, res) => {
  const { id } = parseBody(batchId, req);
  const { uid, email } = callerOf(req);
  res.json(await runBatch(id, { uid, email }, new Date(), { stopAfter: faultAfter(req, "mid-batch") }));
});

const suspensionBody = z
  .strictObject({
    user_id: uidField,
    suspended: z.boolean({ error: "must be true or false." }),
    reason: plainTextField(500).optional(),
  })
  .refine((body) => !body.suspended || (body.reason ?? "").trim() !== "", {
    path: ["reason"],
    error: "say why the affiliate is suspended: they are told.",
  });

// POST /api/set_suspension: suspends an affiliate for fraud (with the reason they are e-mailed), or reinstates them.
advertiserRoutes.post("/set_suspension", requireCaller, requireStaff, async (req, res) => {
  const body = parseBody(suspensionBody, req);
  const { uid, email } = callerOf(req);
  res.json(await setSuspension(body.user_id, body.suspended, (body.reason ?? "").trim(), { uid, email }, new Date()));
});

const historyQuery = z.strictObject({
  limit: countParam(payoutHistoryLimit.max).optional(),
  after: z.string().regex(payoutHistoryCursorPattern, { error: "must be a cursor from a previous page." }).optional(),
  user_id: uidField.optional(),
});

// GET /api/payout_history: the audit trail of recorded payouts, newest first (who recorded what, when).
advertiserRoutes.get("/payout_history", requireCaller, requireStaff, async (req, res) => {
  const query = parseQuery(historyQuery, req);
  res.json(
    await loadPayoutHistory({
      limit: query.limit ?? payoutHistoryLimit.default,
      after: query.after ?? null,
      uid: query.user_id ?? null,
    }),
  );
});

const overdueRefundsQuery = z.strictObject({ limit: countParam(overdueRefundsLimit.max).optional() });

// GET /api/overdue_refunds: refunds that have waited too long for their sale, the longest waiting first.
advertiserRoutes.get("/overdue_refunds", requireCaller, requireStaff, async (req, res) => {
  const { limit = overdueRefundsLimit.default } = parseQuery(overdueRefundsQuery, req);
  res.json(await loadOverdueRefunds(new Date(), limit));
});

const reportQuery = z.strictObject({
  advertiser: z.enum(advertiserIds, { error: `must be one of ${advertiserIds.join(", ")}.` }),
});

// GET /api/conversion_report?advertiser=: the programme's funnels by landing page, and its best trackers.
advertiserRoutes.get("/conversion_report", requireCaller, requireStaff, async (req, res) => {
  const { advertiser } = parseQuery(reportQuery, req);
  res.json(await loadConversionReport(advertiser));
});
