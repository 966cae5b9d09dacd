import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { balanceOf } from "../../functions/src/domain/balance.ts";
import { dayKey } from "../../functions/src/domain/days.ts";
import { sendEvent, signature, type EventBody } from "../../scripts/lib/events-client.ts";
import { siteUrl } from "../../scripts/lib/project.ts";
import { affiliateView, createAffiliate, refs } from "../support/backend.ts";
import { emulatorConcurrency, inParallel } from "../support/concurrency.ts";
import { ledgerFields, ReferenceLedger } from "../support/reference-ledger.ts";

const minuteAgo = () => new Date(Date.now() - 60_000).toISOString();

function event(type: string, uid: string, extra: Partial<EventBody> = {}): EventBody {
  return { id: `e-${randomUUID()}`, advertiser_id: "promptchan", type, uid, occurred_at: minuteAgo(), ...extra };
}

/** Everything an event could have written for this affiliate, to prove a refused one wrote nothing. */
async function footprint(uid: string) {
  const [affiliate, transactions, days, shards] = await Promise.all([
    refs.affiliate(uid).get(),
    refs.transactions(uid).get(),
    refs.days(uid).get(),
    refs.clickShards(uid).get(),
  ]);
  return { affiliate: affiliate.data(), transactions: transactions.size, days: days.size, shards: shards.size };
}

describe("POST /api/events: each event type", () => {
  test("a sale is a ledger entry and adds to the totals, the advertiser, the tracker and the day", async () => {
    const uid = await createAffiliate({ links: { promptchan: ["/tw"], cutechat: [], creategirls: [] } });
    const sale = event("sale", uid, { amount: "19.99", tracker: "/tw" });
    expect(await sendEvent(sale)).toMatchObject({ status: 200, body: { status: "applied" } });

    const entry = (await refs.transactions(uid).doc(`promptchan_${sale.id}`).get()).data();
    expect(entry).toMatchObject({
      type: "sale",
      advertiser_id: "promptchan",
      event_id: sale.id,
      tracker: "/tw",
      transaction_cost_cents: 1_999,
      earnings_cents: 1_199,
      repeat_index: 0,
      rate: 0.6,
      refunded: false,
    });
    expect(entry?.timestamp).toEqual(new Date(sale.occurred_at));

    const affiliate = (await refs.affiliate(uid).get()).data()!;
    expect(affiliate).toMatchObject({ total_earnings_cents: 1_199, total_sales: 1, total_refunded_cents: 0 });
    expect(affiliate.by_advertiser.promptchan).toMatchObject({ earnings_cents: 1_199, sales: 1 });
    expect(affiliate.trackers.promptchan["/tw"]).toEqual({
      earnings_cents: 1_199,
      sales: 1,
      first_sales: 1,
      sign_ups: 0,
      clicks: 0,
    });
    const today = dayKey(new Date(sale.occurred_at));
    expect(affiliate.recent_days[today]).toEqual({
      clicks: 0,
      sign_ups: 0,
      sales: 1,
      earnings_cents: 1_199,
      first_sales: 1,
    });
    const day = (await refs.days(uid).doc(today).get()).data();
    expect(day).toMatchObject({ date: today, sales: 1, earnings_cents: 1_199 });
    expect(day?.by_advertiser.promptchan).toMatchObject({ sales: 1, earnings_cents: 1_199 });
    expect(day).not.toHaveProperty("trackers"); // a day's figures per tracker would grow with every link made that day
  });

  test("a renewal earns its repeat rate; one without a rate is recorded and earns nothing", async () => {
    const uid = await createAffiliate({ repeat_rates: { "1": 0.5 }, custom_terms: true });
    await sendEvent(event("sale", uid, { amount: 20, repeat_index: 1 }));
    await sendEvent(event("sale", uid, { amount: 20, repeat_index: 2 }));
    const affiliate = (await refs.affiliate(uid).get()).data()!;
    expect(affiliate).toMatchObject({ total_earnings_cents: 1_000, total_sales: 2 });
    const rates = (await refs.transactions(uid).get()).docs.map((doc) => doc.data().rate).sort();
    expect(rates).toEqual([0, 0.5]);
  });

  test("a sign-up and a click count for the affiliate, advertiser, tracker and day", async () => {
    const uid = await createAffiliate({ links: { promptchan: [], cutechat: ["/ig"], creategirls: [] } });
    await sendEvent(event("sign_up", uid, { advertiser_id: "cutechat", tracker: "/ig" }));
    await sendEvent(event("click", uid, { advertiser_id: "cutechat", tracker: "/ig" }));
    const shown = await affiliateView(uid);
    expect(shown).toMatchObject({ total_sign_ups: 1, total_clicks: 1 });
    expect(shown.by_advertiser.cutechat).toMatchObject({ sign_ups: 1, clicks: 1 });
    expect(shown.trackers.cutechat["/ig"]).toEqual({
      earnings_cents: 0,
      sales: 0,
      first_sales: 0,
      sign_ups: 1,
      clicks: 1,
    });
    // An event names no landing page: only clicks and conversions by click id count there.
    expect(shown.landings.cutechat).toEqual({});
    expect(shown.recent_days[dayKey(new Date())]).toMatchObject({ sign_ups: 1, clicks: 1 });
  });

  test("a partial refund and then a chargeback of the rest claw back exactly the commission", async () => {
    const uid = await createAffiliate();
    const sale = event("sale", uid, { amount: 20 });
    await sendEvent(sale);
    expect(await sendEvent(event("refund", uid, { refers_to: sale.id, amount: 5 }))).toMatchObject({ status: 200 });
    expect(await sendEvent(event("chargeback", uid, { refers_to: sale.id }))).toMatchObject({ status: 200 });

    const affiliate = (await refs.affiliate(uid).get()).data()!;
    expect(affiliate).toMatchObject({ total_earnings_cents: 1_200, total_refunded_cents: 1_200, total_refunds: 2 });
    expect(affiliate.by_advertiser.promptchan).toMatchObject({ refunded_cents: 1_200, refunds: 2 });
    const entries = (await refs.transactions(uid).get()).docs.map((doc) => doc.data());
    expect(entries.map((entry) => [entry.type, entry.earnings_cents]).sort()).toEqual([
      ["chargeback", -900],
      ["refund", -300],
      ["sale", 1_200],
    ]);
    expect(entries.find((entry) => entry.type === "sale")).toMatchObject({
      refunded: true,
      refunded_amount_cents: 2_000,
      clawed_back_cents: 1_200,
    });
  });

  test("a suspended affiliate's events are recorded, but nothing is payable", async () => {
    const uid = await createAffiliate({ fraud_user: true });
    await sendEvent(event("sale", uid, { amount: 50 }));
    const affiliate = (await refs.affiliate(uid).get()).data()!;
    expect(affiliate).toMatchObject({ total_sales: 1, total_earnings_cents: 0 });
    expect((await refs.transactions(uid).get()).size).toBe(1);
  });
});

