import { randomBytes } from "node:crypto";
import { Router, type Request } from "express";
import { z } from "zod";
import { advertiserIds, type AdvertiserId } from "../../domain/advertisers.js";
import { newClick } from "../../domain/clicks.js";
import { postbackUrlTemplate, type IntegrationView } from "../../domain/inbound-postback.js";
import { advertiserSettings } from "../../data/advertiser-config.js";
import { findClickForConversion } from "../../data/clicks.js";
import { refs } from "../../data/firestore.js";
import {
  liveTokens,
  loadIntegration,
  recentPostbacks,
  revokeToken,
  rotateToken,
  setTestClick,
  type IntegrationDoc,
} from "../../data/integrations.js";
import { receivePostback } from "../../ledger/postback.js";
import { callerOf, requireCaller, requireStaff } from "../auth.js";
import { parseBody } from "../inputs.js";

/** The integration page's API (staff): the postback URL, its tokens, test conversions and the postback log. */
export const integrationRoutes = Router();

const advertiserParam = z.enum(advertiserIds, { error: `must be one of ${advertiserIds.join(", ")}.` });

/** A test click lasts a day: long enough to set a platform up with, never a real click's window. */
const testClickDays = 1;

/** Where the platform sends postbacks: this site, as the request reached it (Hosting forwards its host). */
function originOf(req: Request): string {
  const host = req.get("X-Forwarded-Host")?.split(",")[0]?.trim() || req.get("Host") || "localhost";
  return `${req.protocol}://${host}`;
}

async function integrationView(
  req: Request,
  advertiser: AdvertiserId,
  integration?: IntegrationDoc,
): Promise<IntegrationView> {
  const now = new Date();
  const current = integration ?? (await loadIntegration(advertiser));
  const tokens = liveTokens(current, now);
  const settings = (await advertiserSettings(now.getTime())).get(advertiser)!;
  const testClick = current.test_click_id ? await findClickForConversion(current.test_click_id, now) : undefined;
  const testClickId = testClick?.status === "valid" ? current.test_click_id : null;
  const postbackUrl = tokens[0] ? postbackUrlTemplate(originOf(req), advertiser, tokens[0].token) : null;
  return {
    advertiser,
    postback_url: postbackUrl,
    attribution_window_days: settings.attributionWindowDays,
    tokens: tokens.map((token) => ({
      token: token.token,
      created_at: token.created_at.toISOString(),
      created_by: token.created_by,
      expires_at: token.expires_at?.toISOString() ?? null,
    })),
    test_click_id: testClickId,
    test_url:
      postbackUrl && testClickId
        ? postbackUrl
            .replace("{click_id}", testClickId)
            .replace("{event}", "sale")
            .replace("{amount}", "19.99")
            .replace("{transaction_id}", "test-1")
            .replace("{repeat_index}", "0")
            .replace("{sale_id}", "")
        : null,
    recent: (await recentPostbacks(advertiser)).map((entry) => ({
      ...entry,
      received_at: entry.received_at.toISOString(),
    })),
  };
}

// GET /api/integration?advertiser=: the integration page.
integrationRoutes.get("/integration", requireCaller, requireStaff, async (req, res) => {
  const { advertiser } = z.object({ advertiser: advertiserParam }).parse({ advertiser: req.query.advertiser });
  res.json(await integrationView(req, advertiser));
});

// POST /api/integration/rotate_token: a new current token; the previous one works for 7 more days.
integrationRoutes.post("/integration/rotate_token", requireCaller, requireStaff, async (req, res) => {
  const { advertiser } = parseBody(z.strictObject({ advertiser: advertiserParam }), req);
  res.json(await integrationView(req, advertiser, await rotateToken(advertiser, callerOf(req).email, new Date())));
});

// POST /api/integration/revoke_token: stops a token now (never the last one).
integrationRoutes.post("/integration/revoke_token", requireCaller, requireStaff, async (req, res) => {
  const { advertiser, token } = parseBody(
    z.strictObject({ advertiser: advertiserParam, token: z.string().max(100, { error: "is not a token." }) }),
    req,
  );
  res.json(await integrationView(req, advertiser, await revokeToken(advertiser, token, new Date())));
});

const testConversion = z.strictObject({
  advertiser: advertiserParam,
  event: z.enum(["sign_up", "sale"], { error: "must be sign_up or sale." }),
  amount: z.string().max(32).optional(),
});

// POST /api/integration/test_conversion: a postback for the test click, through the same code as a real one.
integrationRoutes.post("/integration/test_conversion", requireCaller, requireStaff, async (req, res) => {
  const body = parseBody(testConversion, req);
  const now = new Date();
  const clickId = await testClickFor(body.advertiser, now);
  const params: Record<string, string> = {
    event: body.event,
    click_id: clickId,
    transaction_id: `test-${now.getTime()}`,
    currency: "USD",
    ...(body.event === "sale" ? { amount: body.amount ?? "19.99" } : {}),
  };
  const result = await receivePostback(body.advertiser, "TEST", params, now);
  const entry = (await recentPostbacks(body.advertiser)).find((logged) => logged.id === result.log_id);
  res.json({
    click_id: clickId,
    outcome: result,
    entry: entry && { ...entry, received_at: entry.received_at.toISOString() },
  });
});

/** The advertiser's test click, made anew once the last one has expired. */
async function testClickFor(advertiser: AdvertiserId, now: Date): Promise<string> {
  const integration = await loadIntegration(advertiser);
  if (integration.test_click_id) {
    const found = await findClickForConversion(integration.test_click_id, now);
    if (found.status === "valid" && found.click.test) return integration.test_click_id;
  }
  const clickId = randomBytes(16).toString("base64url");
  const click = newClick(
    { uid: "", advertiser_id: advertiser, tracker: "", landing: "" },
    { sub1: null, sub2: null, sub3: null, sub4: null, sub5: null },
    now,
    testClickDays,
  );
  await refs
    .clicks()
    .doc(clickId)
    .create({ ...click, test: true });
  await setTestClick(advertiser, clickId);
  return clickId;
}
