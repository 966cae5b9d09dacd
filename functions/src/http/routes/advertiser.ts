import { Router } from "express";
import { loadConversionReport } from "../../advertiser/conversion-report.js";
import { loadOverdueRefunds } from "../../advertiser/overdue-refunds.js";
import { loadPayoutHistory } from "../../advertiser/payout-history.js";
import { createBatch, loadBatch, runBatch } from "../../advertiser/payout-batch.js";
import { recordPayout } from "../../advertiser/record-payout.js";
import { setSuspension } from "../../advertiser/suspension.js";
import { loadSharedDestination } from "../../advertiser/shared-destination.js";
import { loadSummaryPage } from "../../advertiser/summary.js";
import { isWholeProgramme, loadAffiliateCounts, loadAffiliatePage } from "../../advertiser/affiliate-pages.js";
import { advertiserApi as api, pageLimits } from "../../contract/advertiser.js";
import { summaryPageLimit } from "../../domain/advertiser-summary.js";
import { issuePayouts } from "../../payouts/issue-payouts.js";
import { reply, replySerialised } from "../answers.js";
import { callerOf, requireCaller, requireStaff } from "../auth.js";
import { faultAfter } from "../faults.js";
import { parseBody, parseQuery } from "../inputs.js";

export const advertiserRoutes = Router();

// GET /api/check_advertiser: whether the caller is advertiser staff (the admin counts as staff).
advertiserRoutes.get("/check_advertiser", requireCaller, (req, res) => {
  reply(res, api["GET /api/check_advertiser"], { is_advertiser: callerOf(req).staff });
});

// GET /api/summary: one row per affiliate, pending payouts first, then balance descending (SPEC.md §3, §4).
advertiserRoutes.get("/summary", requireCaller, requireStaff, async (req, res) => {
  const route = api["GET /api/summary"];
  const { limit = summaryPageLimit, after } = parseQuery(route.query, req);
  const page = await loadSummaryPage(after ?? null, limit);
  res.set("X-Total-Count", String(page.total));
  if (page.next) {
    // The body stays SPEC.md's array; where the next page starts travels in headers.
    const next = new URLSearchParams({ limit: String(limit), after: page.next });
    res.set({ "X-Next-Cursor": page.next, Link: `</api/summary?${next}>; rel="next"` });
  }
  replySerialised(res, route, page.rows, page.json);
});

// GET /api/affiliates: the advertiser list a page at a time, filtered and searched on the server (issue 20).
advertiserRoutes.get("/affiliates", requireCaller, requireStaff, async (req, res) => {
  const route = api["GET /api/affiliates"];
  const query = parseQuery(route.query, req);
  const request = {
    search: query.q ?? "",
    pending: query.pending ?? false,
    highRisk: query.high_risk ?? false,
    ready: query.ready ?? false,
    order: query.order ?? "pending-first",
    limit: query.limit ?? pageLimits.affiliates.default,
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
  reply(res, route, {
    affiliates: page.rows,
    next: page.next,
    matching,
    ...(totals ? { totals } : {}),
    shared_payout_destinations: page.sharedDestinations,
  });
});

// GET /api/shared_payout_destination: who else uses the affiliate's payout destination (issue 33).
advertiserRoutes.get("/shared_payout_destination", requireCaller, requireStaff, async (req, res) => {
  const route = api["GET /api/shared_payout_destination"];
  const { user_id } = parseQuery(route.query, req);
  reply(res, route, await loadSharedDestination(user_id));
});

// POST /api/record_payout: records the affiliate's pending payout as paid, once.
advertiserRoutes.post("/record_payout", requireCaller, requireStaff, async (req, res) => {
  const route = api["POST /api/record_payout"];
  const body = parseBody(route.body, req);
  const { uid, email } = callerOf(req);
  reply(res, route, await recordPayout(body.user_id, body.payout_amount, { uid, email }, new Date()));
});

// POST /api/payout_batches: a batch of the chosen affiliates' pending payouts, frozen as they are now (to
// export for the bank); those with none pending are listed as skipped.
advertiserRoutes.post("/payout_batches", requireCaller, requireStaff, async (req, res) => {
  const route = api["POST /api/payout_batches"];
  const { user_ids } = parseBody(route.body, req);
  const { uid, email } = callerOf(req);
  reply(res, route, await loadBatch(await createBatch(user_ids, { uid, email }, new Date())));
});

// POST /api/issue_payouts: issues the payouts of affiliates whose balance is due though they have not asked
// (issue 19): each as their own request would, with their stored details frozen on the invoice, and each
// affiliate told by e-mail. One who cannot be paid now is skipped with the reason; none is issued twice.
advertiserRoutes.post("/issue_payouts", requireCaller, requireStaff, async (req, res) => {
  const route = api["POST /api/issue_payouts"];
  const { user_ids } = parseBody(route.body, req);
  reply(res, route, { items: await issuePayouts(user_ids, callerOf(req).uid, new Date()) });
});

// POST /api/payout_batches/record: records the batch's payouts as paid, each once; skipped ones say why. Run
// again, it finishes a batch a crash stopped half-way (what it paid stays paid, once).
advertiserRoutes.post("/payout_batches/record", requireCaller, requireStaff, async (req, res) => {
  const route = api["POST /api/payout_batches/record"];
  const { id } = parseBody(route.body, req);
  const { uid, email } = callerOf(req);
  reply(res, route, await runBatch(id, { uid, email }, new Date(), { stopAfter: faultAfter(req, "mid-batch") }));
});

// POST /api/set_suspension: suspends an affiliate for fraud (with the reason they are e-mailed), or reinstates them.
advertiserRoutes.post("/set_suspension", requireCaller, requireStaff, async (req, res) => {
  const route = api["POST /api/set_suspension"];
  const body = parseBody(route.body, req);
  const { uid, email } = callerOf(req);
  reply(
    res,
    route,
    await setSuspension(body.user_id, body.suspended, (body.reason ?? "").trim(), { uid, email }, new Date()),
  );
});

// GET /api/payout_history: the audit trail of recorded payouts, newest first (who recorded what, when).
advertiserRoutes.get("/payout_history", requireCaller, requireStaff, async (req, res) => {
  const route = api["GET /api/payout_history"];
  const query = parseQuery(route.query, req);
  reply(
    res,
    route,
    await loadPayoutHistory({
      limit: query.limit ?? pageLimits.payoutHistory.default,
      after: query.after ?? null,
      uid: query.user_id ?? null,
    }),
  );
});

// GET /api/overdue_refunds: refunds that have waited too long for their sale, the longest waiting first.
advertiserRoutes.get("/overdue_refunds", requireCaller, requireStaff, async (req, res) => {
  const route = api["GET /api/overdue_refunds"];
  const { limit = pageLimits.overdueRefunds.default } = parseQuery(route.query, req);
  reply(res, route, await loadOverdueRefunds(new Date(), limit));
});

// GET /api/conversion_report?advertiser=: the programme's funnels by landing page, and its best trackers.
advertiserRoutes.get("/conversion_report", requireCaller, requireStaff, async (req, res) => {
  const route = api["GET /api/conversion_report"];
  const { advertiser } = parseQuery(route.query, req);
  reply(res, route, await loadConversionReport(advertiser));
});
