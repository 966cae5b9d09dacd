/**
 * Affiliates' postbacks (issue 18): a conversion that credits an affiliate calls the URL they set, through
 * the Cloud Tasks emulator's queue, with their sub-ids and the commission; retried after a failure, given
 * up after the last attempt, logged each time. A receiver in this test (on 127.0.0.1, which the emulators'
 * POSTBACK_ALLOWED_HOSTS lets through) records the calls.
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sendEvent } from "../../scripts/lib/events-client.ts";
import { siteUrl } from "../../scripts/lib/project.ts";
import { openLink, refs, saleEvent, splitClickId } from "../support/backend.ts";
import { startSlowReceiver, type SlowReceiver } from "../../functions/src/testing/slow-receiver.ts";
import { savePostback } from "../support/postbacks.ts";
import { api, createAffiliateUser, createUser, type TestUser } from "../support/users.ts";

/** The receiver: each path answers as its script says, and every call is kept. */
const calls: URL[] = [];
const failuresLeft = new Map<string, number>();
let receiver: http.Server;
let base: string;

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    calls.push(url);
    const fail = failuresLeft.get(url.pathname) ?? 0;
    if (fail > 0) failuresLeft.set(url.pathname, fail - 1);
    if (url.pathname.startsWith("/moved")) res.writeHead(302, { Location: "http://169.254.169.254/" }).end();
    else res.writeHead(fail > 0 ? 500 : 200, { "Content-Type": "text/plain" }).end(fail > 0 ? "down" : "ok");
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

/** The calls made to `path` so far. */
const callsTo = (path: string) => calls.filter((url) => url.pathname === path);

