import { Router, type Request } from "express";
import {
  integrationView,
  revokeIntegrationToken,
  rotateIntegrationToken,
  sendTestConversion,
} from "../../advertiser/integration.js";
import { integrationApi as api } from "../../contract/integration.js";
import { receivePostback } from "../../ledger/postback.js";
import { reply } from "../answers.js";
import { callerOf, requireCaller, requireStaff } from "../auth.js";
import { parseBody, parseQuery } from "../inputs.js";

/** The integration page's API (staff): the postback URL, its tokens, test conversions and the postback log. */
export const integrationRoutes = Router();

/** Where the platform sends postbacks: this site, as the request reached it (Hosting forwards its host). */
function originOf(req: Request): string {
  const host = req.get("X-Forwarded-Host")?.split(",")[0]?.trim() || req.get("Host") || "localhost";
  return `${req.protocol}://${host}`;
}

// GET /api/integration?advertiser=: the integration page.
integrationRoutes.get("/integration", requireCaller, requireStaff, async (req, res) => {
  const route = api["GET /api/integration"];
  const { advertiser } = parseQuery(route.query, req);
  reply(res, route, await integrationView(originOf(req), advertiser));
});

// POST /api/integration/rotate_token: a new current token; the previous one works for 7 more days.
integrationRoutes.post("/integration/rotate_token", requireCaller, requireStaff, async (req, res) => {
  const route = api["POST /api/integration/rotate_token"];
  const { advertiser } = parseBody(route.body, req);
  reply(res, route, await rotateIntegrationToken(originOf(req), advertiser, callerOf(req).email));
});

// POST /api/integration/revoke_token: stops a token now (never the last one).
integrationRoutes.post("/integration/revoke_token", requireCaller, requireStaff, async (req, res) => {
  const route = api["POST /api/integration/revoke_token"];
  const { advertiser, token } = parseBody(route.body, req);
  reply(res, route, await revokeIntegrationToken(originOf(req), advertiser, token));
});

// POST /api/integration/test_conversion: a postback for the test click, through the same code as a real one.
integrationRoutes.post("/integration/test_conversion", requireCaller, requireStaff, async (req, res) => {
  const route = api["POST /api/integration/test_conversion"];
  const body = parseBody(route.body, req);
  reply(res, route, await sendTestConversion(body, new Date(), receivePostback));
});
