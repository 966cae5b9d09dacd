/**
 * Inbound postbacks (issue 18): an advertiser's platform reports sign-ups, sales, refunds and chargebacks
 * by click id, by GET or POST, authenticated by a rotatable token (or the events API's signature), and the
 * same ledger code as /api/events applies them exactly once. Staff see every authenticated postback in the
 * integration page's log.
 *
 * Tokens are per advertiser and shared by every test in the run, so only this file rotates them, and only
 * cutechat's; its tests run one after another.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, test } from "vitest";
import { signature } from "../../scripts/lib/events-client.ts";
import { demoSecrets } from "../../scripts/lib/local-secrets.ts";
import { siteUrl } from "../../scripts/lib/project.ts";
import { affiliateView, createAffiliate, openLink, refs, splitClickId } from "../support/backend.ts";
import { emulatorConcurrency, inParallel } from "../support/concurrency.ts";
import { startOfRoomyMinute } from "../support/minute.ts";
import { api, createAffiliateUser, createUser, type TestUser } from "../support/users.ts";

const advertiser = "cutechat";
const host = "cutechat.localhost:5050";
const links = { promptchan: [], cutechat: ["/ig"], creategirls: [] };

let staff: TestUser;
let token: string;

interface Integration {
  postback_url: string | null;
  tokens: { token: string; expires_at: string | null }[];
  recent: {
    transaction_id: string | null;
    click_id: string | null;
    outcome: string;
    status: number;
    reason: string | null;
    method: string;
  }[];
  test_click_id: string | null;
}

async function integration(path = "", body?: unknown): Promise<Integration> {
  const answer = body
    ? await api(staff, "POST", `/api/integration/${path}`, body)
    : await api(staff, "GET", `/api/integration?advertiser=${advertiser}`);
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return answer.json as unknown as Integration;
}

beforeAll(async () => {
  staff = await createUser({ claims: { advertiser: true } });
  // A working token, whatever an earlier run left: rotating makes a new current one.
  token = (await integration("rotate_token", { advertiser })).tokens[0]!.token;
});

/** A click on the affiliate's /ig link, through the tracking redirect; answers its click id. */
async function click(uid: string, query = "landing=/ai-porn&sub1=camp"): Promise<string> {
  const answer = await openLink(`/m/${uid}/ig?${query}`, { host, ip: `10.${Math.floor(Math.random() * 250)}.7.9` });
  expect(answer.status).toBe(302);
  return splitClickId(answer.location!).clickId!;
}

type Params = Record<string, string>;

