import { Router } from "express";
import { maxCasesListed, riskApi as api } from "../../contract/risk.js";
import { listOpenCases, loadCase, resolveCase } from "../../risk/cases.js";
import { simulateRiskRule } from "../../risk/simulate.js";
import { reply } from "../answers.js";
import { callerOf, requireCaller, requireStaff } from "../auth.js";
import { parseBody, parseQuery } from "../inputs.js";

/** Risk cases (issue 33): staff's queue, one case, and its resolution. */
export const riskRoutes = Router();

/** How many open cases the queue answers when the caller names no limit. */
const defaultListed = 50;

// GET /api/risk_cases: the open cases, the most money at stake first.
riskRoutes.get("/risk_cases", requireCaller, requireStaff, async (req, res) => {
  const route = api["GET /api/risk_cases"];
  const { limit = defaultListed, case_id } = parseQuery(route.query, req);
  reply(res, route, await listOpenCases(limit, maxCasesListed, new Date(), case_id));
});

// GET /api/risk_case: one case with its evidence and the affiliate's key figures.
riskRoutes.get("/risk_case", requireCaller, requireStaff, async (req, res) => {
  const route = api["GET /api/risk_case"];
  const { case_id } = parseQuery(route.query, req);
  reply(res, route, await loadCase(case_id, new Date()));
});

// POST /api/resolve_risk_case: releases or confirms a case, exactly once.
riskRoutes.post("/resolve_risk_case", requireCaller, requireStaff, async (req, res) => {
  const route = api["POST /api/resolve_risk_case"];
  const { case_id, outcome, note } = parseBody(route.body, req);
  const { uid, email } = callerOf(req);
  reply(res, route, await resolveCase(case_id, outcome, (note ?? "").trim(), { uid, email }, new Date()));
});

// POST /api/simulate_risk_rule: who a candidate rule would have caught over the last 90 days, and the money.
riskRoutes.post("/simulate_risk_rule", requireCaller, requireStaff, async (req, res) => {
  const route = api["POST /api/simulate_risk_rule"];
  const { family, rule } = parseBody(route.body, req);
  reply(res, route, await simulateRiskRule(family, rule, new Date()));
});