/** Waits (bounded) until `ready` holds: the queue delivers on its own schedule. */
async function until<T>(what: string, ready: () => Promise<T | undefined> | T | undefined, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await ready();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface Delivery {
  url: string;
  status: number | null;
  attempt: number;
  outcome: string;
  test: boolean;
  transaction_id: string;
  error: string | null;
}

async function deliveries(uid: string): Promise<Delivery[]> {
  const snapshot = await refs.affiliate(uid).collection("postback_deliveries").orderBy("at").get();
  return snapshot.docs.map((doc) => doc.data() as Delivery);
}

/** The affiliate's delivery log once it has a give-up in it. */
const givenUp = (uid: string, timeoutMs: number) =>
  until(
    "the give-up",
    async () => {
      const entries = await deliveries(uid);
      return entries.some((entry) => entry.outcome === "gave_up") ? entries : undefined;
    },
    timeoutMs,
  );

/**
 * The affiliate's outbox ends empty: the last attempt is logged first and its entry removed just after
 * (postbacks/deliver.ts), so the log can be read a moment before the removal.
 */
const expectOutboxEmptied = (uid: string) =>
  expect
    .poll(async () => (await refs.internal("postback_outbox").where("uid", "==", uid).get()).size, { timeout: 10_000 })
    .toBe(0);

async function affiliateWithPostback(path: string, events = ["sign_up", "sale", "refund"], tracker = "*") {
  const user = await createAffiliateUser();
  await refs.affiliate(user.uid).update({ links: { promptchan: ["/tw"], cutechat: [], creategirls: [] } });
  const template = `${base}${path}?cid={sub1}&s2={sub2}&click={click_id}&e={event}&p={payout}&c={currency}&t={transaction_id}`;
  const saved = await api(user, "POST", "/api/save_postback", {
    advertiser: "promptchan",
    tracker,
    url: template,
    events,
  });
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  return { user, postbacks: saved.json.postbacks as { id: string }[] };
}

let staff: TestUser;
let token: string;
beforeAll(async () => {
  staff = await createUser({ claims: { advertiser: true } });
  const integration = await api(staff, "GET", "/api/integration?advertiser=promptchan");
  token = (integration.json as { tokens: { token: string }[] }).tokens[0]?.token ?? "";
  if (!token) {
    const rotated = await api(staff, "POST", "/api/integration/rotate_token", { advertiser: "promptchan" });
    token = (rotated.json as { tokens: { token: string }[] }).tokens[0]!.token;
  }
});

/** An inbound postback from promptchan's platform. */
async function platform(params: Record<string, string>) {
  const url = new URL(`${siteUrl}/api/postback/promptchan`);
  for (const [name, value] of Object.entries({ token, ...params })) url.searchParams.set(name, value);
  const answer = await fetch(url);
  expect(answer.status, await answer.clone().text()).toBe(200);
  return (await answer.json()) as { status: string };
}

describe("delivery", () => {
  // Three rounds through the queue (the sale, the refund, the log): under a full run's load, more than 30 s.
  test(
    "a sale by click id calls the affiliate's URL once, with their sub-ids, URL-encoded; a clawback too",
    { timeout: 90_000 },
    async () => {
      const { user } = await affiliateWithPostback("/ok", ["sale", "refund"]);
      const visit = await openLink(`/m/${user.uid}/tw?sub1=${encodeURIComponent("José & co")}&sub2=a%2Fb%3Fc`, {
        ip: "10.99.0.1",
      });
      const clickId = splitClickId(visit.location!).clickId!;
      const sale = `s-${randomUUID()}`;
      expect(await platform({ event: "sign_up", click_id: clickId, transaction_id: `u-${randomUUID()}` })).toEqual({
        status: "applied",
      });
      expect(await platform({ event: "sale", click_id: clickId, transaction_id: sale, amount: "20.00" })).toEqual({
        status: "applied",
      });
      // The same postback again (the platform's retry): the conversion counts once, and so does its call.
      expect(await platform({ event: "sale", click_id: clickId, transaction_id: sale, amount: "20.00" })).toEqual({
        status: "duplicate",
      });

      const [call] = await until("the sale's call", () => {
        const made = callsTo("/ok").filter((url) => url.searchParams.get("t") === sale);
        return made.length > 0 ? made : undefined;
      });
      expect(Object.fromEntries(call!.searchParams)).toEqual({
        cid: "José & co",
        s2: "a/b?c",
        click: clickId,
        e: "sale",
        p: "12.00",
        c: "USD",
        t: sale,
      });
      // The raw query has them encoded.
      expect(call!.search).toContain("cid=Jos%C3%A9%20%26%20co&s2=a%2Fb%3Fc");

      const refund = `r-${randomUUID()}`;
      await platform({ event: "refund", click_id: clickId, transaction_id: refund, sale_id: sale, amount: "5.00" });
      const [clawback] = await until("the refund's call", () => {
        const made = callsTo("/ok").filter((url) => url.searchParams.get("t") === refund);
        return made.length > 0 ? made : undefined;
      });
      expect(clawback!.searchParams.get("p")).toBe("-3.00");
      expect(clawback!.searchParams.get("e")).toBe("refund");
      expect(clawback!.searchParams.get("cid")).toBe("José & co");

      const log = await until("the log", async () => {
        const entries = await deliveries(user.uid);
        return entries.length >= 2 ? entries : undefined;
      });
      expect(
        log.map(({ transaction_id, status, attempt, outcome }) => ({ transaction_id, status, attempt, outcome })),
      ).toEqual([
        { transaction_id: sale, status: 200, attempt: 1, outcome: "delivered" },
        { transaction_id: refund, status: 200, attempt: 1, outcome: "delivered" },
      ]);
      // The sign-up is not among the chosen events, and the duplicate sale made no second call.
      expect(callsTo("/ok").filter((url) => url.searchParams.get("click") === clickId)).toHaveLength(2);
      await expectOutboxEmptied(user.uid);
    },
  );

  test("a sale through the signed events API fires too, with no click id or sub-ids", async () => {
    const { user } = await affiliateWithPostback("/events");
    const sale = saleEvent(user.uid, "10.00");
    expect((await sendEvent(sale)).status).toBe(200);
    const [call] = await until("the call", () => (callsTo("/events").length > 0 ? callsTo("/events") : undefined));
    expect(Object.fromEntries(call!.searchParams)).toMatchObject({
      cid: "",
      click: "",
      e: "sale",
      p: "6.00",
      t: sale.id,
    });
  });

  test("a failed call is tried again after a backoff, and logged each time", async () => {
    failuresLeft.set("/flaky", 1);
    const { user } = await affiliateWithPostback("/flaky");
    await sendEvent(saleEvent(user.uid, "10.00"));
    const log = await until("the retry", async () => {
      const entries = await deliveries(user.uid);
      return entries.some((entry) => entry.outcome === "delivered") ? entries : undefined;
    });
    expect(log.map(({ status, attempt, outcome }) => ({ status, attempt, outcome }))).toEqual([
      { status: 500, attempt: 1, outcome: "retrying" },
      { status: 200, attempt: 2, outcome: "delivered" },
    ]);
    expect(callsTo("/flaky")).toHaveLength(2);
  });

  test("after the last attempt (3 in the emulators) it is given up", async () => {
    failuresLeft.set("/down", 1_000);
    const { user } = await affiliateWithPostback("/down");
    await sendEvent(saleEvent(user.uid, "10.00"));
    const log = await givenUp(user.uid, 60_000);
    expect(log.map(({ status, attempt, outcome }) => ({ status, attempt, outcome }))).toEqual([
      { status: 500, attempt: 1, outcome: "retrying" },
      { status: 500, attempt: 2, outcome: "retrying" },
      { status: 500, attempt: 3, outcome: "gave_up" },
    ]);
    expect(callsTo("/down")).toHaveLength(3);
    await expectOutboxEmptied(user.uid);
  });

  test("a redirect is not followed: given up at once", async () => {
    const { user } = await affiliateWithPostback("/moved");
    await sendEvent(saleEvent(user.uid, "10.00"));
    const log = await until("the log", async () => {
      const entries = await deliveries(user.uid);
      return entries.length > 0 ? entries : undefined;
    });
    expect(log).toEqual([
      expect.objectContaining({
        status: 302,
        attempt: 1,
        outcome: "gave_up",
        error: expect.stringMatching(/not followed/),
      }),
    ]);
    expect(callsTo("/moved")).toHaveLength(1);
  });
});

describe("settings", () => {
  const refused: [string, string | RegExp][] = [
    ["http://10.0.0.5/pb", "url: The URL must not point at a private, loopback or link-local address."],
    [
      "http://169.254.169.254/latest/meta-data",
      "url: The URL must not point at a private, loopback or link-local address.",
    ],
    ["http://[::1]/pb", "url: The URL must not point at a private, loopback or link-local address."],
    ["http://localhost/pb", "url: The URL must point at a public host, not a local one."],
    ["gopher://tracker.example/pb", "url: The URL must start with https:// or http://."],
    ["https://tracker.example:8443/pb", "url: The URL must use the standard port (443 for https, 80 for http)."],
    ["https://tracker.example/pb?x={nope}", /^url: Unknown macro \{nope\}/],
    [`https://tracker.example/${"a".repeat(1001)}`, "url: must be at most 1000 characters."],
    ["tracker.example/pb", "url: That is not a URL: it must start with https:// or http://."],
    ["https://tracker.example/a b", "url: The URL must not contain spaces."],
  ];
  test.each(
    refused.map(([url, reason]) => [
      url.length > 80 ? `${url.slice(0, 40)}… (${url.length} characters)` : url,
      url,
      reason,
    ]),
  )("%s is refused with the reason, and nothing is saved", async (_, url, reason) => {
    const user = await createAffiliateUser();
    const answer = await savePostback(user, url);
    expect(answer.status).toBe(400);
    expect(answer.json.error).toMatch(reason);
    expect((await refs.affiliate(user.uid).get()).data()?.postbacks).toEqual([]);
  });

  test("a link that is not theirs, a sixth postback and a second for one link are refused", async () => {
    const { user } = await affiliateWithPostback("/ok", ["sale"], "/tw");
    const save = (tracker: string) =>
      api(user, "POST", "/api/save_postback", {
        advertiser: "cutechat",
        tracker,
        url: "https://t.example/pb",
        events: ["sale"],
      });
    expect((await save("/nope")).json.error).toBe("tracker: /nope is not one of your links.");
    const again = await api(user, "POST", "/api/save_postback", {
      advertiser: "promptchan",
      tracker: "/tw",
      url: "https://t.example/pb",
      events: ["sale"],
    });
    expect(again).toMatchObject({
      status: 409,
      json: { error: "You already have a postback for that link: edit it instead." },
    });
    await refs
      .affiliate(user.uid)
      .update({ links: { promptchan: ["/tw"], cutechat: ["/a", "/b", "/c", "/d", "/e"], creategirls: [] } });
    for (const tracker of ["/a", "/b", "/c", "/d"]) expect((await save(tracker)).status).toBe(200);
    expect(await save("/e")).toMatchObject({
      status: 409,
      json: { error: "You can have at most 5 postbacks: delete one first." },
    });
  });

  test("edit, test and delete: only the affiliate's own", async () => {
    const { user, postbacks } = await affiliateWithPostback("/ok");
    const id = postbacks[0]!.id;
    const edited = await api(user, "POST", "/api/save_postback", {
      id,
      advertiser: "promptchan",
      tracker: "*",
      url: `${base}/tested?cid={sub1}&t={transaction_id}&p={payout}`,
      events: ["sale"],
    });
    expect(edited.json.postbacks).toEqual([
      {
        id,
        advertiser: "promptchan",
        tracker: "*",
        url: `${base}/tested?cid={sub1}&t={transaction_id}&p={payout}`,
        events: ["sale"],
      },
    ]);

    const tested = await api(user, "POST", "/api/test_postback", { id });
    expect(tested.json).toMatchObject({ status: 200, outcome: "delivered", error: null });
    expect(callsTo("/tested").at(-1)!.searchParams.get("cid")).toBe("test-sub1");
    expect(callsTo("/tested").at(-1)!.searchParams.get("p")).toBe("12.00");
    expect((await deliveries(user.uid)).at(-1)).toMatchObject({ test: true, outcome: "delivered", status: 200 });

    const other = await createAffiliateUser();
    expect((await api(other, "POST", "/api/delete_postback", { id })).status).toBe(404);
    expect((await api(other, "POST", "/api/test_postback", { id })).status).toBe(404);
    expect((await api(null, "POST", "/api/delete_postback", { id })).status).toBe(401);
    expect((await api(user, "POST", "/api/delete_postback", { id })).json).toEqual({ postbacks: [] });
  });
});

describe("slow receivers", () => {
  let slow: SlowReceiver;
  beforeAll(async () => {
    slow = await startSlowReceiver({ stepMs: 500, limitMs: 40_000 });
  });
  afterAll(() => slow.close());

  async function affiliateWithSlowPostback(path: string) {
    const user = await createAffiliateUser();
    const saved = await savePostback(user, `${slow.base}${path}?t={transaction_id}`);
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    return { user, id: (saved.json.postbacks as { id: string }[])[0]!.id };
  }

  test("Send a test against a receiver trickling its answer answers at the deadline, not delivered", async () => {
    const { user, id } = await affiliateWithSlowPostback("/trickle-body-test");
    const started = Date.now();
    const tested = await api(user, "POST", "/api/test_postback", { id });
    expect(Date.now() - started).toBeLessThan(9_000);
    expect(tested.json).toMatchObject({
      status: 200,
      outcome: "gave_up",
      error: "The receiver answered 200 but did not finish its answer within 5 s.",
    });
    expect((await deliveries(user.uid)).at(-1)).toMatchObject({ test: true, outcome: "gave_up", status: 200 });
  });

  test(
    "a sale's postback to a receiver trickling its headers: every attempt logged, the last given up, the outbox emptied",
    { timeout: 90_000 },
    async () => {
      const { user } = await affiliateWithSlowPostback("/trickle-head-sale");
      await sendEvent(saleEvent(user.uid, "10.00"));
      const log = await givenUp(user.uid, 75_000);
      expect(log.map(({ status, attempt, outcome, error }) => ({ status, attempt, outcome, error }))).toEqual(
        [1, 2, 3].map((attempt) => ({
          status: null,
          attempt,
          outcome: attempt < 3 ? "retrying" : "gave_up",
          error: "No answer within 5 s.",
        })),
      );
      expect(slow.calls("/trickle-head-sale")).toBe(3);
      await expectOutboxEmptied(user.uid);
    },
  );

  test(
    "one affiliate's slow receiver holds at most two calls at once, and another affiliate's sale is delivered meanwhile",
    { timeout: 90_000 },
    async () => {
      const { user: slowUser } = await affiliateWithSlowPostback("/trickle-body-many");
      const sales = Array.from({ length: 8 }, () => saleEvent(slowUser.uid, "10.00"));
      await Promise.all(sales.map((sale) => sendEvent(sale)));
      await until("the slow receiver's first calls", () => slow.calls("/trickle-body-many") >= 2);

      const { user } = await affiliateWithPostback("/prompt", ["sale"]);
      const sale = saleEvent(user.uid, "10.00");
      await sendEvent(sale);
      await until(
        "the other affiliate's call",
        () => callsTo("/prompt").some((url) => url.searchParams.get("t") === sale.id),
        20_000,
      );
      // Meanwhile the slow affiliate's sales are still being called, never more than two at once.
      const waiting = await refs.internal("postback_outbox").where("uid", "==", slowUser.uid).get();
      expect(waiting.size).toBeGreaterThan(0);
      await until("more of the slow affiliate's calls", () => slow.calls("/trickle-body-many") >= 6, 60_000);
      expect(slow.mostAtOnce("/trickle-body-many")).toBe(2);
      // Their log says each call's outcome; what is left is dropped so it does not outlive the test.
      const log = await deliveries(slowUser.uid);
      expect(log.length).toBeGreaterThan(0);
      expect(log.every((entry) => entry.outcome === "retrying" || entry.outcome === "gave_up")).toBe(true);
      await Promise.all(waiting.docs.map((doc) => doc.ref.delete()));
    },
  );
});
