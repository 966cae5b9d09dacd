/**
 * What the risk tests share (issue 33): the programme's rules read and saved through the API as an admin
 * does, an affiliate's case as stored, and fixtures the daily review's detectors find (or must not).
 */
import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { lastDays } from "../../functions/src/domain/days.ts";
import { isPublicAddress } from "../../functions/src/domain/ip-address.ts";
import type { AffiliateDoc } from "../../functions/src/domain/model.ts";
import type { RiskRules } from "../../functions/src/domain/risk-rules.ts";
import { sendEvent } from "../../scripts/lib/events-client.ts";
import { createAffiliate, refs, saleEvent } from "./backend.ts";
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
