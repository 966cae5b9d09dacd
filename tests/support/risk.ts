/**
 * What the risk tests share (issue 33): the programme's rules read and saved through the API as an admin
 * does, an affiliate's case as stored, and fixtures the daily review's detectors find (or must not).
 */
import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { dayKey, lastDays } from "../../functions/src/domain/days.ts";
import { isPublicAddress } from "../../functions/src/domain/ip-address.ts";
import type { AffiliateDoc } from "../../functions/src/domain/model.ts";
import type { RiskRules } from "../../functions/src/domain/risk-rules.ts";
import { sendEvent, signature } from "../../scripts/lib/events-client.ts";
import { demoSecrets } from "../../scripts/lib/local-secrets.ts";
import { siteUrl } from "../../scripts/lib/project.ts";
import { createAffiliate, openLink, refs, saleEvent, splitClickId } from "./backend.ts";
import { inParallel } from "./concurrency.ts";
import { api, type TestUser } from "./users.ts";

export interface PromptchanSettings {
  version: number;
  settings: Record<string, unknown> & { risk_rules: RiskRules };
}

/** The default advertiser's settings in force, with the programme's risk rules. */
export async function promptchanSettings(admin: TestUser): Promise<PromptchanSettings> {
  const answer = await api(admin, "GET", "/api/programme_settings");
  expect(answer.status, answer.json.error).toBe(200);
  return (answer.json.advertisers as (PromptchanSettings & { advertiser: string })[]).find(
    (view) => view.advertiser === "promptchan",
  )!;
}

/** Saves the programme's risk rules as the next version, the other settings as they are. */
export async function saveRiskRules(admin: TestUser, rules: RiskRules): Promise<void> {
  const now = await promptchanSettings(admin);
  const answer = await api(admin, "POST", "/api/programme_settings", {
    advertiser: "promptchan",
    version: now.version,
    settings: { ...now.settings, risk_rules: rules },
  });
  expect(answer.status, answer.json.error).toBe(200);
}

export interface Device {
  address: string;
  userAgent: string;
}

/** A public address (no other test's) and a browser of its own: a device no other test signs in from. */
export function freshDevice(): Device {
  const byte = () => Math.floor(Math.random() * 250) + 1;
  const address = () => `81.${byte()}.${byte()}.${byte()}`;
  let chosen = address();
  while (!isPublicAddress(chosen)) chosen = address();
  return { address: chosen, userAgent: `Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0 test/${randomUUID()}` };
}

/** The affiliate opens their dashboard from the device (the test stands in for the CDN, as the others do). */
export async function dashboardFrom(user: TestUser, device: Device) {
  const answer = await api(user, "GET", "/api/get_user_data", undefined, {
    headers: { "X-Forwarded-For": device.address, "User-Agent": device.userAgent },
  });
  expect(answer.status, answer.json.error).toBe(200);
  return answer.json;
}

/** The affiliate's open case: its brief (risk_open) and the case itself; null for none. */
export const caseOf = async (uid: string) => {
  const summary = (await refs.riskOpen(uid).get()).data();
  return summary ? { summary, doc: (await refs.riskCase(summary.id).get()).data()! } : null;
};

/** `sales` sales of $20 (commission $12) a minute ago, the first `refunded` of them refunded: the affiliate's uid. */
export async function affiliateRefunded(sales: number, refunded: number): Promise<string> {
  const uid = await createAffiliate();
  const events = Array.from({ length: sales }, () => saleEvent(uid, "20.00"));
  const send = async (body: Parameters<typeof sendEvent>[0]) => {
    const answer = await sendEvent(body);
    expect(answer.status, answer.text).toBe(200);
  };
  await inParallel(events, 4, send);
  await inParallel(events.slice(0, refunded), 4, (sale) =>
    send({
      id: `r-${randomUUID()}`,
      advertiser_id: "promptchan",
      type: "refund",
      uid,
      refers_to: sale.id,
      occurred_at: new Date(Date.now() - 30_000).toISOString(),
    }),
  );
  return uid;
}

