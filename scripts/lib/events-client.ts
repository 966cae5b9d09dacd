/**
 * The advertiser's side of POST /api/events (DESIGN.md "API"): sign a body with the advertiser's secret and
 * send it. Used by `npm run send-event`, the seed-free tests and the benchmarks.
 */
import { createHmac } from "node:crypto";
import { demoSecrets } from "./local-secrets.ts";
import { siteUrl } from "./project.ts";

export type AdvertiserName = keyof typeof demoSecrets.EVENT_SIGNING_SECRETS;

export interface EventBody {
  id: string;
  advertiser_id: string;
  type: string;
  uid: string;
  tracker?: string;
  amount?: number | string;
  currency?: string;
  repeat_index?: number;
  refers_to?: string;
  occurred_at: string;
  /** Issue 33: who bought (sign-ups and sales), each optional. */
  customer_id?: string;
  customer_email_sha256?: string;
  customer_ip?: string;
  payment_fingerprint?: string;
}

/** X-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>. */
export function signature(rawBody: string, secret: string, nowSeconds = Math.floor(Date.now() / 1000)): string {
  const mac = createHmac("sha256", secret).update(`${nowSeconds}.${rawBody}`).digest("hex");
  return `t=${nowSeconds},v1=${mac}`;
}

export interface SendOptions {
  /** Sign with this advertiser's demo secret (default: the body's advertiser_id). */
  signAs?: AdvertiserName;
  baseUrl?: string;
  /** Send exactly these bytes instead of JSON.stringify(body) (they are still what gets signed). */
  rawBody?: string;
  headers?: Record<string, string>;
}

export async function sendEvent(body: EventBody | Record<string, unknown>, options: SendOptions = {}) {
  return post("/api/events", body, (body as EventBody).advertiser_id, options);
}

/** POST /api/events/batch: `events` in one body, signed as the first event's advertiser unless told. */
export async function sendEvents(events: readonly (EventBody | Record<string, unknown>)[], options: SendOptions = {}) {
  return post("/api/events/batch", { events }, (events[0] as EventBody | undefined)?.advertiser_id, options);
}

async function post(path: string, body: unknown, advertiserId: string | undefined, options: SendOptions) {
  const raw = options.rawBody ?? JSON.stringify(body);
  const advertiser = (options.signAs ?? advertiserId) as AdvertiserName;
  const secret = demoSecrets.EVENT_SIGNING_SECRETS[advertiser] ?? "no-such-advertiser";
  const response = await fetch(`${options.baseUrl ?? siteUrl}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Signature": signature(raw, secret), ...options.headers },
    body: raw,
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, body: json as Record<string, unknown> | undefined, text };
}
