import { Router } from "express";
import { postbackUrlRules } from "../../config.js";
import { postbackApi as api } from "../../contract/postbacks.js";
import { deletePostback, savePostback } from "../../postbacks/settings.js";
import { testPostback } from "../../postbacks/deliver.js";
import { reply } from "../answers.js";
import { callerOf, requireCaller } from "../auth.js";
import { parseBody } from "../inputs.js";

/** An affiliate's own postbacks (issue 18): each call changes the caller's, never anyone else's. */
export const postbackSettingRoutes = Router();

// POST /api/save_postback: adds a postback, or replaces the one with its id.
postbackSettingRoutes.post("/save_postback", requireCaller, async (req, res) => {
  const route = api["POST /api/save_postback"];
  const input = parseBody(route.body, req);
  reply(res, route, { postbacks: await savePostback(callerOf(req).uid, input, postbackUrlRules()) });
});

// POST /api/delete_postback: removes one.
postbackSettingRoutes.post("/delete_postback", requireCaller, async (req, res) => {
  const route = api["POST /api/delete_postback"];
  const { id } = parseBody(route.body, req);
  reply(res, route, { postbacks: await deletePostback(callerOf(req).uid, id) });
});

// POST /api/test_postback: calls it now with made-up values, and says what happened.
postbackSettingRoutes.post("/test_postback", requireCaller, async (req, res) => {
  const route = api["POST /api/test_postback"];
  const { id } = parseBody(route.body, req);
  reply(res, route, await testPostback(callerOf(req).uid, id, postbackUrlRules(), new Date()));
});
