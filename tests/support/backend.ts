/**
 * The tests' own access to the emulated backend: the functions' typed Firestore refs (Admin SDK, which the
 * rules do not restrict) for setting up data and reading results, and HTTP helpers for what a browser or
 * an advertiser's server would send through the Hosting emulator.
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import { defaultSettings } from "../../functions/src/domain/programme-settings.ts";
import { db, refs } from "../../functions/src/data/firestore.ts";
import { withPendingClicks } from "../../functions/src/domain/ledger.ts";
import { newAffiliate, type AffiliateDoc, type ClickDoc } from "../../functions/src/domain/model.ts";
import { personsUserAgent } from "../../scripts/lib/browser-agent.ts";
import { sendEvent, type EventBody } from "../../scripts/lib/events-client.ts";
import { demoSecrets } from "../../scripts/lib/local-secrets.ts";
import { demoProjectId, emulators } from "../../scripts/lib/project.ts";
import { completeDetails } from "./payout-details.ts";

// The functions' Firestore client initialises the Admin SDK (on first use) from the environment, as in
// production; emulators:exec points it at the emulators.
process.env.GCLOUD_PROJECT ??= demoProjectId;
// The services a test calls in its own process (requestPayout, ...) key the payout destinations' index
// with the salt the emulated functions have.
process.env.PAYOUT_DESTINATION_SALT ??= demoSecrets.PAYOUT_DESTINATION_SALT;

export { db, refs };

/** A promptchan sale of `amount` dollars for the affiliate, a minute ago, as the advertiser's server sends it. */
export function saleEvent(uid: string, amount: number | string = "50.00"): EventBody {
  return {
    id: `e-${randomUUID()}`,
    advertiser_id: "promptchan",
    type: "sale",
    uid,
    amount,
    occurred_at: new Date(Date.now() - 60_000).toISOString(),
  };
}

/** Sends saleEvent(uid, amount), signed: its commission is in its hold period (issue 19), not yet payable. */
export function sendSale(uid: string, amount: number | string) {
  return sendEvent(saleEvent(uid, amount));
}

/** The commission hold the emulated advertisers keep (the default: the tests never change promptchan's). */
export const holdDays = defaultSettings("promptchan").hold_days;

/**
 * A sale made a day longer ago than the commission hold, so its commission is payable at once: for tests
 * that need money to pay out.
 */
export function sendMaturedSale(uid: string, amount: number | string) {
  const occurred = new Date(Date.now() - (holdDays + 1) * 86_400_000);
  return sendEvent({ ...saleEvent(uid, amount), occurred_at: occurred.toISOString() });
}

/** A fresh affiliate for one test (a unique uid, so tests running side by side never share one). */
export async function createAffiliate(overrides: Partial<AffiliateDoc> = {}): Promise<string> {
  const uid = `t-${randomUUID().replaceAll("-", "").slice(0, 20)}`;
  await refs.affiliate(uid).set({
    ...newAffiliate(uid, `${uid}@test.example`, new Date()),
    ...completeDetails,
    ...overrides,
  });
  return uid;
}

/** The affiliate as the dashboard shows it: stored figures plus clicks not yet rolled up. */
export async function affiliateView(uid: string): Promise<AffiliateDoc> {
  const [affiliate, shards] = await Promise.all([refs.affiliate(uid).get(), refs.clickShards(uid).get()]);
  if (!affiliate.exists) throw new Error(`No affiliate ${uid}`);
  return withPendingClicks(
    affiliate.data()!,
    shards.docs.map((shard) => shard.data()),
    new Date(),
  );
}

export interface LinkVisit {
  /** The Host the link was opened on (the advertiser's link domain); the Hosting emulator by default. */
  host?: string;
  /**
   * The visitor's address, as Hosting's CDN appends it to X-Forwarded-For (the test stands in for the CDN:
   * the emulators trust the right-most entry, TRUSTED_PROXY_HOPS=1).
   */
  ip?: string;
  /** What the visitor wrote in X-Forwarded-For themselves, left of the address the CDN appends. */
  forgedForwardedFor?: string;
  /** What the visitor wrote in Fastly-Client-IP themselves (the CDN passes a client's own value on). */
  forgedFastlyClientIp?: string;
  /**
   * Through a real appending proxy in front of the Hosting emulator (tests/support/edge-proxy.ts), from the
   * loopback address `from`: the proxy appends it, and `ip` is not sent.
   */
  edge?: { port: number; from: string };
  /**
   * A name for the visitor's browser, sent inside an ordinary browser's user agent (personsUserAgent), so the
   * visit is a person's: two names are two browsers. "vitest" when not given.
   */
  userAgent?: string;
  /** The User-Agent header exactly, instead: a bot's or a headless browser's, counted apart (issue 33). */
  exactUserAgent?: string;
  method?: "GET" | "HEAD" | "POST";
}

/** A redirect's Location split into the target without its click id, and the click id (null when none). */
export function splitClickId(location: string): { target: string; clickId: string | null } {
  const url = new URL(location);
  const clickId = url.searchParams.get("click_id");
  url.searchParams.delete("click_id");
  return { target: url.toString(), clickId };
}

/** The clicks recorded for an affiliate (clicks/{clickId}), by click id. */
export async function clicksOf(uid: string): Promise<Map<string, ClickDoc>> {
  const clicks = await refs.clicks().where("uid", "==", uid).get();
  return new Map(clicks.docs.map((click) => [click.id, click.data()]));
}

/**
 * Opens a tracking link path (e.g. "/m/uid/tw?landing=/ai-porn") through the Hosting emulator, without
 * following the redirect. Raw http: fetch would not let us choose the Host header.
 */
export function openLink(
  path: string,
  visit: LinkVisit = {},
): Promise<{ status: number; location?: string; cacheControl?: string }> {
  const { host, port } = emulators.hosting;
  const { edge } = visit;
  const forwardedFor = [visit.forgedForwardedFor, edge ? undefined : visit.ip].filter(Boolean).join(", ");
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host,
        port: edge?.port ?? port,
        ...(edge ? { localAddress: edge.from } : {}),
        path,
        method: visit.method ?? "GET",
        agent: false,
        headers: {
          Host: visit.host ?? `${host}:${port}`,
          "User-Agent": visit.exactUserAgent ?? personsUserAgent(visit.userAgent ?? "vitest"),
          ...(forwardedFor ? { "X-Forwarded-For": forwardedFor } : {}),
          ...(visit.forgedFastlyClientIp ? { "Fastly-Client-IP": visit.forgedFastlyClientIp } : {}),
        },
      },
      (response) => {
        response.resume();
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            location: response.headers.location,
            cacheControl: response.headers["cache-control"],
          }),
        );
      },
    );
    request.on("error", reject);
    request.end();
  });
}
