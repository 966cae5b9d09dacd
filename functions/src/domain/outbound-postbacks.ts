/**
 * Affiliates' postbacks (issue 18): when a conversion credits an affiliate, the product calls the URL they
 * set for that link (their own tracker: Voluum, RedTrack, Binom ...), with macros filled in. What a postback
 * is, which one a conversion fires, the URL it calls, and the rules that keep the product from being made to
 * call what it must not (SSRF): pure, for the API, the delivery and the tests alike.
 */
import { z } from "zod";
import { advertiserIds, type AdvertiserId } from "./advertisers.js";
import { ipVersion, isPrivateAddress } from "./ip-address.js";
import { formatDollarsFixed, type Cents } from "./money.js";
import { subIdNames, type SubIds } from "./sub-ids.js";
import { isUsableTracker } from "./tracker.js";

export const outboundEvents = ["sign_up", "sale", "refund", "chargeback"] as const;
export type OutboundEvent = (typeof outboundEvents)[number];

/** The macros a template may use; each is URL-encoded where it is put. */
export const outboundMacros = [...subIdNames, "click_id", "event", "payout", "currency", "transaction_id"] as const;
export type OutboundMacro = (typeof outboundMacros)[number];

/** A postback for every link of an advertiser. */
export const allLinks = "*";
export const maxPostbacks = 5;
export const maxTemplateLength = 1000;

/** One postback an affiliate set (affiliates/{uid}.postbacks). */
export interface OutboundPostback {
  id: string;
  advertiser: AdvertiserId;
  /** "*" for every link, "default" for the plain link, or a link's suffix ("/tw"). */
  tracker: string;
  url: string;
  /** Which conversions fire it; a refund or chargeback fires with a negative payout. */
  events: OutboundEvent[];
}

export type DeliveryOutcome = "delivered" | "retrying" | "gave_up" | "refused";

/** affiliates/{uid}/postback_deliveries/{id}: one call of the affiliate's postback, for their delivery log. */
export interface DeliveryDoc {
  at: Date;
  url: string;
  event: string;
  transaction_id: string;
  /** The receiver's HTTP status; null when there was no answer (timeout, refused connection, SSRF refusal). */
  status: number | null;
  latency_ms: number;
  /** 1 for the first try. */
  attempt: number;
  outcome: DeliveryOutcome;
  error: string | null;
  /** Sent with "Send a test". */
  test: boolean;
  /** When the TTL policy deletes it. */
  expire_at: Date;
}

/** What came of one call of a postback, as the deliverer saw it. */
export interface CallOutcomeInput {
  /** Null when the call succeeded. */
  error: string | null;
  /** The receiver's status; null when none came (or the call was refused before it was made). */
  status: number | null;
  /** Worth trying again. */
  retry: boolean;
}

/**
 * How a call is logged: delivered; refused before it was made (an unsafe URL), for good; retrying when it
 * may succeed later and attempts are left; otherwise given up (the last attempt, a test, or an answer
 * that will not change, such as a 404 or a redirect).
 */
export function deliveryOutcome(call: CallOutcomeInput, lastAttempt: boolean): DeliveryOutcome {
  if (call.error === null) return "delivered";
  if (call.status === null && !call.retry) return "refused";
  return call.retry && !lastAttempt ? "retrying" : "gave_up";
}

/** A conversion that credited (or clawed back from) an affiliate, as its postback reports it. */
export interface Conversion {
  uid: string;
  advertiser: AdvertiserId;
  /** The tracker key it counted towards ("default", "/tw"). */
  tracker: string;
  event: OutboundEvent;
  transactionId: string;
  /** The commission: positive for a sale, negative for a clawback, 0 for a sign-up. */
  payoutCents: Cents;
  clickId: string | null;
  subIds: SubIds;
}

/** The postback a conversion fires: the one for its link, else the one for all the advertiser's links. */
export function postbackFor(postbacks: readonly OutboundPostback[], conversion: Conversion): OutboundPostback | null {
  const wanted = postbacks.filter(
    (postback) =>
      postback.advertiser === conversion.advertiser &&
      postback.events.includes(conversion.event) &&
      // One saved before macros were judged on the parsed host is never called: its visitor could pick the host.
      hostIsFixed(postback.url),
  );
  return (
    wanted.find((postback) => postback.tracker === conversion.tracker) ??
    wanted.find((postback) => postback.tracker === allLinks) ??
    null
  );
}

/** The URL a conversion calls: the template with each macro's value URL-encoded. */
export function postbackUrl(template: string, conversion: Conversion): string {
  const values: Record<OutboundMacro, string> = {
    ...Object.fromEntries(subIdNames.map((name) => [name, conversion.subIds[name] ?? ""])),
    click_id: conversion.clickId ?? "",
    event: conversion.event,
    payout: formatDollarsFixed(conversion.payoutCents),
    currency: "USD",
    transaction_id: conversion.transactionId,
  } as Record<OutboundMacro, string>;
  return template.replace(/\{([a-z0-9_]+)\}/g, (whole, name: string) =>
    name in values ? encodeURIComponent(values[name as OutboundMacro]) : whole,
  );
}

/** A conversion with made-up values, for "Send a test". */
export function testConversion(postback: OutboundPostback, uid: string, now: Date): Conversion {
  return {
    uid,
    advertiser: postback.advertiser,
    tracker: postback.tracker === allLinks ? "default" : postback.tracker,
    event: postback.events.includes("sale") ? "sale" : (postback.events[0] ?? "sale"),
    transactionId: `test-${now.getTime()}`,
    payoutCents: 1_200,
    clickId: "test-click-id",
    subIds: Object.fromEntries(subIdNames.map((name) => [name, `test-${name}`])) as SubIds,
  };
}

