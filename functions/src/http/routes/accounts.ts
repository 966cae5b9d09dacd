import { Router } from "express";
import { createAccount, loadUserData } from "../../accounts/accounts.js";
import { loadRecruits } from "../../accounts/recruits.js";
import { accountApi as api } from "../../contract/accounts.js";
import { reply } from "../answers.js";
import { callerOf, requireCaller, requireAdmin } from "../auth.js";
import { sessionOrigin } from "../client-address.js";
import { parseBody } from "../inputs.js";

export const accountRoutes = Router();

// POST /api/create_account: makes the caller's affiliate account once (after sign-in). Staff and admins
// (by claim, or by ADMIN_EMAILS on their first call, which also gives them the claim) get none: they never
// asked to be affiliates, and an empty account would list them among the affiliates.
accountRoutes.post("/create_account", requireCaller, async (req, res) => {
  const route = api["POST /api/create_account"];
  const { recruited_by } = parseBody(route.body, req);
  const caller = callerOf(req);
  if (caller.staff) {
    reply(res, route, { status: "staff" });
    return;
  }
  const { created, recruit } = await createAccount(
    caller.uid,
    caller.email,
    new Date(),
    sessionOrigin(req),
    recruited_by,
  );
  reply(res, route, { status: created ? "created" : "exists", ...(recruit ? { recruit } : {}) }, created ? 201 : 200);
});

// GET /api/get_user_data: the caller's affiliate data (SPEC.md §3).
accountRoutes.get("/get_user_data", requireCaller, async (req, res) => {
  reply(res, api["GET /api/get_user_data"], await loadUserData(callerOf(req).uid, new Date(), sessionOrigin(req)));
});

// GET /api/recruits: the caller's recruit link and what each recruit earned them (issue 34).
accountRoutes.get("/recruits", requireCaller, async (req, res) => {
  reply(res, api["GET /api/recruits"], await loadRecruits(callerOf(req).uid, new Date()));
});

// POST /api/get_user_data_admin: any affiliate's data, for the admin.
accountRoutes.post("/get_user_data_admin", requireCaller, requireAdmin, async (req, res) => {
  const route = api["POST /api/get_user_data_admin"];
  const { uid } = parseBody(route.body, req);
  reply(res, route, await loadUserData(uid, new Date()));
});
