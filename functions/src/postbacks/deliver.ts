/**
 * Calling an affiliate's postback (issue 18), from the task queue (retried with backoff until the queue's
 * attempts run out), from "Send a test", and the sweep that re-enqueues what a crash left in the outbox.
 *
 * The call is made only to a public address: the name is resolved here, every address it resolves to must
 * be public (a name that resolves privately, or is rebound between check and call, cannot reach inside),
 * and the connection goes to the address that was checked. http(s) only, no redirects followed, a timeout,
 * and only the start of the answer read.
 */
import { lookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { getAffiliateOrThrow } from "../data/affiliates.js";
import { deleteOutbox, enqueuePostbacks, logDelivery, readOutbox, staleOutbox } from "../data/postback-outbox.js";
import { ipVersion, isPrivateAddress } from "../domain/ip-address.js";
import {
  postbackUrl,
  postbackUrlProblem,
  testConversion,
  type DeliveryOutcome,
  type UrlRules,
} from "../domain/outbound-postbacks.js";
import { ApiError } from "../errors.js";

/** How long a receiver has to answer. */
export const callTimeoutMs = 5_000;
/** How much of an answer is read (nothing in it matters but its status). */
const maxAnswerBytes = 4_096;
/** An outbox entry this old has lost its task (a crash between the commit and the enqueue). */
const sweepAfterMs = 2 * 60 * 1000;

export interface CallResult {
  status: number | null;
  latencyMs: number;
  /** Why there is no 2xx: the network's error, the refusal, or the receiver's status. */
  error: string | null;
  /** Worth trying again: no answer, or a 5xx (a 3xx or 4xx will answer the same again). */
  retry: boolean;
}

class Refused extends Error {}

/** Calls `url` once, as the rules allow; never throws. */
export async function callPostback(url: string, rules: UrlRules): Promise<CallResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const problem = postbackUrlProblem(url, rules);
    if (problem) throw new Refused(problem);
    const target = new URL(url);
    const pinned = await publicAddress(target.hostname.replace(/^\[|\]$/g, "").toLowerCase(), rules);
    const status = await request(target, pinned);
    if (status >= 200 && status < 300) return { status, latencyMs: elapsed(), error: null, retry: false };
    const error =
      status >= 300 && status < 400
        ? `The receiver answered ${status} (a redirect): redirects are not followed.`
        : `The receiver answered ${status}.`;
    return { status, latencyMs: elapsed(), error, retry: status >= 500 };
  } catch (error) {
    const refused = error instanceof Refused;
    return {
      status: null,
      latencyMs: elapsed(),
      error: error instanceof Error ? error.message : String(error),
      retry: !refused,
    };
  }
}

/** The address to connect to: the host's, when it and every other address of the name are public. */
async function publicAddress(host: string, rules: UrlRules): Promise<{ address: string; family: 4 | 6 }> {
  const allowed = rules.allowedHosts.includes(host);
  const literal = ipVersion(host);
  const addresses = literal
    ? [{ address: host, family: literal }]
    : (await lookup(host, { all: true, verbatim: true })).map(({ address, family }) => ({
        address,
        family: family as 4 | 6,
      }));
  if (!allowed && addresses.some(({ address }) => isPrivateAddress(address))) {
    throw new Refused(`${host} resolves to a private address: postbacks only go to public ones.`);
  }
  const first = addresses[0];
  if (!first) throw new Refused(`${host} does not resolve.`);
  return first;
}

function request(target: URL, pinned: { address: string; family: 4 | 6 }): Promise<number> {
  // Every connection of this request goes to the checked address, whatever the name resolves to now.
  const lookupPinned = ((_host, options, callback) => {
    if ((options as { all?: boolean }).all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  }) as LookupFunction;
  return new Promise((resolve, reject) => {
    const client = target.protocol === "https:" ? https : http;
    const call = client.request(
      target,
      {
        method: "GET",
        lookup: lookupPinned,
        timeout: callTimeoutMs,
        headers: { "User-Agent": "AffiliatePostback/1.0", Accept: "*/*" },
      },
      (answer) => {
        let read = 0;
        answer.on("data", (chunk: Buffer) => {
          read += chunk.length;
          if (read > maxAnswerBytes) answer.destroy();
        });
        answer.on("close", () => resolve(answer.statusCode ?? 0));
        answer.on("error", () => resolve(answer.statusCode ?? 0));
      },
    );
    call.on("timeout", () => call.destroy(new Error(`No answer within ${callTimeoutMs / 1000} s.`)));
    call.on("error", reject);
    call.end();
  });
}

/**
 * The task: calls the outbox entry's URL and logs the attempt. Throws to have the queue try again (after
 * its backoff); returns when delivered, refused for good, or on the last attempt (then logged as given up).
 */
export async function deliverQueued(id: string, attempt: number, maxAttempts: number, rules: UrlRules) {
  const entry = await readOutbox(id);
  if (!entry) return; // delivered or given up already: a second task for it calls nothing
  const result = await callPostback(entry.url, rules);
  const last = attempt >= maxAttempts;
  const outcome: DeliveryOutcome =
    result.error === null
      ? "delivered"
      : !result.retry && result.status === null
        ? "refused"
        : result.retry && !last
          ? "retrying"
          : "gave_up";
  await logDelivery(entry.uid, {
    at: new Date(),
    url: entry.url,
    event: entry.event,
    transaction_id: entry.transaction_id,
    status: result.status,
    latency_ms: result.latencyMs,
    attempt,
    outcome,
    error: result.error,
    test: false,
  });
  if (outcome === "retrying") throw new Error(`Postback ${id}: ${result.error ?? "failed"}; the queue retries it.`);
  await deleteOutbox(id);
}

/** "Send a test": calls the postback now with made-up values, logs it as a test, and answers what happened. */
export async function testPostback(uid: string, postbackId: string, rules: UrlRules, now: Date) {
  const affiliate = await getAffiliateOrThrow(uid);
  const postback = (affiliate.postbacks ?? []).find((candidate) => candidate.id === postbackId);
  if (!postback) throw new ApiError("not_found", "You have no such postback.");
  const conversion = testConversion(postback, uid, now);
  const url = postbackUrl(postback.url, conversion);
  const result = await callPostback(url, rules);
  const outcome: DeliveryOutcome =
    result.error === null ? "delivered" : result.status === null && !result.retry ? "refused" : "gave_up";
  await logDelivery(uid, {
    at: now,
    url,
    event: conversion.event,
    transaction_id: conversion.transactionId,
    status: result.status,
    latency_ms: result.latencyMs,
    attempt: 1,
    outcome,
    error: result.error,
    test: true,
  });
  return { url, status: result.status, latency_ms: result.latencyMs, outcome, error: result.error };
}

/** Re-enqueues outbox entries whose task was lost; their tasks find them and call once. */
export async function sweepOutbox(now: Date): Promise<number> {
  const ids = await staleOutbox(new Date(now.getTime() - sweepAfterMs));
  await enqueuePostbacks(ids);
  return ids.length;
}