/** A postback as a platform sends it: GET with a query, or POST with a form or JSON body. */
async function postback(
  params: Params,
  how: "GET" | "form" | "json" = "GET",
  headers: Record<string, string> = {},
): Promise<{ status: number; json: Record<string, unknown> }> {
  const url = new URL(`${siteUrl}/api/postback/${advertiser}`);
  let init: RequestInit = { method: "GET", headers };
  if (how === "GET") {
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  } else if (how === "form") {
    init = {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams(params).toString(),
    };
  } else {
    init = {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: JSON.stringify(params),
    };
  }
  const response = await fetch(url, init);
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

const txn = () => `t-${randomUUID()}`;

/** Everything a postback could have written to the affiliate's ledger, to prove a refused one wrote nothing. */
async function footprint(uid: string) {
  const [affiliate, transactions] = await Promise.all([refs.affiliate(uid).get(), refs.transactions(uid).get()]);
  return { affiliate: affiliate.data(), transactions: transactions.size };
}

describe("each event, by GET and by POST", () => {
  test.each(["GET", "form", "json"] as const)(
    "%s: a sign-up, a first sale, a renewal, a refund and a chargeback apply to the click's affiliate",
    async (how) => {
      const uid = await createAffiliate({ links });
      const clickId = await click(uid);
      const sale = txn();
      const renewal = txn();
      const send = (params: Params) => postback({ token, click_id: clickId, currency: "USD", ...params }, how);

      expect(await send({ event: "sign_up", transaction_id: txn() })).toMatchObject({
        status: 200,
        json: { status: "applied" },
      });
      expect(await send({ event: "sale", transaction_id: sale, amount: "20.00", repeat_index: "0" })).toMatchObject({
        status: 200,
        json: { status: "applied" },
      });
      expect(await send({ event: "sale", transaction_id: renewal, amount: "20.00", renewal: "1" })).toMatchObject({
        status: 200,
        json: { status: "applied" },
      });
      expect(await send({ event: "refund", transaction_id: txn(), sale_id: sale, amount: "5.00" })).toMatchObject({
        status: 200,
        json: { status: "applied" },
      });
      expect(await send({ event: "chargeback", transaction_id: txn(), sale_id: renewal })).toMatchObject({
        status: 200,
        json: { status: "applied" },
      });

      const entry = (await refs.transactions(uid).doc(`${advertiser}_${sale}`).get()).data()!;
      // The affiliate's terms: 60% of a first sale, 50% of the first renewal (SPEC.md); the refund of $5
      // of the $20 sale claws back a quarter of its $12.
      expect(entry).toMatchObject({
        type: "sale",
        tracker: "/ig",
        click_id: clickId,
        earnings_cents: 1_200,
        refunded_amount_cents: 500,
        clawed_back_cents: 300,
      });
      const renewed = (await refs.transactions(uid).doc(`${advertiser}_${renewal}`).get()).data()!;
      expect(renewed).toMatchObject({ repeat_index: 1, earnings_cents: 1_000, clawed_back_cents: 1_000 });

      const affiliate = await affiliateView(uid);
      expect(affiliate.by_advertiser.cutechat).toMatchObject({
        sign_ups: 1,
        sales: 2,
        first_sales: 1,
        earnings_cents: 1_200 + 1_000,
        refunds: 2,
        refunded_cents: 300 + 1_000,
      });
      expect(affiliate.trackers.cutechat["/ig"]).toMatchObject({ clicks: 1, sign_ups: 1, sales: 2, first_sales: 1 });
      // The click came through /ai-porn: its conversions count there.
      expect(affiliate.landings.cutechat["/ai-porn"]).toEqual({ clicks: 1, sign_ups: 1, first_sales: 1 });
      // Converted: kept past its window for the renewals still to come.
      const stored = (await refs.clicks().doc(clickId).get()).data()!;
      expect(stored.converted_at).toBeInstanceOf(Date);
      expect(stored.expire_at).toBeNull();
    },
  );

  test("a POST signed with the events API's signature needs no token", async () => {
    const uid = await createAffiliate({ links });
    const clickId = await click(uid);
    const body = JSON.stringify({ event: "sign_up", click_id: clickId, transaction_id: txn() });
    const secret = demoSecrets.EVENT_SIGNING_SECRETS[advertiser];
    const signed = await fetch(`${siteUrl}/api/postback/${advertiser}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Signature": signature(body, secret) },
      body,
    });
    expect(signed.status).toBe(200);
    expect(await signed.json()).toEqual({ status: "applied" });
    // Another advertiser's signature is not cutechat's.
    const other = await fetch(`${siteUrl}/api/postback/${advertiser}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "X-Signature": signature(body, demoSecrets.EVENT_SIGNING_SECRETS.promptchan),
      },
      body,
    });
    expect(other.status).toBe(401);
  });

  test("macros a platform leaves empty or unreplaced are absent; unknown parameters are ignored", async () => {
    const uid = await createAffiliate({ links });
    const clickId = await click(uid);
    const answer = await postback({
      token,
      click_id: clickId,
      event: "sign_up",
      transaction_id: txn(),
      amount: "{amount}",
      sale_id: "",
      aff_sub: "whatever",
    });
    expect(answer).toMatchObject({ status: 200, json: { status: "applied" } });
    expect((await affiliateView(uid)).by_advertiser.cutechat.sign_ups).toBe(1);
  });
});

