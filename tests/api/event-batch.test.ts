/**
 * POST /api/events/batch (issue 31): up to 100 events in one signed request, each applied exactly once and
 * answered on its own, as POST /api/events would; the same event sent by either endpoint is one event.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, test } from "vitest";
import { sendEvent, sendEvents, signature, type EventBody } from "../../scripts/lib/events-client.ts";
import { siteUrl } from "../../scripts/lib/project.ts";
import { affiliateView, createAffiliate, refs } from "../support/backend.ts";

const minuteAgo = () => new Date(Date.now() - 60_000).toISOString();

function event(type: string, uid: string, extra: Partial<EventBody> = {}): EventBody {
  return { id: `b-${randomUUID()}`, advertiser_id: "promptchan", type, uid, occurred_at: minuteAgo(), ...extra };
}

/** What an event could have written for this affiliate, to prove a refused batch wrote nothing. */
async function footprint(uid: string) {
  const [affiliate, transactions, days] = await Promise.all([
    refs.affiliate(uid).get(),
    refs.transactions(uid).get(),
    refs.days(uid).get(),
  ]);
  return { affiliate: affiliate.data(), transactions: transactions.size, days: days.size };
}

describe("POST /api/events/batch", () => {
  test("applies each event once, an affiliate's in order, and answers each; a refused one leaves the others applied", async () => {
    const uid = await createAffiliate({ links: { promptchan: ["/tw"], cutechat: [], creategirls: [] } });
    const signUp = event("sign_up", uid, { tracker: "/tw" });
    const sale = event("sale", uid, { amount: "20.00", tracker: "/tw" });
    const refund = event("refund", uid, { refers_to: sale.id, amount: "5.00" });
    const answer = await sendEvents([
      signUp,
      sale,
      { ...event("sale", uid), amount: "1.001" },
      event("sale", "t-nobody-at-all", { amount: 5 }),
      event("sale", uid, { amount: 5, advertiser_id: "cutechat" }),
      "not an event" as unknown as EventBody,
      refund,
    ]);
    expect(answer.status).toBe(200);
    const results = answer.body!.results as Record<string, unknown>[];
    expect(results.map(({ index, status }) => [index, status])).toEqual([
      [0, "applied"],
      [1, "applied"],
      [2, "refused"],
      [3, "refused"],
      [4, "refused"],
      [5, "refused"],
      // One affiliate's events are applied in the order sent: the refund after its sale finds it.
      [6, "applied"],
    ]);
    expect(results[0]).toEqual({ index: 0, id: signUp.id, status: "applied" });
    expect(results[2]).toMatchObject({ code: 400, error: expect.stringMatching(/at most 2 decimals/) });
    expect(results[3]).toMatchObject({ code: 404, error: expect.stringMatching(/No affiliate/) });
    expect(results[4]).toMatchObject({ code: 401, error: "The signature is not cutechat's." });
    expect(results[5]).toMatchObject({ id: null, code: 400 });

    const affiliate = await affiliateView(uid);
    expect(affiliate).toMatchObject({
      total_sign_ups: 1,
      total_sales: 1,
      total_earnings_cents: 1_200,
      total_refunded_cents: 300,
    });
    expect(affiliate.trackers.promptchan["/tw"]).toMatchObject({ sign_ups: 1, sales: 1, earnings_cents: 1_200 });
    expect((await refs.transactions(uid).get()).size).toBe(2);
  });

  test("an event is the same event whichever endpoint sends it, in whatever key order; other content is a 409", async () => {
    const uid = await createAffiliate();
    const first = event("sale", uid, { amount: "10.00" });
    const second = event("sale", uid, { amount: "11.00" });
    expect((await sendEvent(first)).body).toEqual({ status: "applied" });
    expect((await sendEvents([second])).body).toEqual({ results: [{ index: 0, id: second.id, status: "applied" }] });

    // The single one again in a batch, the batch's one alone with its keys reversed and spaced: duplicates.
    expect((await sendEvents([first])).body).toEqual({ results: [{ index: 0, id: first.id, status: "duplicate" }] });
    const reversed = JSON.stringify(Object.fromEntries(Object.entries(second).reverse()), null, 2);
    expect(await sendEvent(second, { rawBody: reversed })).toMatchObject({
      status: 200,
      body: { status: "duplicate" },
    });
    // Another amount under the same id, by either endpoint.
    expect((await sendEvents([{ ...first, amount: "99.00" }])).body).toEqual({
      results: [
        {
          index: 0,
          id: first.id,
          status: "refused",
          code: 409,
          error: `Event ${first.id} was already received with a different body.`,
        },
      ],
    });
    expect((await sendEvent({ ...second, amount: "99.00" })).status).toBe(409);
    expect(await affiliateView(uid)).toMatchObject({ total_sales: 2, total_earnings_cents: 1_260 });
  });

  test("the same event twice in one batch counts once", async () => {
    const uid = await createAffiliate();
    const sale = event("sale", uid, { amount: "10.00" });
    const answer = await sendEvents([sale, sale, sale]);
    const statuses = (answer.body!.results as { status: string }[]).map((result) => result.status);
    expect(statuses).toEqual(["applied", "duplicate", "duplicate"]);
    expect(await affiliateView(uid)).toMatchObject({ total_sales: 1, total_earnings_cents: 600 });
  });

  test.each<[string, (uid: string) => { raw: string; headers?: Record<string, string> }, number, RegExp]>([
    ["an empty batch", () => ({ raw: JSON.stringify({ events: [] }) }), 400, /^events: must hold at least one/],
    [
      "101 events",
      (uid) => ({ raw: JSON.stringify({ events: Array.from({ length: 101 }, () => event("sign_up", uid)) }) }),
      400,
      /^events: must hold at most 100/,
    ],
    ["a bare array", (uid) => ({ raw: JSON.stringify([event("sign_up", uid)]) }), 400, /expected object/],
    [
      "another field beside the events",
      (uid) => ({ raw: JSON.stringify({ events: [event("sign_up", uid)], dry_run: true }) }),
      400,
      /Unrecognized key/,
    ],
    [
      "an oversized body",
      (uid) => ({ raw: JSON.stringify({ events: [{ ...event("sign_up", uid), pad: "x".repeat(600_000) }] }) }),
      413,
      /at most 524288 bytes/,
    ],
    [
      "a wrong signature",
      (uid) => {
        const raw = JSON.stringify({ events: [event("sign_up", uid)] });
        return { raw, headers: { "X-Signature": signature(raw, "not-the-secret") } };
      },
      401,
      /Invalid signature/,
    ],
  ])("%s is refused whole and changes nothing", async (_, make, status, message) => {
    const uid = await createAffiliate();
    const before = await footprint(uid);
    const { raw, headers = {} } = make(uid);
    const signed = { "X-Signature": signature(raw, "demo-events-secret-promptchan"), ...headers };
    const answer = await fetch(`${siteUrl}/api/events/batch`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...signed },
      body: raw,
    });
    expect(answer.status).toBe(status);
    expect(((await answer.json()) as { error: string }).error).toMatch(message);
    expect(await footprint(uid)).toEqual(before);
  });
});
