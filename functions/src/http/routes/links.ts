import { Router } from "express";
import { addCustomLink, deleteCustomLink } from "../../accounts/accounts.js";
import { accountApi as api } from "../../contract/accounts.js";
import { ApiError } from "../../errors.js";
import { reply } from "../answers.js";
import { callerOf, requireCaller, type Caller } from "../auth.js";
import { parseBody } from "../inputs.js";

export const linkRoutes = Router();

function requireOwnUid(caller: Caller, uid: string): void {
  if (uid !== caller.uid && !caller.admin) throw new ApiError("forbidden", "You can only change your own links.");
}

// POST /api/add_custom_link: adds a tracker link for the current advertiser.
linkRoutes.post("/add_custom_link", requireCaller, async (req, res) => {
  const route = api["POST /api/add_custom_link"];
  const body = parseBody(route.body, req);
  requireOwnUid(callerOf(req), body.uid);
  const links = await addCustomLink(body.uid, body.currentAdvertiser, body.suffix);
  reply(res, route, { advertiser: body.currentAdvertiser, links });
});

// POST /api/delete_custom_link: removes one.
linkRoutes.post("/delete_custom_link", requireCaller, async (req, res) => {
  const route = api["POST /api/delete_custom_link"];
  const body = parseBody(route.body, req);
  requireOwnUid(callerOf(req), body.uid);
  const links = await deleteCustomLink(body.uid, body.currentAdvertiser, body.link);
  reply(res, route, { advertiser: body.currentAdvertiser, links });
});