describe("POST /api/events: exactly once", () => {
  test("the same sale 10 times in a row is one transaction and one increment", async () => {
    const uid = await createAffiliate();
    const sale = event("sale", uid, { amount: 10 });
    const statuses = [];
    for (let i = 0; i < 10; i++) statuses.push((await sendEvent(sale)).body?.status);
    expect(statuses).toEqual(["applied", ...Array(9).fill("duplicate")]);
    expect((await refs.affiliate(uid).get()).data()).toMatchObject({ total_sales: 1, total_earnings_cents: 600 });
    expect((await refs.transactions(uid).get()).size).toBe(1);
  });

  test("the same sale 10 times at once is one transaction and one increment", async () => {
    const uid = await createAffiliate();
    const sale = event("sale", uid, { amount: 10 });
    const answers = await Promise.all(Array.from({ length: 10 }, () => sendEvent(sale)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect(answers.filter((answer) => answer.body?.status === "applied")).toHaveLength(1);
    expect((await refs.affiliate(uid).get()).data()).toMatchObject({ total_sales: 1, total_earnings_cents: 600 });
    expect((await refs.transactions(uid).get()).size).toBe(1);
  });

  test("the same id with a different body is a conflict and changes nothing", async () => {
    const uid = await createAffiliate();
    const sale = event("sale", uid, { amount: 10 });
    await sendEvent(sale);
    const before = await footprint(uid);
    const answer = await sendEvent({ ...sale, amount: 1000 });
    expect(answer).toMatchObject({
      status: 409,
      body: { error: `Event ${sale.id} was already received with a different body.` },
    });
    expect(await footprint(uid)).toEqual(before);
  });

  test("100 different sales at once for one affiliate add up exactly", async () => {
    const uid = await createAffiliate();
    const sales = Array.from({ length: 100 }, (_, i) => event("sale", uid, { amount: `${i + 1}.01` }));
    const answers = await inParallel(sales, emulatorConcurrency, (sale) => sendEvent(sale));
    expect(answers.every((answer) => answer.body?.status === "applied")).toBe(true);
    const amountCents = sales.reduce((sum, _, i) => sum + (i + 1) * 100 + 1, 0);
    const earnings = sales.reduce((sum, _, i) => sum + Math.round(((i + 1) * 100 + 1) * 0.6), 0);
    const affiliate = (await refs.affiliate(uid).get()).data()!;
    expect(affiliate).toMatchObject({ total_sales: 100, total_earnings_cents: earnings });
    const entries = (await refs.transactions(uid).get()).docs.map((doc) => doc.data());
    expect(entries).toHaveLength(100);
    expect(entries.reduce((sum, entry) => sum + entry.transaction_cost_cents, 0)).toBe(amountCents);
  }, 120_000);
});

describe("POST /api/events: out of order", () => {
  test("a refund before its sale waits, and is applied when the sale arrives", async () => {
    const uid = await createAffiliate();
    const sale = event("sale", uid, { amount: 20 });
    const refund = event("refund", uid, { refers_to: sale.id, amount: 10 });
    expect((await sendEvent(refund)).body).toMatchObject({ status: "pending" });
    expect((await refs.affiliate(uid).get()).data()).toMatchObject({ total_refunds: 0, total_refunded_cents: 0 });

    expect((await sendEvent(sale)).body).toMatchObject({ status: "applied", detail: "Applied 1 earlier refund(s)." });
    const affiliate = (await refs.affiliate(uid).get()).data()!;
    expect(affiliate).toMatchObject({ total_earnings_cents: 1_200, total_refunded_cents: 600, total_refunds: 1 });
    expect((await refs.transactions(uid).doc(`promptchan_${refund.id}`).get()).data()?.earnings_cents).toBe(-600);
    // The refund, sent again, is a duplicate; the sale again too.
    expect((await sendEvent(refund)).body).toMatchObject({ status: "duplicate" });
    expect((await sendEvent(sale)).body).toMatchObject({ status: "duplicate" });
  });

  test("at most 20 refunds wait for one sale: the 21st is refused and changes nothing", async () => {
    const uid = await createAffiliate();
    const sale = event("sale", uid, { amount: 100 });
    const refunds = Array.from({ length: 21 }, () => event("refund", uid, { refers_to: sale.id, amount: 1 }));
    for (const refund of refunds.slice(0, 20)) {
      expect((await sendEvent(refund)).body).toMatchObject({ status: "pending" });
    }
    expect(await sendEvent(refunds[20]!)).toMatchObject({
      status: 409,
      body: { error: `Sale ${sale.id} already has 20 refunds waiting for it: no more are kept until it arrives.` },
    });
    expect((await refs.events().doc(`promptchan_${refunds[20]!.id}`).get()).exists).toBe(false);
    expect((await sendEvent(sale)).body).toMatchObject({ detail: "Applied 20 earlier refund(s)." });
  });

  test("a second full refund of the same sale changes nothing", async () => {
    const uid = await createAffiliate();
    const sale = event("sale", uid, { amount: 20 });
    await sendEvent(sale);
    await sendEvent(event("refund", uid, { refers_to: sale.id }));
    const before = await footprint(uid);
    expect((await sendEvent(event("refund", uid, { refers_to: sale.id }))).body).toMatchObject({ status: "ignored" });
    expect(await footprint(uid)).toEqual(before);
  });

  test("a refund that refers to a refund, not a sale, is refused and changes nothing", async () => {
    const uid = await createAffiliate();
    const sale = event("sale", uid, { amount: 20 });
    await sendEvent(sale);
    const refund = event("refund", uid, { refers_to: sale.id, amount: 5 });
    expect((await sendEvent(refund)).body).toMatchObject({ status: "applied" });
    const before = await footprint(uid);
    const answer = await sendEvent(event("chargeback", uid, { refers_to: refund.id }));
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({ error: `${refund.id} is a refund, not a sale: only a sale can be refunded.` });
    expect(await footprint(uid)).toEqual(before);
  });

  test("a chargeback after a payout takes the balance below what was paid: shown as 0, netted next time", async () => {
    const uid = await createAffiliate();
    const sale = event("sale", uid, { amount: 500 });
    await sendEvent(sale);
    // The payout of the whole balance ($300) has been made.
    await refs.affiliate(uid).update({ total_payouts_cents: 30_000, last_payout: new Date() });
    await sendEvent(event("chargeback", uid, { refers_to: sale.id }));
    const affiliate = (await refs.affiliate(uid).get()).data()!;
    expect(affiliate.total_earnings_cents - affiliate.total_refunded_cents - affiliate.total_payouts_cents).toBe(
      -30_000,
    );
    expect(balanceOf(affiliate)).toBe(0);
    // The next $400 sale earns $240, all of which the debt absorbs.
    await sendEvent(event("sale", uid, { amount: 400 }));
    const after = (await refs.affiliate(uid).get()).data()!;
    expect(balanceOf(after)).toBe(0);
  });
});

describe("POST /api/events: bad input changes nothing", () => {
  type Case = { body?: unknown; raw?: string; signAs?: "promptchan" | "cutechat"; headers?: Record<string, string> };
  const cases: [string, (uid: string) => Case, number, RegExp][] = [
    // (Malformed JSON declared as application/json never reaches our code: see the next test.)
    ["not JSON", () => ({ raw: "this is not json", headers: { "Content-Type": "text/plain" } }), 400, /not valid JSON/],
    ["a JSON array", () => ({ body: [] }), 400, /expected object/],
    ["a missing id", (uid) => ({ body: { ...event("sale", uid, { amount: 5 }), id: undefined } }), 400, /^id:/],
    ["a missing uid", (uid) => ({ body: { ...event("sale", uid, { amount: 5 }), uid: undefined } }), 400, /^uid:/],
    ["a missing amount", (uid) => ({ body: event("sale", uid) }), 400, /a sale needs its amount/],
    ["an amount of the wrong type", (uid) => ({ body: event("sale", uid, { amount: [5] as never }) }), 400, /^amount:/],
    ["an unknown type", (uid) => ({ body: event("purchase", uid, { amount: 5 }) }), 400, /^type: must be one of/],
    ["3 decimals", (uid) => ({ body: event("sale", uid, { amount: "5.001" }) }), 400, /at most 2 decimals/],
    ["a negative amount", (uid) => ({ body: event("sale", uid, { amount: -5 }) }), 400, /must not be negative/],
    ["a huge amount", (uid) => ({ body: event("sale", uid, { amount: 1e9 }) }), 400, /must not exceed/],
    [
      "an unknown advertiser",
      (uid) => ({ body: event("sale", uid, { amount: 5, advertiser_id: "acme" }) }),
      400,
      /advertiser_id/,
    ],
    [
      "an unknown field",
      (uid) => ({ body: { ...event("sale", uid, { amount: 5 }), bonus: 1 } }),
      400,
      /Unrecognized key/,
    ],
    ["an unknown uid", () => ({ body: event("sale", "t-nobody-at-all", { amount: 5 }) }), 404, /No affiliate/],
    [
      "another advertiser's event",
      (uid) => ({ body: event("sale", uid, { amount: 5, advertiser_id: "cutechat" }), signAs: "promptchan" }),
      401,
      /not cutechat's/,
    ],
    [
      "an oversized body",
      (uid) => ({ body: { ...event("sale", uid, { amount: 5 }), pad: "x".repeat(20_000) } }),
      413,
      /at most 16384 bytes/,
    ],
  ];

  test.each(cases)("%s", async (_, make, status, message) => {
    const uid = await createAffiliate();
    const before = await footprint(uid);
    const { body, raw, signAs, headers } = make(uid);
    const answer = await sendEvent((body ?? {}) as Record<string, unknown>, {
      ...(raw ? { rawBody: raw } : {}),
      ...(headers ? { headers } : {}),
      signAs: signAs ?? "promptchan",
    });
    expect(answer.status).toBe(status);
    expect(answer.body?.error).toMatch(message);
    expect(await footprint(uid)).toEqual(before);
  });

  test("malformed JSON sent as application/json is refused by the runtime with a 400 and changes nothing", async () => {
    const uid = await createAffiliate();
    const before = await footprint(uid);
    const answer = await sendEvent({}, { rawBody: `{"id": "x", "uid": "${uid}", ` });
    expect(answer.status).toBe(400);
    expect(answer.text).not.toMatch(/at JSON\.parse|node_modules/);
    expect(await footprint(uid)).toEqual(before);
  });
});

describe("POST /api/events: signatures", () => {
  const post = (raw: string, headers: Record<string, string>) =>
    fetch(`${siteUrl}/api/events`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: raw,
    });

  test.each<[string, (raw: string) => Record<string, string>, RegExp]>([
    ["no signature", () => ({}), /Missing X-Signature/],
    ["a malformed signature", () => ({ "X-Signature": "v1=abc" }), /Malformed X-Signature/],
    ["a wrong secret", (raw) => ({ "X-Signature": signature(raw, "not-the-secret") }), /Invalid signature/],
    [
      "a stale timestamp",
      (raw) => ({
        "X-Signature": signature(raw, "demo-events-secret-promptchan", Math.floor(Date.now() / 1000) - 301),
      }),
      /Stale/,
    ],
    [
      "a body changed by one byte after signing",
      (raw) => ({ "X-Signature": signature(raw.replace('"amount":5', '"amount":6'), "demo-events-secret-promptchan") }),
      /Invalid signature/,
    ],
  ])("%s is a 401 and changes nothing", async (_, headers, message) => {
    const uid = await createAffiliate();
    const before = await footprint(uid);
    const raw = JSON.stringify(event("sale", uid, { amount: 5 }));
    const answer = await post(raw, headers(raw));
    expect(answer.status).toBe(401);
    expect(((await answer.json()) as { error: string }).error).toMatch(message);
    expect(await footprint(uid)).toEqual(before);
  });
});

describe("the ledger after a random stream of events", () => {
  test("every affiliate's totals equal the reference model's, and ledger earnings = earnings − refunded", async () => {
    // Trackers /a and /b are links of some affiliates only: elsewhere they count towards the default link.
    const links = { promptchan: ["/a", "/b"], cutechat: ["/a"], creategirls: [] };
    const uids = await Promise.all([
      createAffiliate({ links }),
      createAffiliate(),
      createAffiliate({ repeat_rates: { "1": 0.2 }, custom_terms: true, links }),
    ]);
    const reference = new ReferenceLedger();
    for (const uid of uids) reference.addAffiliate((await refs.affiliate(uid).get()).data()!);

    const eventArb = fc.record({
      uid: fc.constantFrom(...uids),
      advertiser: fc.constantFrom("promptchan", "cutechat", "creategirls"),
      kind: fc.constantFrom("click", "sign_up", "sale", "sale", "renewal", "refund", "chargeback", "partial", "repeat"),
      tracker: fc.constantFrom("", "/a", "/b"),
      cents: fc.integer({ min: 1, max: 50_000 }),
      pick: fc.nat(),
    });
    const stream = fc.sample(fc.array(eventArb, { minLength: 300, maxLength: 300 }), {
      numRuns: 1,
      seed: 20261121,
    })[0]!;

    const bodies: EventBody[] = [];
    const sales: EventBody[] = [];
    for (const step of stream) {
      const amount = (step.cents / 100).toFixed(2);
      const base = { advertiser_id: step.advertiser, ...(step.tracker ? { tracker: step.tracker } : {}) };
      let body: EventBody;
      if (step.kind === "repeat" && bodies.length > 0) {
        body = bodies[step.pick % bodies.length]!; // a retry of an earlier event
      } else if (["refund", "chargeback", "partial"].includes(step.kind)) {
        // Mostly refunds of known sales, sometimes of a sale that is still to come.
        const target = sales.length > 0 && step.pick % 5 !== 0 ? sales[step.pick % sales.length]! : undefined;
        const refersTo = target?.id ?? `future-${step.pick % 7}`;
        const type = step.kind === "chargeback" ? "chargeback" : "refund";
        body = event(type, target?.uid ?? step.uid, {
          advertiser_id: target?.advertiser_id ?? step.advertiser,
          refers_to: refersTo,
          ...(step.kind === "partial" ? { amount } : {}),
        });
      } else if (step.kind === "sale" || step.kind === "renewal") {
        const id = step.pick % 11 === 0 ? `future-${step.pick % 7}` : `e-${randomUUID()}`;
        body = { ...event("sale", step.uid, { ...base, amount, repeat_index: step.kind === "renewal" ? 1 : 0 }), id };
        if (!bodies.some((other) => other.id === id && other.advertiser_id === body.advertiser_id)) sales.push(body);
      } else {
        body = event(step.kind, step.uid, base);
      }
      bodies.push(body);
    }

    for (const body of bodies) {
      const answer = await sendEvent(body);
      expect([200, 409]).toContain(answer.status);
      if (answer.status === 200) reference.apply(body);
    }

    for (const uid of uids) {
      const stored = await affiliateView(uid);
      const expected = reference.affiliates.get(uid)!;
      for (const field of ledgerFields) expect(stored[field], `${uid} ${field}`).toEqual(expected[field]);
      const ledger = (await refs.transactions(uid).get()).docs.map((doc) => doc.data());
      const ledgerEarnings = ledger.reduce((sum, entry) => sum + entry.earnings_cents, 0);
      expect(ledgerEarnings).toBe(stored.total_earnings_cents - stored.total_refunded_cents);
      expect(ledger).toHaveLength(reference.entries.get(uid)!.size);
    }
  }, 240_000);
});