describe("exactly once", () => {
  test("a retried postback answers duplicate and counts nothing twice; other values are refused", async () => {
    const uid = await createAffiliate({ links });
    const clickId = await click(uid);
    const params = { token, click_id: clickId, event: "sale", transaction_id: txn(), amount: "30.00" };
    expect((await postback(params)).json).toEqual({ status: "applied" });
    // The same postback again, by the other method: the same postback.
    expect((await postback(params, "form")).json).toEqual({ status: "duplicate" });
    const other = await postback({ ...params, amount: "31.00" });
    expect(other.status).toBe(409);
    expect(other.json.error).toMatch(/already received with other values/);
    const affiliate = await affiliateView(uid);
    expect(affiliate.by_advertiser.cutechat).toMatchObject({ sales: 1, earnings_cents: 1_800 });
  });

  test("concurrent copies of one postback apply it once", async () => {
    const uid = await createAffiliate({ links });
    const clickId = await click(uid);
    const params = { token, click_id: clickId, event: "sale", transaction_id: txn(), amount: "10.00" };
    // Eight copies race as well as sixteen; every contender waits on the emulator's transaction locks (it
    // locks pessimistically: firebase-tools#1629), which took 21 s for sixteen on an idle machine.
    const copies = 8;
    const answers = await inParallel(Array.from({ length: copies }), copies, () => postback(params));
    const statuses = answers.map((answer) => answer.json.status);
    expect(statuses.filter((status) => status === "applied")).toHaveLength(1);
    expect(statuses.filter((status) => status === "duplicate")).toHaveLength(copies - 1);
    expect((await affiliateView(uid)).by_advertiser.cutechat).toMatchObject({ sales: 1, earnings_cents: 600 });
    expect((await refs.transactions(uid).get()).size).toBe(1);
  }, 90_000);
});

describe("attribution window and order", () => {
  test("an unknown click id is a 404 and an expired one a 410, each logged and nothing credited", async () => {
    const uid = await createAffiliate({ links });
    const clickId = await click(uid);
    await refs
      .clicks()
      .doc(clickId)
      .update({ expire_at: new Date(Date.now() - 1000) });
    const before = await footprint(uid);

    const expired = await postback({ token, click_id: clickId, event: "sale", transaction_id: txn(), amount: "9" });
    expect(expired.status).toBe(410);
    expect(expired.json.error).toMatch(/has expired/);
    const unknownId = "A".repeat(22);
    const unknown = await postback({ token, click_id: unknownId, event: "sign_up", transaction_id: txn() });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error).toMatch(/is unknown/);
    expect(await footprint(uid)).toEqual(before);

    const log = (await integration()).recent;
    expect(log.find((entry) => entry.click_id === clickId && entry.outcome === "refused")).toMatchObject({
      status: 410,
    });
    expect(log.find((entry) => entry.click_id === unknownId)).toMatchObject({ status: 404, outcome: "refused" });
  });

  test("a retry after the window ends is still a duplicate of the postback applied within it", async () => {
    const uid = await createAffiliate({ links });
    const clickId = await click(uid);
    const params = { token, click_id: clickId, event: "sign_up", transaction_id: txn() };
    expect((await postback(params)).json).toEqual({ status: "applied" });
    // Unconverted as far as the window goes: make the click expire as if the sign-up had not converted it.
    await refs
      .clicks()
      .doc(clickId)
      .update({ expire_at: new Date(Date.now() - 1000), converted_at: null });
    expect(await postback(params)).toMatchObject({ status: 200, json: { status: "duplicate" } });
  });

  test("a refund before its sale is held with its click id and applied when the sale arrives", async () => {
    const uid = await createAffiliate({ links });
    const clickId = await click(uid);
    const sale = txn();
    const refund = await postback({ token, click_id: clickId, event: "refund", transaction_id: txn(), sale_id: sale });
    expect(refund).toMatchObject({ status: 200, json: { status: "pending" } });
    expect((await refs.transactions(uid).get()).size).toBe(0);

    const applied = await postback({ token, click_id: clickId, event: "sale", transaction_id: sale, amount: "40" });
    expect(applied.json).toMatchObject({ status: "applied", detail: "Applied 1 earlier refund(s)." });
    const affiliate = await affiliateView(uid);
    expect(affiliate.by_advertiser.cutechat).toMatchObject({ sales: 1, earnings_cents: 2_400, refunded_cents: 2_400 });

    // Without its click id, a refund for a sale never received names nobody: refused, with what to do.
    const orphan = await postback({ token, event: "chargeback", transaction_id: txn(), sale_id: txn() });
    expect(orphan.status).toBe(409);
    expect(orphan.json.error).toMatch(/has not been received: send the chargeback with the sale's click_id/);
  });
});

