/**
 * One call of a postback against receivers that misbehave on purpose (tests/support/slow-receiver.ts): the
 * deadline covers the whole call, so a receiver trickling its headers or its body a byte at a time is cut
 * off at the deadline (an idle timeout waited as long as the bytes kept coming).
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startSlowReceiver, type SlowReceiver } from "../testing/slow-receiver.js";
import { postbackCalls } from "../config.js";
import { callPostback, deadlineWithin } from "./deliver.js";

const rules = { allowedHosts: ["127.0.0.1"] };
const deadlineMs = 1_000;
let receiver: SlowReceiver;

beforeAll(async () => {
  // A byte every 200 ms for up to 10 s: an idle timeout of a second would never fire.
  receiver = await startSlowReceiver({ stepMs: 200, limitMs: 10_000 });
});
afterAll(() => receiver.close());

describe("callPostback's deadline", () => {
  test("headers trickled a byte at a time: cut off at the deadline, to be tried again", async () => {
    const result = await callPostback(`${receiver.base}/trickle-head`, rules, deadlineMs);
    expect(result).toMatchObject({ status: null, error: "No answer within 1 s.", retry: true });
    expect(result.latencyMs).toBeGreaterThanOrEqual(deadlineMs - 50);
    expect(result.latencyMs).toBeLessThan(deadlineMs + 500);
  });

  test("a 200 whose body is trickled is not delivered: cut off at the deadline", async () => {
    const result = await callPostback(`${receiver.base}/trickle-body`, rules, deadlineMs);
    expect(result).toMatchObject({
      status: 200,
      error: "The receiver answered 200 but did not finish its answer within 1 s.",
      retry: true,
    });
    expect(result.latencyMs).toBeLessThan(deadlineMs + 500);
  });

  test("a receiver that never answers: cut off at the deadline", async () => {
    const result = await callPostback(`${receiver.base}/silent`, rules, deadlineMs);
    expect(result).toMatchObject({ status: null, error: "No answer within 1 s.", retry: true });
    expect(result.latencyMs).toBeLessThan(deadlineMs + 500);
  });

  test("an answer cut short by the receiver is not delivered either", async () => {
    const result = await callPostback(`${receiver.base}/cut`, rules, deadlineMs);
    expect(result).toMatchObject({
      status: 200,
      error: "The receiver closed the connection before finishing its answer.",
      retry: true,
    });
  });

  test("a prompt 200 is delivered, and the deadline's timer does not outlive the call", async () => {
    const result = await callPostback(`${receiver.base}/ok`, rules, deadlineMs);
    expect(result).toMatchObject({ status: 200, error: null, retry: false });
    expect(result.latencyMs).toBeLessThan(deadlineMs);
  });

  test("a refused URL is refused before any call, for good", async () => {
    const result = await callPostback("http://[::127.0.0.1]/pb", { allowedHosts: [] }, deadlineMs);
    expect(result).toMatchObject({
      status: null,
      error: "The URL must not point at a private, loopback or link-local address.",
      retry: false,
    });
  });
});

describe("a call's deadline within its lane's lease", () => {
  const now = Date.parse("2026-11-26T12:00:00Z");
  const leaseEndingIn = (ms: number) => new Date(now + ms);

  test("a lease taken on time leaves the call its full deadline", () => {
    expect(deadlineWithin(leaseEndingIn(postbackCalls.lanes.leaseMs), now)).toBe(postbackCalls.deadlineMs);
  });

  test("a lease handed out late cuts the call short, to end a second before the lease", () => {
    expect(deadlineWithin(leaseEndingIn(3_500), now)).toBe(2_500);
  });

  test("a lease all but spent leaves no time for a call", () => {
    expect(deadlineWithin(leaseEndingIn(800), now)).toBe(0);
    expect(deadlineWithin(leaseEndingIn(-5_000), now)).toBe(0);
  });
});
