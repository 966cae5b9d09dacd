import { Router } from "express";
import { z } from "zod";
import { createAccount, loadUserData } from "../../accounts/accounts.js";
import { callerOf, requireCaller, requireAdmin } from "../auth.js";
import { parseBody, uidField } from "../inputs.js";

export const accountRoutes = Router();

// POST /api/create_account: makes the caller's affiliate account once (after sign-in). Staff and admins
// (by claim, or by ADMIN_EMAILS on their first call, which also gives them the claim) get none: they never
// asked to be affiliates, and an empty account would list them among the affiliates.
accountRoutes.post("/create_account", requireCaller, async (req, res) => {
  parseBody(z.strictObject({}), req);
  const caller = callerOf(req);
  if (caller.staff) {
    res.status(200).json({ status: "staff" });
    return;
  }
  const created = await createAccount(caller.uid, caller.email, new Date());
  res.status(created ? 201 : 200).json({ status: created ? "created" : "exists" });
});

// GET /api/get_user_data: the caller's affiliate data (SPEC.md §3).
accountRoutes.get("/get_user_data", requireCaller, async (req, res) => {
  res.json(await loadUserData(callerOf(req).uid, new Date()));
});

// POST /api/get_user_data_admin: any affiliate's data, for the admin.
accountRoutes.post("/get_user_data_admin", requireCaller, requireAdmin, async (req, res) => {
  const { uid } = parseBody(z.strictObject({ uid: uidField }), req);
  res.json(await loadUserData(uid, new Date()));
});
