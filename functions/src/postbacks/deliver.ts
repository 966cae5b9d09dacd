/**
 * Calling an affiliate's postback (issue 18), from the task queue (run again with backoff until the attempts
 * run out), from "Send a test", and the sweep that re-enqueues what a crash left in the outbox.
 *
 * The call is made only to a public address: the name is resolved here, every address it resolves to must
 * be public (a name that resolves privately, or is rebound between check and call, cannot reach inside),
 * and the connection goes to the address that was checked. http(s) only, no redirects followed, and only
 * the start of the answer read.
 *
 * One hard deadline covers the whole call, the name's lookup, the connection, the headers and the answer's
 * body: a receiver that trickles its answer a byte at a time is cut off at the deadline like one that never
 * answers (an idle timeout would wait for it as long as it keeps trickling). And at most a few calls to one
 * affiliate's receivers are in flight at once (their lanes, data/postback-outbox.ts): the queue's slots are
 * everyone's, and one affiliate's slow receiver holds at most that many of them, each for the deadline.
 */
import { lookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { postbackCalls } from "../config.js";
import { getAffiliateOrThrow } from "../data/affiliates.js";
import {
  claimCall,
  claimLane,
  enqueuePostbacks,
  finishCall,
  logDelivery,
  releaseLane,
  staleOutbox,
} from "../data/postback-outbox.js";
import { ipVersion, isPrivateAddress } from "../domain/ip-address.js";
import {
  deliveryOutcome,
  postbackUrl,
  postbackUrlProblem,
  testConversion,
  type UrlRules,
} from "../domain/outbound-postbacks.js";
import { ApiError } from "../errors.js";

/** How much of an answer is read (nothing in it matters but its status). */
const maxAnswerBytes = 4_096;

export interface CallResult {
  /** The receiver's status, when one came (a receiver may send it and then not finish its answer). */
  status: number | null;
  latencyMs: number;
  /** Why the call did not succeed (a complete 2xx answer): the refusal, the network's error, the status. */
  error: string | null;
  /** Worth trying again: no complete answer, or a 5xx (a 3xx or 4xx will answer the same again). */
  retry: boolean;
}

class Refused extends Error {}

/** The call did not end well after the receiver sent its status (the deadline, or a connection cut). */
class Unfinished extends Error {
  readonly status: number | null;

  constructor(message: string, status: number | null) {
    super(message);
    this.status = status;
  }
}

const seconds = (ms: number) => `${ms / 1000} s`;

/** Calls `url` once, as the rules allow, and within `deadlineMs` whatever the receiver does; never throws. */
export async function callPostback(
  url: string,
  rules: UrlRules,
  deadlineMs: number = postbackCalls.deadlineMs,
): Promise<CallResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), deadlineMs);
  try {
    const problem = postbackUrlProblem(url, rules);
    if (problem) throw new Refused(problem);
    const target = new URL(url);
    const host = target.hostname.replace(/^\[|\]$/g, "").toLowerCase();
    const pinned = await beforeAbort(publicAddress(host, rules), deadline.signal, deadlineMs);
    const status = await request(target, pinned, deadline.signal, deadlineMs);
    if (status >= 200 && status < 300) return { status, latencyMs: elapsed(), error: null, retry: false };
    const error =
      status >= 300 && status < 400
        ? `The receiver answered ${status} (a redirect): redirects are not followed.`
        : `The receiver answered ${status}.`;
    return { status, latencyMs: elapsed(), error, retry: status >= 500 };
  } catch (error) {
    return {
      status: error instanceof Unfinished ? error.status : null,
      latencyMs: elapsed(),
      error: error instanceof Error ? error.message : String(error),
      retry: !(error instanceof Refused),
    };
  } finally {
    clearTimeout(timer);
  }
}

/** `work`, or the deadline's error when the signal comes first. */
function beforeAbort<T>(work: Promise<T>, signal: AbortSignal, deadlineMs: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const abort = () => reject(new Unfinished(`No answer within ${seconds(deadlineMs)}.`, null));
    if (signal.aborted) return abort();
    signal.addEventListener("abort", abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
  });
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

/**
 * One GET to the checked address; answers the status once the answer is read (to its end, or its first
 * `maxAnswerBytes`). The signal ends it wherever it is: connecting, waiting for headers or reading the body.
 */
