/**
 * GET /api/affiliates (issue 20): the advertiser list paged, filtered and searched on the server, through
 * Hosting as the web app calls it. The emulators hold every other test's affiliates too, so each test
 * names its own with a word no one else uses and searches by it.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, test } from "vitest";
import { createAffiliate, refs, sendMaturedSale, sendSale } from "../support/backend.ts";
import { payoutForm } from "../support/payout-details.ts";
import { api, createAffiliateUser, createUser, type TestUser } from "../support/users.ts";
import type { AffiliateDoc } from "../../functions/src/domain/model.ts";

type Row = Record<string, unknown> & { user_id: string; name: string };

interface Page {
  affiliates: Row[];
  next: string | null;
  matching: number | null;
  totals?: { affiliates: number; pending_payouts: number };
}

let staff: TestUser;

beforeAll(async () => {
  staff = await createUser({ claims: { advertiser: true } });
});

async function page(query: Record<string, string>): Promise<Page> {
  const answer = await api(staff, "GET", `/api/affiliates?${new URLSearchParams(query)}`);
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return answer.json as unknown as Page;
}

/** Every page of a query, following the cursors (bounded). */
async function allPages(query: Record<string, string>): Promise<{ rows: Row[]; pages: number }> {
  const rows: Row[] = [];
  let after: string | null = null;
  let pages = 0;
  do {
    const answer: Page = await page({ ...query, ...(after ? { after } : {}) });
    rows.push(...answer.affiliates);
    after = answer.next;
    pages++;
  } while (after !== null && pages < 50);
  return { rows, pages };
}

/** A word for this test's affiliates' names: search finds only them. */
const tag = () => `zq${randomUUID().replaceAll("-", "").slice(0, 10)}`;

/** An affiliate written straight into Firestore with these figures (its keys come from the converter). */
function seeded(word: string, index: number, figures: Partial<AffiliateDoc>): Promise<string> {
  return createAffiliate({ name: `${word} Person${index}`, ...figures });
}

