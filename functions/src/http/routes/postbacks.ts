import { Router } from "express";
import { z } from "zod";
import { postbackUrlRules } from "../../config.js";
import { postbackInput } from "../../domain/outbound-postbacks.js";
import { deletePostback, savePostback } from "../../postbacks/settings.js";
import { testPostback } from "../../postbacks/deliver.js";
import { callerOf, requireCaller } from "../auth.js";
import { parseBody } from "../inputs.js";

/** An affiliate's own postbacks (issue 18): each call changes the caller's, never anyone else's. */
export const postbackSettingRoutes = Router();

const postbackId = z.strictObject({
  id: z.string().regex(/^[a-z0-9]{8}$/, { error: "is not one of your postbacks." }),
});

// POST /api/save_postback: adds a postback, or replaces the one with its id.
postbackSettingRoutes.post("/save_postback", requireCaller, async (req, res) => {
  const input = parseBody(postbackInput, req);
  res.json({ postbacks: await savePostback(callerOf(req).uid, input, postbackUrlRules()) });
});

// POST /api/delete_postback: removes one.
postbackSettingRoutes.post("/delete_postback", requireCaller, async (req, res) => {
  const { id } = parseBody(postbackId, req);
  res.json({ postbacks: await deletePostback(callerOf(req).uid, id) });
});

// POST /api/test_postback: calls it now with made-up values, and says what happened.
postbackSettingRoutes.post("/test_postback", requireCaller, async (req, res) => {
  const { id } = parseBody(postbackId, req);
  res.json(await testPostback(callerOf(req).uid, id, postbackUrlRules(), new Date()));
});