function request(
  target: URL,
  pinned: { address: string; family: 4 | 6 },
  signal: AbortSignal,
  deadlineMs: number,
): Promise<number> {
  // Every connection of this request goes to the checked address, whatever the name resolves to now.
  const lookupPinned = ((_host, options, callback) => {
    if ((options as { all?: boolean }).all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  }) as LookupFunction;
  return new Promise((resolve, reject) => {
    let status: number | null = null;
    const fail = () =>
      reject(
        signal.aborted
          ? new Unfinished(
              status === null
                ? `No answer within ${seconds(deadlineMs)}.`
                : `The receiver answered ${status} but did not finish its answer within ${seconds(deadlineMs)}.`,
              status,
            )
          : new Unfinished("The receiver closed the connection before finishing its answer.", status),
      );
    const client = target.protocol === "https:" ? https : http;
    const call = client.request(
      target,
      {
        method: "GET",
        lookup: lookupPinned,
        signal,
        headers: { "User-Agent": "AffiliatePostback/1.0", Accept: "*/*" },
      },
      (answer) => {
        status = answer.statusCode ?? 0;
        let read = 0;
        answer.on("data", (chunk: Buffer) => {
          read += chunk.length;
          if (read > maxAnswerBytes) {
            resolve(status!); // enough is read: nothing further in it matters
            answer.destroy();
          }
        });
        answer.on("end", () => resolve(status!));
        answer.on("error", fail);
        answer.on("close", () => {
          if (!answer.complete) fail();
        });
      },
    );
    call.on("error", (error) => (signal.aborted ? fail() : reject(error)));
    call.end();
  });
}

/**
 * The call's deadline, cut short so the call ends a second before its lane's lease does: a lease handed out
 * late (a transaction retried under contention, a slow commit) must not run out while its call is still
 * open, or another call would take the lane and the receiver would have one call too many.
 */
export function deadlineWithin(leaseEnds: Date, now = Date.now()): number {
  return Math.max(0, Math.min(postbackCalls.deadlineMs, leaseEnds.getTime() - now - 1_000));
}

/** The queue runs the task again later (after its backoff) when this is thrown. */
export class RunAgain extends Error {}

/**
 * The task: calls the outbox entry's URL and logs the attempt. Throws RunAgain to have the queue run it again
 * (after its backoff): when the call may succeed later and attempts are left, and when the affiliate's
 * lanes are full (no call made, no attempt spent). Returns when delivered, refused for good, or given up
 * on the last attempt; the entry is then removed.
 */
export async function deliverQueued(id: string, maxAttempts: number, rules: UrlRules, now = new Date()) {
  const claim = await claimCall(id, now, postbackCalls.lanes);
  if (claim.kind === "gone") return; // delivered or given up already: a second task for it calls nothing
  if (claim.kind === "busy") throw new RunAgain(`Postback ${id}: the affiliate's lanes are full; run again later.`);
  const { entry, attempt, leaseEnds } = claim;
  const result = await callPostback(entry.url, rules, deadlineWithin(leaseEnds));
  const outcome = deliveryOutcome(result, attempt >= maxAttempts);
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
  await finishCall(id, entry.uid, outcome !== "retrying");
  if (outcome === "retrying") throw new RunAgain(`Postback ${id}: ${result.error ?? "failed"}; the queue retries it.`);
}

/**
 * "Send a test": calls the postback now with made-up values, logs it as a test, and answers what happened.
 * It takes one of the affiliate's lanes like any call, so tests cannot add to a slow receiver's load.
 */
export async function testPostback(uid: string, postbackId: string, rules: UrlRules, now: Date) {
  const affiliate = await getAffiliateOrThrow(uid);
  const postback = (affiliate.postbacks ?? []).find((candidate) => candidate.id === postbackId);
  if (!postback) throw new ApiError("not_found", "You have no such postback.");
  const conversion = testConversion(postback, uid, now);
  const url = postbackUrl(postback.url, conversion);
  const lane = `test_${postbackId}`;
  const leaseEnds = await claimLane(uid, lane, postbackCalls.lanes);
  if (!leaseEnds) {
    const wait = Math.ceil(postbackCalls.lanes.leaseMs / 1000);
    throw new ApiError(
      "rate_limited",
      `Your postbacks are being called already (at most ${postbackCalls.lanes.atOnce} calls at once, a test included): try again in ${wait} s.`,
      wait,
    );
  }
  try {
    const result = await callPostback(url, rules, deadlineWithin(leaseEnds));
    const outcome = deliveryOutcome(result, true);
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
  } finally {
    await releaseLane(uid, lane);
  }
}

/** Re-enqueues outbox entries whose task was lost; their tasks find them and call once. */
export async function sweepOutbox(now: Date): Promise<number> {
  const ids = await staleOutbox(now);
  await enqueuePostbacks(ids);
  return ids.length;
}