/**
 * An affiliate whose last three days each had `clicks` counted and `filtered` filtered clicks, a third of them
 * datacenters' (as the click roll-up keeps them in the day documents).
 */
export async function affiliateClicking(
  clicks: number,
  filtered: number,
  overrides: Partial<AffiliateDoc> = {},
): Promise<string> {
  const uid = await createAffiliate(overrides);
  for (const date of lastDays(new Date(), 3)) {
    await refs
      .days(uid)
      .doc(date)
      .set({
        date,
        clicks,
        sign_ups: 0,
        sales: 0,
        earnings_cents: 0,
        refunded_cents: 0,
        filtered_clicks: filtered,
        datacenter_clicks: Math.floor(filtered / 3),
        by_advertiser: {},
      });
  }
  return uid;
}

/** Yesterday (UTC), the day the daily review looks at. */
export const yesterday = () => dayKey(new Date(Date.now() - 86_400_000));

/** A signed sign-up of the affiliate's yesterday, naming the customer's address. */
export const signUpFrom = (uid: string, address: string) => ({
  id: `su-${randomUUID()}`,
  advertiser_id: "promptchan",
  type: "sign_up",
  uid,
  occurred_at: new Date(`${yesterday()}T12:00:00Z`).toISOString(),
  customer_ip: address,
});

/** Sends a signed event and expects it counted (or recognised as already counted) as `status`. */
export async function sendExpecting(body: Record<string, unknown>, status = "applied"): Promise<void> {
  const answer = await sendEvent(body);
  expect(answer.status, answer.text).toBe(200);
  expect(JSON.parse(answer.text)).toMatchObject({ status });
}

/**
 * An affiliate whose sign-ups yesterday came from the customers' `addresses` (a signed sign-up each, through
 * the events API), with 100 clicks counted that day, so their sign-ups are not clickless (no other look finds
 * them). Answers the uid and the events sent.
 */
export async function affiliateSignedUpFrom(
  addresses: string[],
): Promise<{ uid: string; events: ReturnType<typeof signUpFrom>[] }> {
  const day = yesterday();
  const clicked = { clicks: 100, sign_ups: 0, sales: 0, earnings_cents: 0 };
  const uid = await createAffiliate({ recent_days: { [day]: clicked } });
  await refs
    .days(uid)
    .doc(day)
    .set({ date: day, ...clicked, refunded_cents: 0, by_advertiser: {} });
  const events = addresses.map((address) => signUpFrom(uid, address));
  await inParallel(events, 4, (event) => sendExpecting(event));
  return { uid, events };
}

/** `count` addresses in one IPv4 /24 (`prefix`, three octets), all different. */
export const addressesIn = (prefix: string, count: number, first = 1): string[] =>
  Array.from({ length: count }, (_, i) => `${prefix}.${first + i}`);

/** A click on the affiliate's cutechat link, through the tracking redirect: its id and when it was counted. */
export async function cutechatClick(uid: string): Promise<{ id: string; at: Date }> {
  const answer = await openLink(`/m/${uid}/ig`, { host: "cutechat.localhost:5050", ip: "10.33.7.9" });
  expect(answer.status).toBe(302);
  const id = splitClickId(answer.location!).clickId!;
  return { id, at: (await refs.clicks().doc(id).get()).data()!.clicked_at };
}

/**
 * A sign-up postback for the click, signed as the events API is (no token needed), at `occurredAt`, with any
 * `more` parameters (a customer identifier).
 */
export async function signUpPostback(clickId: string, occurredAt?: Date, more: Record<string, string> = {}) {
  const body = JSON.stringify({
    event: "sign_up",
    click_id: clickId,
    transaction_id: `fast-${randomUUID()}`,
    ...(occurredAt ? { occurred_at: occurredAt.toISOString() } : {}),
    ...more,
  });
  const answer = await fetch(`${siteUrl}/api/postback/cutechat`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "X-Signature": signature(body, demoSecrets.EVENT_SIGNING_SECRETS.cutechat),
    },
    body,
  });
  expect(answer.status, await answer.clone().text()).toBe(200);
  expect(await answer.json()).toEqual({ status: "applied" });
}