// --- SSRF -------------------------------------------------------------------------------------------------

/** Where a postback may be sent from the emulators: hosts named in POSTBACK_ALLOWED_HOSTS (never in production). */
export interface UrlRules {
  allowedHosts: readonly string[];
}

/** What a macro stands for while a template is parsed: letters a host name may hold, so a macro there shows. */
const macroMark = "macro-mark";

function macroOutsidePathAndQuery(url: URL): boolean {
  return [url.protocol, url.username, url.password, url.host].some((part) => part.includes(macroMark));
}

function parseTemplate(template: string): URL | null {
  try {
    return new URL(template.replace(/\{[a-z0-9_]+\}/g, macroMark));
  } catch {
    return null;
  }
}

/** Whether a template sends to a host its macros cannot change (postbacks saved under an older rule may not). */
export function hostIsFixed(template: string): boolean {
  const url = parseTemplate(template);
  return url !== null && !macroOutsidePathAndQuery(url);
}

/**
 * Why a template cannot be saved, or null when it can: an absolute http(s) URL on the standard port, with
 * no user name or password, to a public host named in full (not an address of a private network, not
 * localhost or a single-label name), macros only in its path and query, and only known macros.
 */
export function postbackUrlProblem(template: string, rules: UrlRules): string | null {
  if (template.length > maxTemplateLength) return `The URL must be at most ${maxTemplateLength} characters.`;
  if (/\s/.test(template)) return "The URL must not contain spaces.";
  const unknown = [...template.matchAll(/\{([^}]*)\}/g)]
    .map((match) => match[1]!)
    .filter((name) => !(outboundMacros as readonly string[]).includes(name));
  if (unknown.length > 0)
    return `Unknown macro {${unknown[0]}}: use ${outboundMacros.map((m) => `{${m}}`).join(", ")}.`;
  const url = parseTemplate(template);
  if (!url) return "That is not a URL: it must start with https:// or http://.";
  // Judged on the URL as parsed, however it is spelled ("http:/{sub1}.example" has a host too): a visitor's
  // sub-ids must never choose where the affiliate's conversions are sent.
  if (macroOutsidePathAndQuery(url)) return "Macros go in the path or the query, not in the host.";
  if (url.protocol !== "https:" && url.protocol !== "http:") return "The URL must start with https:// or http://.";
  if (url.username || url.password) return "The URL must not contain a user name or password.";
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  const allowed = rules.allowedHosts.includes(host);
  if (!allowed && url.port !== "") return "The URL must use the standard port (443 for https, 80 for http).";
  if (allowed) return null;
  if (ipVersion(host) !== 0) {
    return isPrivateAddress(host) ? "The URL must not point at a private, loopback or link-local address." : null;
  }
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local") || host.endsWith(".internal")) {
    return "The URL must point at a public host, not a local one.";
  }
  if (!host.includes(".")) return "The URL must name a public host in full (e.g. tracker.example.com).";
  return null;
}

/** What an affiliate sends to save a postback (validated again by postbackUrlProblem with the rules). */
export const postbackInput = z.strictObject({
  id: z
    .string()
    .regex(/^[a-z0-9]{8}$/, { error: "is not one of your postbacks." })
    .optional(),
  advertiser: z.enum(advertiserIds, { error: `must be one of ${advertiserIds.join(", ")}.` }),
  tracker: z.string().refine((value) => value === allLinks || value === "default" || isUsableTracker(value), {
    error: 'must be "*" (all links), "default" or one of your links.',
  }),
  url: z
    .string()
    .min(1, { error: "is required." })
    .max(maxTemplateLength, {
      error: `must be at most ${maxTemplateLength} characters.`,
    }),
  events: z
    .array(z.enum(outboundEvents, { error: `must be among ${outboundEvents.join(", ")}.` }))
    .min(1, { error: "choose at least one event." })
    .max(outboundEvents.length)
    .transform((events) => outboundEvents.filter((event) => events.includes(event))),
});

/**
 * A delivery's failure said for the affiliate who set the postback up (issue 32): what happened and what to
 * do, in a marketer's words. The technical detail ("getaddrinfo ENOTFOUND tracker.example.com") stays in
 * the delivery log, where the affiliate's tracker support can read it.
 */
export function plainDeliveryError(error: string | null): string {
  const detail = error ?? "";
  const answered = /^The receiver answered (\d{3})/.exec(detail);
  if (answered) {
    const status = Number(answered[1]);
    if (status >= 300 && status < 400) {
      return `Your tracker answered with a redirect (${status}), and redirects are not followed: use the address it redirects to.`;
    }
    return `Your tracker answered with an error (${status}): check the URL and its parameters in your tracker's settings.`;
  }
  if (/ENOTFOUND|EAI_AGAIN|does not resolve/.test(detail)) {
    return "Your tracker's address could not be found: check the domain in the URL.";
  }
  if (/private address/.test(detail)) return "The URL points at a private network: use your tracker's public address.";
  if (/ECONNREFUSED/.test(detail))
    return "Your tracker's server refused the connection: check the URL and that the server is up.";
  if (/No answer within|ETIMEDOUT|timed? ?out/i.test(detail)) {
    return "Your tracker did not answer in time: check that it is up, then try again.";
  }
  if (/ECONNRESET|socket hang up|closed the connection/i.test(detail)) {
    return "Your tracker's server closed the connection before answering: try again, and check the server if it keeps happening.";
  }
  if (/certificate|CERT_|SSL|TLS/i.test(detail)) {
    return "Your tracker's https certificate was not accepted: ask your tracker's support to fix it, or use its other address.";
  }
  if (/^(The URL|That is not a URL|Macros go)/.test(detail)) return detail;
  return "Your tracker could not be reached: check the URL, then try again.";
}