describe("tokens", () => {
  test("a rotation keeps the previous token working until it is revoked; then it is refused", async () => {
    const uid = await createAffiliate({ links });
    const clickId = await click(uid);
    const rotated = await integration("rotate_token", { advertiser });
    const [current, previous] = rotated.tokens;
    expect(previous!.token).toBe(token);
    expect(current!.expires_at).toBeNull();
    // The previous one has a week left.
    const left = Date.parse(previous!.expires_at!) - Date.now();
    expect(left).toBeGreaterThan(6.9 * 86_400_000);
    expect(left).toBeLessThanOrEqual(7 * 86_400_000);
    expect(rotated.postback_url).toContain(`token=${current!.token}`);

    const send = (with_: string) =>
      postback({ token: with_, click_id: clickId, event: "sign_up", transaction_id: txn() });
    expect((await send(current!.token)).status).toBe(200);
    expect((await send(previous!.token)).status).toBe(200);
    // The header works as well as the parameter.
    expect(
      (
        await postback({ click_id: clickId, event: "sign_up", transaction_id: txn() }, "GET", {
          "X-Postback-Token": current!.token,
        })
      ).status,
    ).toBe(200);

    const revoked = await integration("revoke_token", { advertiser, token: previous!.token });
    expect(revoked.tokens.map((entry) => entry.token)).toEqual([current!.token]);
    const refused = await send(previous!.token);
    expect(refused.status).toBe(401);
    expect(refused.json.error).toMatch(/Invalid or expired token/);
    // The last working token cannot be revoked.
    const last = await api(staff, "POST", "/api/integration/revoke_token", { advertiser, token: current!.token });
    expect(last.status).toBe(409);
    token = current!.token;
    expect((await affiliateView(uid)).by_advertiser.cutechat.sign_ups).toBe(3);
  });

  test("a wrong, missing or other advertiser's token is a 401, logged nowhere and writing nothing", async () => {
    const uid = await createAffiliate({ links });
    const clickId = await click(uid);
    const before = await footprint(uid);
    // From an address of its own: 30 wrong tokens (and 30 missing, which are not looked up) are within the
    // limit on guessing (the next test).
    const flood = await inParallel(
      Array.from({ length: 60 }, (_, i) => i),
      emulatorConcurrency,
      (i) =>
        postback(
          {
            token: i % 2 ? `pbt_${"x".repeat(43)}` : "",
            click_id: clickId,
            event: "sign_up",
            transaction_id: txn(),
          },
          "GET",
          { "X-Forwarded-For": "192.0.2.60" },
        ),
    );
    expect(new Set(flood.map((answer) => answer.status))).toEqual(new Set([401]));
    const wrongAdvertiser = await fetch(
      `${siteUrl}/api/postback/promptchan?token=${token}&event=sign_up&click_id=${clickId}&transaction_id=${txn()}`,
      { headers: { "X-Forwarded-For": "192.0.2.61" } },
    );
    expect(wrongAdvertiser.status).toBe(401);
    expect(await footprint(uid)).toEqual(before);
    // Logged nowhere: no entry names this test's click (other files post to the same log at the same time).
    expect((await integration()).recent.filter((entry) => entry.click_id === clickId)).toEqual([]);
  });
});

describe("guessing tokens", () => {
  test("wrong tokens from one address: 401s up to 30 a minute, then 429 (before the lookup, once an instance knows); another address is unaffected", async () => {
    await startOfRoomyMinute(20_000);
    const guesser = { "X-Forwarded-For": "192.0.2.70" };
    const guess = (with_: string, headers = guesser) =>
      postback({ token: with_, click_id: "A".repeat(22), event: "sign_up", transaction_id: txn() }, "GET", headers);
    const answers = [];
    for (let i = 0; i < 34; i++) answers.push(await guess(`pbt_guess-${i}`));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses).toEqual([...Array<number>(30).fill(401), 429, 429, 429, 429]);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(refused.json.error).toMatch(
      /^Too many postbacks with a wrong token from your address: try again in \d+ s\.$/,
    );
    // The platform's own address is another.
    expect((await guess(token, { "X-Forwarded-For": "192.0.2.200" })).status).not.toBe(429);
  });
});

