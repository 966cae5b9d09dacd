/**
 * Affiliates' postbacks (issue 18): when a conversion credits an affiliate, the product calls the URL they
 * set for that link (their own tracker: Voluum, RedTrack, Binom ...), with macros filled in. What a postback
 * is, which one a conversion fires, the URL it calls, and the rules that keep the product from being made to
 * call what it must not (SSRF): pure, for the API, the delivery and the tests alike.
 */
import { z } from "zod";
import { advertiserIds, type AdvertiserId } from "./advertisers.js";
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
    (postback) => postback.advertiser === conversion.advertiser && postback.events.includes(conversion.event),
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

const v4Pattern = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** 4 or 6 for an IP address in its usual text form (as URL and DNS give them), 0 for anything else. */
export function ipVersion(address: string): 0 | 4 | 6 {
  if (v4Pattern.test(address)) return 4;
  if (!address.includes(":") || !/^[0-9a-f:.]+$/i.test(address)) return 0;
  const [head = "", tail, extra] = address.split("::");
  if (extra !== undefined) return 0;
  const groups = [...head.split(":"), ...(tail === undefined ? [] : tail.split(":"))].filter(Boolean);
  const last = groups.at(-1) ?? "";
  const v4Tail = v4Pattern.test(last);
  const hex = v4Tail ? groups.slice(0, -1) : groups;
  if (!hex.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return 0;
  const count = hex.length + (v4Tail ? 2 : 0);
  return (tail === undefined ? count === 8 : count < 8) ? 6 : 0;
}

/**
 * Whether an address is one the product must never call: loopback, private, link-local (the cloud
 * metadata server), shared (CGNAT), multicast, reserved, unspecified, and IPv6's equivalents, including
 * IPv4 addresses mapped into IPv6. Anything that is not an IP address counts as private.
 */
export function isPrivateAddress(address: string): boolean {
  const version = ipVersion(address);
  if (version === 4) return isPrivateV4(address.split(".").map(Number));
  if (version !== 6) return true;
  const lower = address.toLowerCase();
  const mapped = /^(?:0*:)*(?:0*:)?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower) ?? /^::(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped) return isPrivateV4(mapped[1]!.split(".").map(Number));
  const groups = expandV6(lower);
  if (groups.every((group) => group === 0)) return true; // ::
  if (groups.slice(0, 7).every((group) => group === 0) && groups[7] === 1) return true; // ::1
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) return true; // ::ffff:x (hex)
  const first = groups[0]!;
  return (
    (first & 0xfe00) === 0xfc00 || // fc00::/7 unique local
    (first & 0xffc0) === 0xfe80 || // fe80::/10 link-local
    (first & 0xff00) === 0xff00 || // ff00::/8 multicast
    (first === 0x2001 && groups[1] === 0x0db8) || // documentation
    (first === 0x0064 && groups[1] === 0xff9b) // NAT64: an IPv4 address behind it
  );
}

function isPrivateV4([a = 0, b = 0]: number[]): boolean {
  return (
    a === 0 || // "this network"
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) || // shared address space (CGNAT)
    (a === 169 && b === 254) || // link-local, the metadata server
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0) || // IETF protocol assignments, documentation
    (a === 198 && (b === 18 || b === 19)) || // benchmarking
    a >= 224 // multicast, reserved, broadcast
  );
}

function expandV6(address: string): number[] {
  const [head = "", tail] = address.split("::");
  const parse = (part: string) => (part ? part.split(":").map((group) => parseInt(group, 16) || 0) : []);
  const start = parse(head);
  const end = tail === undefined ? [] : parse(tail);
  return [...start, ...Array<number>(8 - start.length - end.length).fill(0), ...end];
}

/** Where a postback may be sent from the emulators: hosts named in POSTBACK_ALLOWED_HOSTS (never in production). */
export interface UrlRules {
  allowedHosts: readonly string[];
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
  let url: URL;
  try {
    url = new URL(template.replace(/\{[a-z0-9_]+\}/g, "x"));
  } catch {
    return "That is not a URL: it must start with https:// or http://.";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "The URL must start with https:// or http://.";
  const hostPart = template.slice(template.indexOf("//") + 2).split(/[/?#]/)[0] ?? "";
  if (hostPart.includes("{")) return "Macros go in the path or the query, not in the host.";
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
