/**
 * An advertiser's postback integration as staff see it (issue 18): the URL to paste into their platform,
 * the working tokens, the test click and the postbacks received; rotating and revoking tokens; and a test
 * conversion, sent through the very code a platform's postback goes through.
 */
import { randomBytes } from "node:crypto";
import type { IntegrationView, TestConversion } from "../contract/integration.js";
import type { AdvertiserId } from "../domain/advertisers.js";
import { newClick } from "../domain/clicks.js";
import { postbackUrlTemplate } from "../domain/inbound-postback.js";
import { advertiserSettings } from "../data/advertiser-config.js";
import { findClickForConversion } from "../data/clicks.js";
import { refs } from "../data/firestore.js";
import {
  liveTokens,
  loadIntegration,
  recentPostbacks,
  revokeToken,
  rotateToken,
  setTestClick,
  type IntegrationDoc,
} from "../data/integrations.js";

/** A test click lasts a day: long enough to set a platform up with, never a real click's window. */
const testClickDays = 1;

/**
 * The integration page for one advertiser. `origin` is this site as the request reached it (Hosting
 * forwards its host): where the platform sends postbacks.
 */
export async function integrationView(
  origin: string,
  advertiser: AdvertiserId,
  integration?: IntegrationDoc,
): Promise<IntegrationView> {
  const now = new Date();
  const current = integration ?? (await loadIntegration(advertiser));
  const tokens = liveTokens(current, now);
  const settings = (await advertiserSettings(now.getTime())).get(advertiser)!;
  const testClick = current.test_click_id ? await findClickForConversion(current.test_click_id, now) : undefined;
  const testClickId = testClick?.status === "valid" ? current.test_click_id : null;
  const postbackUrl = tokens[0] ? postbackUrlTemplate(origin, advertiser, tokens[0].token) : null;
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

/** A new current token (the previous one works for 7 more days); the page after it. */
export async function rotateIntegrationToken(origin: string, advertiser: AdvertiserId, by: string) {
  return integrationView(origin, advertiser, await rotateToken(advertiser, by, new Date()));
}

/** Stops a token now (never the last one); the page after it. */
export async function revokeIntegrationToken(origin: string, advertiser: AdvertiserId, token: string) {
  return integrationView(origin, advertiser, await revokeToken(advertiser, token, new Date()));
}

/**
 * How a postback is received: the ledger's receivePostback, passed in (services do not import each other),
 * so the test goes through exactly the code a platform's postback does.
 */
export type PostbackReceiver = (
  advertiser: AdvertiserId,
  method: string,
  params: Record<string, string>,
  now: Date,
) => Promise<TestConversion["outcome"]>;

/** A postback for the advertiser's test click, logged as a test and crediting nobody, and its log entry. */
export async function sendTestConversion(
  request: { advertiser: AdvertiserId; event: "sign_up" | "sale"; amount?: string | undefined },
  now: Date,
  receive: PostbackReceiver,
): Promise<TestConversion> {
  const clickId = await testClickFor(request.advertiser, now);
  const params: Record<string, string> = {
    event: request.event,
    click_id: clickId,
    transaction_id: `test-${now.getTime()}`,
    currency: "USD",
    ...(request.event === "sale" ? { amount: request.amount ?? "19.99" } : {}),
  };
  const result = await receive(request.advertiser, "TEST", params, now);
  const entry = (await recentPostbacks(request.advertiser)).find((logged) => logged.id === result.log_id);
  return {
    click_id: clickId,
    outcome: result,
    entry: entry && { ...entry, received_at: entry.received_at.toISOString() },
  };
}

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