describe("GET /api/affiliates", () => {
  test("pages in SPEC.md's order (pending first, then balance, then uid) by cursor, with the count", async () => {
    const word = tag();
    const balances = [500, 90_000, 0, 12_345, 90_000, 7];
    const uids = await Promise.all(
      balances.map((cents, index) =>
        seeded(word, index, {
          total_earnings_cents: cents,
          total_sign_ups: 1_000,
          payout_pending: index === 2 || index === 5,
        }),
      ),
    );
    const { rows, pages } = await allPages({ q: word, limit: "2" });
    expect(pages).toBe(3);
    const expected = uids
      .map((uid, index) => ({ uid, pending: index === 2 || index === 5, cents: balances[index]! }))
      .sort((a, b) => (a.pending !== b.pending ? (a.pending ? -1 : 1) : b.cents - a.cents || (a.uid < b.uid ? -1 : 1)));
    expect(rows.map((row) => row.user_id)).toEqual(expected.map((entry) => entry.uid));
    expect(rows[0]).toMatchObject({ payout_pending: true, required_payout: 0.07 });

    const first = await page({ q: word, limit: "2" });
    expect(first.matching).toBe(6);
    expect(first.totals!.affiliates).toBeGreaterThanOrEqual(6);
    expect(first.totals!.pending_payouts).toBeGreaterThanOrEqual(2);
    // A page after the first carries no programme totals.
    expect((await page({ q: word, limit: "2", after: first.next! })).totals).toBeUndefined();

    // Balance only (the order after a payout is recorded).
    const byBalance = await allPages({ q: word, order: "balance", limit: "4" });
    expect(byBalance.rows.map((row) => row.required_payout)).toEqual([900, 900, 123.45, 5, 0.07, 0]);
  });

  test("orders by a column (clicks, sign-ups, sales, earnings) descending, ties by uid, with every filter", async () => {
    const word = tag();
    const figures = [
      { total_clicks: 30, total_sign_ups: 2, total_sales: 1, total_earnings_cents: 25_000, payout_pending: false },
      { total_clicks: 5, total_sign_ups: 9, total_sales: 1, total_earnings_cents: 250, payout_pending: false },
      { total_clicks: 30, total_sign_ups: 2, total_sales: 4, total_earnings_cents: 25_000, payout_pending: true },
      { total_clicks: 0, total_sign_ups: 9, total_sales: 0, total_earnings_cents: 99_000, payout_pending: false },
      { total_clicks: 12, total_sign_ups: 0, total_sales: 1, total_earnings_cents: 0, payout_pending: true },
    ];
    const uids = await Promise.all(figures.map((stored, index) => seeded(word, index, stored)));
    const columns = {
      clicks: "total_clicks",
      sign_ups: "total_sign_ups",
      sales: "total_sales",
      earnings: "total_earnings_cents",
    } as const;
    /** The uids of those `keep` picks, in the column's order: the figure descending, then the uid. */
    const expected = (order: keyof typeof columns, keep = (_index: number) => true) =>
      uids
        .map((uid, index) => ({ uid, index, figure: figures[index]![columns[order]] }))
        .filter(({ index }) => keep(index))
        .sort((a, b) => b.figure - a.figure || (a.uid < b.uid ? -1 : 1))
        .map(({ uid }) => uid);

    for (const order of Object.keys(columns) as (keyof typeof columns)[]) {
      const { rows, pages } = await allPages({ q: word, order, limit: "2" });
      expect(pages, order).toBe(3);
      expect(
        rows.map((row) => row.user_id),
        order,
      ).toEqual(expected(order));
    }
    // The figures the rows carry follow the order too.
    const byEarnings = await allPages({ q: word, order: "earnings", limit: "2" });
    expect(byEarnings.rows.map((row) => row.total_earnings)).toEqual([990, 250, 250, 2.5, 0]);

    // With the filters: pending; HIGH RISK (more than $1 per sign-up) by the sign-ups it also ranges on;
    // ready to pay (not pending, at least the $200 minimum).
    const pending = await allPages({ q: word, order: "clicks", pending: "true", limit: "1" });
    expect(pending.rows.map((row) => row.user_id)).toEqual(expected("clicks", (index) => index === 2 || index === 4));
    const risky = await allPages({ q: word, order: "sign_ups", high_risk: "true", limit: "2" });
    expect(risky.rows.map((row) => row.user_id)).toEqual(expected("sign_ups", (index) => [0, 2, 3].includes(index)));
    const ready = await allPages({ q: word, order: "earnings", ready: "true", limit: "1" });
    expect(ready.rows.map((row) => row.user_id)).toEqual(expected("earnings", (index) => index === 0 || index === 3));

    // A cursor is refused by any list but the one in whose order it was made.
    const first = await page({ q: word, order: "clicks", limit: "2" });
    expect(first.next).not.toBeNull();
    for (const other of ["sales", "sign_ups", "earnings", "balance", "pending-first"]) {
      const answer = await api(
        staff,
        "GET",
        `/api/affiliates?${new URLSearchParams({ q: word, order: other, after: first.next! })}`,
      );
      expect(answer.status, other).toBe(400);
      expect((answer.json as { error?: string }).error, other).toMatch(/^after: /);
    }
    const refused = await api(staff, "GET", `/api/affiliates?${new URLSearchParams({ q: word, after: first.next! })}`);
    expect(refused.status).toBe(400);
  });

  test("search matches the start of the name, a word of it, the e-mail or its parts, and the uid, in any case", async () => {
    const word = tag();
    const uid = await seeded(word, 1, { name: `${word} Ottilie Quinn`, email: `ottilie.q+${word}@mail.example` });
    const other = await seeded(word, 2, { name: `${word} Someone Else` });
    const found = async (q: string) => (await allPages({ q })).rows.map((row) => row.user_id);
    expect(await found(`${word} ottilie`)).toEqual([uid]);
    expect(await found(`${word.toUpperCase()}   OTT`)).toEqual([uid]);
    expect((await found("ottilie.q+" + word.slice(0, 6))).includes(uid)).toBe(true);
    expect((await found(uid)).includes(uid)).toBe(true);
    expect(await found(uid.toUpperCase())).toEqual([uid]);
    expect((await found(word)).sort()).toEqual([uid, other].sort());
    // The middle of a word is not its start.
    expect(await found(word.slice(3))).toEqual([]);
    // Longer than the stored prefixes: looked up by its start, then checked in full.
    const long = `${word} ottilie quinn`;
    expect(long.length).toBeGreaterThan(24);
    expect(await found(long)).toEqual([uid]);
    expect(await found(`${word} ottilie quinx`)).toEqual([]);
  });

  test("filters: pending payouts, HIGH RISK (more than $1 per sign-up) and ready to pay, each on the server", async () => {
    const word = tag();
    const [pendingUid, riskyUid, borderlineUid, noSignUpsUid] = await Promise.all([
      seeded(word, 1, { total_earnings_cents: 30_000, total_sign_ups: 1_000, payout_pending: true }),
      seeded(word, 2, { total_earnings_cents: 30_001, total_sign_ups: 300 }),
      seeded(word, 3, { total_earnings_cents: 30_000, total_sign_ups: 300 }),
      seeded(word, 4, { total_earnings_cents: 30_000, total_sign_ups: 0 }),
    ]);
    const pending = await allPages({ q: word, pending: "true" });
    expect(pending.rows.map((row) => row.user_id)).toEqual([pendingUid]);
    const risky = await page({ q: word, high_risk: "true" });
    expect(risky.affiliates.map((row) => row.user_id)).toEqual([riskyUid]);
    expect(risky.matching).toBe(1);
    // Ready: not pending, at least the $200 minimum, complete details, not paid lately (all but the first).
    const ready = await page({ q: word, ready: "true" });
    expect(ready.affiliates.map((row) => row.user_id).sort()).toEqual([riskyUid, borderlineUid, noSignUpsUid].sort());
    expect(ready.matching).toBeNull();
    expect((await page({ q: word, pending: "true", ready: "true" })).affiliates).toEqual([]);
  });

  test("ready respects each affiliate's minimum payout: a group's or a deal's below the programme's $200", async () => {
    const word = tag();
    const admin = await createUser({ claims: { admin: true } });
    const created = await api(admin, "POST", "/api/commission_groups", {
      name: `Low minimum ${word}`,
      terms: { rates: {}, hold_days: null, minimum_payout: 50 },
    });
    expect(created.status).toBe(200);
    const group = created.json.group as { id: string; name: string };
    const terms = { rates: {}, hold_days: null, minimum_payout_cents: 5_000 };
    const [member, dealt, plain] = await Promise.all([
      // $100 owed: ready under the group's $50 minimum.
      seeded(word, 1, {
        total_earnings_cents: 10_000,
        group: { id: group.id, name: group.name, since: new Date(0), terms },
      }),
      // $60 owed: ready under a deal's $50 minimum.
      seeded(word, 2, {
        total_earnings_cents: 6_000,
        deal: { ...terms, starts_at: new Date(Date.now() - 60_000), ends_at: null },
      }),
      // $100 owed in the default group: below the programme's $200, not ready.
      seeded(word, 3, { total_earnings_cents: 10_000 }),
    ]);
    const ready = await allPages({ q: word, ready: "true" });
    expect(ready.rows.map((row) => row.user_id).sort()).toEqual([member, dealt].sort());
    expect(ready.rows.map((row) => row.user_id)).not.toContain(plain);
  });

  test("the keys follow real writes: a sale, new payout details, a request and a recorded payout", async () => {
    const word = tag();
    const user = await createAffiliateUser();
    const form = payoutForm({ name: `${word} Rowena Real` });
    expect((await api(user, "POST", "/api/update_paypal_account", form)).status).toBe(200);
    expect((await sendMaturedSale(user.uid, "400")).status).toBe(200);
    expect((await sendSale(user.uid, "100")).status).toBe(200);
    const stored = async () => (await refs.affiliate(user.uid).get()).data()!;
    const row = async () =>
      (await page({ q: `${word} rowena` })).affiliates.find((entry) => entry.user_id === user.uid);

    // $240 + $60 earned on one sign-up-less account: owed $300, margin $300.
    expect(await stored()).toMatchObject({ owed_cents: 30_000, risk_margin_cents: 30_000 });
    expect(await row()).toMatchObject({ required_payout: 300, payout_ready: true });

    expect((await api(user, "POST", "/api/request_payout", form)).status).toBe(200);
    expect((await page({ q: word, pending: "true" })).affiliates.map((entry) => entry.user_id)).toEqual([user.uid]);
    const recorded = await api(staff, "POST", "/api/record_payout", { user_id: user.uid, payout_amount: 240 });
    expect(recorded.status).toBe(200);
    expect(await stored()).toMatchObject({ owed_cents: 6_000, total_payouts_cents: 24_000 });
    expect(await row()).toMatchObject({ required_payout: 60, payout_pending: false });
    expect((await page({ q: word, pending: "true" })).affiliates).toEqual([]);

    // A new name is found, the old one no longer.
    const renamed = payoutForm({ name: `${word} Rowan Renamed` });
    expect((await api(user, "POST", "/api/update_paypal_account", renamed)).status).toBe(200);
    expect((await page({ q: `${word} rowena` })).affiliates).toEqual([]);
    expect((await page({ q: `${word} rowan r` })).affiliates.map((entry) => entry.user_id)).toEqual([user.uid]);
  });

  test("bad input is a 400 naming the field; only staff may list", async () => {
    for (const query of [
      "limit=0",
      "limit=501",
      "limit=ten",
      "after=not-a-cursor",
      "after=%25%25",
      // A cursor of the pending-first list does not fit the HIGH RISK list's order.
      `high_risk=true&after=${Buffer.from(JSON.stringify(["pending-first", true, 5, "uid"])).toString("base64url")}`,
      // Nor one without the order it was made in.
      `after=${Buffer.from(JSON.stringify([true, 5, "uid"])).toString("base64url")}`,
      "pending=yes",
      "order=name",
      `q=${"x".repeat(201)}`,
      "surprise=1",
    ]) {
      const answer = await api(staff, "GET", `/api/affiliates?${query}`);
      expect(answer.status, query).toBe(400);
      expect(typeof (answer.json as { error?: unknown }).error, query).toBe("string");
    }
    const affiliate = await createAffiliateUser();
    expect((await api(affiliate, "GET", "/api/affiliates")).status).toBe(403);
  });
});