describe("bad input", () => {
  test.each([
    ["a malformed amount", { event: "sale", amount: "12,50" }, /amount:/],
    ["a negative amount", { event: "sale", amount: "-5" }, /amount:/],
    ["a sale without its amount", { event: "sale" }, /amount: a sale needs its amount/],
    ["another currency", { event: "sale", amount: "5", currency: "EUR" }, /currency: must be USD/],
    ["an unknown event", { event: "purchase" }, /event: must be one of sign_up, sale, refund, chargeback/],
    ["no transaction id", { event: "sign_up", transaction_id: "" }, /transaction_id:/],
    ["a time in the future", { event: "sign_up", occurred_at: "2099-01-01T00:00:00Z" }, /occurred_at: must not be/],
    ["a refund without its sale", { event: "refund" }, /sale_id: a refund needs sale_id/],
    ["a repeat index out of range", { event: "sale", amount: "5", repeat_index: "999" }, /repeat_index:/],
  ] as [string, Params, RegExp][])(
    "%s is a 400 with the reason, logged as refused, writing nothing",
    async (_, params, reason) => {
      const uid = await createAffiliate({ links });
      const clickId = await click(uid);
      const before = await footprint(uid);
      const id = txn();
      const answer = await postback({ token, click_id: clickId, transaction_id: id, ...params } as Params);
      expect(answer.status).toBe(400);
      expect(answer.json.error).toMatch(reason);
      expect(await footprint(uid)).toEqual(before);
      if (params.transaction_id !== "") {
        const logged = (await integration()).recent.find((entry) => entry.transaction_id === id);
        expect(logged).toMatchObject({ outcome: "refused", status: 400 });
        expect(logged?.reason).toMatch(reason);
      }
    },
  );

  test("an unknown advertiser is a 404; a query and body that disagree are a 400", async () => {
    expect((await fetch(`${siteUrl}/api/postback/nobody?token=x`)).status).toBe(404);
    const answer = await fetch(`${siteUrl}/api/postback/${advertiser}?event=sale`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: `token=${token}&event=sign_up`,
    });
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { error: string }).error).toMatch(/the query and the body disagree/);
  });
});

describe("the integration page's API", () => {
  test("gives staff the URL to paste, the log, and test conversions that credit nobody", async () => {
    const view = await integration();
    expect(view.postback_url).toBe(
      `${siteUrl}/api/postback/${advertiser}?token=${token}&click_id={click_id}&event={event}&amount={amount}` +
        `&currency=USD&transaction_id={transaction_id}&repeat_index={repeat_index}&sale_id={sale_id}`,
    );
    const tested = await api(staff, "POST", "/api/integration/test_conversion", {
      advertiser,
      event: "sale",
      amount: "19.99",
    });
    expect(tested.status).toBe(200);
    expect(tested.json).toMatchObject({
      outcome: { status: "test" },
      entry: { outcome: "test", status: 200, method: "TEST", event: "sale", amount: "19.99" },
    });
    const testClick = tested.json.click_id as string;
    expect((await refs.clicks().doc(testClick).get()).data()).toMatchObject({ test: true, uid: "" });
    // The platform can fire at the test click too, with the real token: logged as a test.
    const fired = await postback({ token, click_id: testClick, event: "sale", amount: "5", transaction_id: txn() });
    expect(fired).toMatchObject({ status: 200, json: { status: "test" } });
    expect((await integration()).test_click_id).toBe(testClick);
  });

  test("is staff's only", async () => {
    const affiliate = await createAffiliateUser();
    expect((await api(affiliate, "GET", `/api/integration?advertiser=${advertiser}`)).status).toBe(403);
    expect((await api(null, "GET", `/api/integration?advertiser=${advertiser}`)).status).toBe(401);
    expect((await api(affiliate, "POST", "/api/integration/rotate_token", { advertiser })).status).toBe(403);
    expect((await api(staff, "GET", "/api/integration?advertiser=nobody")).status).toBe(400);
  });
});
