import { Router } from "express";
import { z } from "zod";
import { addCustomLink, deleteCustomLink } from "../../accounts/accounts.js";
import { callerOf, requireCaller, type Caller } from "../auth.js";
import { ApiError } from "../../errors.js";
import { advertiserField, parseBody, plainTextField, uidField } from "../inputs.js";

export const linkRoutes = Router();

// A tracker as typed: normalised by the domain rule (SPEC.md §5), after control and markup characters are refused.
const linkText = plainTextField(64);

function requireOwnUid(caller: Caller, uid: string): void {
  if (uid !== caller.uid && !caller.admin) throw new ApiError("forbidden", "You can only change your own links.");
}

// POST /api/add_custom_link: adds a tracker link for the current advertiser.
linkRoutes.post("/add_custom_link", requireCaller, async (req, res) => {
  const body = parseBody(z.strictObject({ uid: uidField, suffix: linkText, currentAdvertiser: advertiserField }), req);
  requireOwnUid(callerOf(req), body.uid);
  const links = await addCustomLink(body.uid, body.currentAdvertiser, body.suffix);
  res.json({ advertiser: body.currentAdvertiser, links });
});

// POST /api/delete_custom_link: removes one.
linkRoutes.post("/delete_custom_link", requireCaller, async (req, res) => {
  const body = parseBody(z.strictObject({ uid: uidField, link: linkText, currentAdvertiser: advertiserField }), req);
  requireOwnUid(callerOf(req), body.uid);
  const links = await deleteCustomLink(body.uid, body.currentAdvertiser, body.link);
  res.json({ advertiser: body.currentAdvertiser, links });
});
