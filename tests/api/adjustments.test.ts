/**
 * Manual adjustments by staff (issue 34) through the real API: an amount credited or taken back with the
 * reason, as a ledger entry of type adjustment that keeps the ledger adding up to earnings − refunded, with an
 * audit record; made once however often it is submitted; never taking the balance below what is paid. And
 * the affiliate's history for staff: moves, deal changes and adjustments, newest first, a page at a time.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, test } from "vitest";
import { createAffiliate, refs, sendMaturedSale } from "../support/backend.ts";
import { api, createAffiliateUser, createUser, type TestUser } from "../support/users.ts";

let staff: TestUser;
let admin: TestUser;

beforeAll(async () => {
  [staff, admin] = await Promise.all([
    createUser({ claims: { advertiser: true } }),
    createUser({ claims: { admin: true } }),
  ]);
});

const newKey = () => randomUUID();

const adjust = (body: Record<string, unknown>, caller: TestUser = staff) =>
  api(caller, "POST", "/api/adjust", { advertiser: "promptchan", idempotency_key: newKey(), ...body });

/** What is stored about the affiliate's money, their ledger entries and the audit records. */
async function stateOf(uid: string) {
  const [affiliate, entries, audit] = await Promise.all([
    refs.affiliate(uid).get(),
    refs.transactions(uid).get(),
    refs.adjustmentAudit().where("uid", "==", uid).get(),
  ]);
  const data = affiliate.data()!;
  return {
    earnings: data.total_earnings_cents,
    refunded: data.total_refunded_cents,
    owed: data.owed_cents,
    riskMargin: data.risk_margin_cents,
    ledger: entries.docs.reduce((sum, entry) => sum + entry.data().earnings_cents, 0),
    entries: entries.size,
    audits: audit.size,
  };
}

describe("adjustments", () => {
  test("credits and takes back to the cent, shown with the reason in the ledger, audited (who, when, why)", async () => {
    const uid = await createAffiliate();
    expect((await sendMaturedSale(uid, "100.00")).status).toBe(200);
    const before = Date.now();
    const credit = await adjust({ user_id: uid, amount: "12.34", reason: "  Missed sale of 3 May  " });
    expect(credit.status, JSON.stringify(credit.json)).toBe(200);
    expect(credit.json).toMatchObject({
      user_id: uid,
      applied: true,
      adjustment: { advertiser: "promptchan", amount: 12.34, reason: "Missed sale of 3 May", by: { uid: staff.uid } },
      balance: 72.34,
    });
    const { entry_id } = credit.json.adjustment as { entry_id: string };
    const entry = (await refs.transactions(uid).doc(entry_id).get()).data()!;
    expect(entry).toMatchObject({
      type: "adjustment",
      advertiser_id: "promptchan",
      earnings_cents: 1234,
      transaction_cost_cents: 0,
      note: "Missed sale of 3 May",
    });
    const audit = (await refs.adjustmentAudit().where("uid", "==", uid).get()).docs[0]!.data();
    expect(audit).toMatchObject({ amount_cents: 1234, reason: "Missed sale of 3 May", by: { uid: staff.uid } });
    expect(audit.at.getTime()).toBeGreaterThanOrEqual(before);

    const takeBack = await adjust({ user_id: uid, amount: -2.34, reason: "Over-credited" });
    expect(takeBack.json).toMatchObject({ applied: true, adjustment: { amount: -2.34 }, balance: 70 });
    const state = await stateOf(uid);
    expect(state).toEqual({
      earnings: 7000,
      refunded: 0,
      owed: 7000,
      riskMargin: 7000,
      ledger: 7000,
      entries: 3,
      audits: 2,
    });
    expect(state.ledger).toBe(state.earnings - state.refunded);
    // The file's first requests start the emulated function's workers: slow on a busy machine.
  }, 60_000);

  test("a negative adjustment may not take the balance below what is paid or in a pending payout", async () => {
    // $100 earned, $80 paid: $20 may be taken back, not a cent more.
    const uid = await createAffiliate({ total_earnings_cents: 10_000, total_payouts_cents: 8_000 });
    const tooMuch = await adjust({ user_id: uid, amount: "-20.01", reason: "Fraudulent sale" });
    expect(tooMuch).toMatchObject({
      status: 409,
      json: { error: "At most $20.00 can be taken: the balance cannot go below what is already paid." },
    });
    expect(await stateOf(uid)).toMatchObject({ earnings: 10_000, owed: 2_000, entries: 0, audits: 0 });
    expect((await adjust({ user_id: uid, amount: "-20", reason: "Fraudulent sale" })).json).toMatchObject({
      applied: true,
      balance: 0,
    });
    const empty = await adjust({ user_id: uid, amount: "-0.01", reason: "Again" });
    expect(empty).toMatchObject({
      status: 409,
      json: { error: "Nothing can be taken from this balance: all of it is paid." },
    });
    // A credit is always allowed.
    expect((await adjust({ user_id: uid, amount: 5, reason: "Goodwill" })).json).toMatchObject({ balance: 5 });
    expect(await stateOf(uid)).toMatchObject({ earnings: 8_500, owed: 500, ledger: -1_500, entries: 2, audits: 2 });
  });

  test("the same key submitted at once, six times, credits once; reused for another amount it is refused", async () => {
    const uid = await createAffiliate();
    const body = { user_id: uid, amount: "25.00", reason: "Double-click", idempotency_key: newKey() };
    const answers = await Promise.all(Array.from({ length: 6 }, () => adjust(body)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.filter((answer) => answer.json.applied === true)).toHaveLength(1);
    for (const answer of answers) expect(answer.json).toMatchObject({ balance: 25, adjustment: { amount: 25 } });
    expect(await stateOf(uid)).toEqual({
      earnings: 2_500,
      refunded: 0,
      owed: 2_500,
      riskMargin: 2_500,
      ledger: 2_500,
      entries: 1,
      audits: 1,
    });
    const reused = await adjust({ ...body, amount: "26.00" });
    expect(reused.status).toBe(409);
    expect(await stateOf(uid)).toMatchObject({ earnings: 2_500, entries: 1, audits: 1 });
  });

  test("bad input is a 400 naming the field, an unknown affiliate a 404, and either changes nothing", async () => {
    const uid = await createAffiliate();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ amount: 0 }, /^amount: Amount must not be 0\.$/],
      [{ amount: "1.005" }, /^amount: Amount must have at most 2 decimals\.$/],
      [{ amount: "ten" }, /^amount: /],
      [{ amount: 100_000.01 }, /^amount: Amount must not exceed \$100,000\.00\.$/],
      [{ reason: "   " }, /^reason: /],
      [{ reason: undefined }, /^reason: /],
      [{ advertiser: "acme" }, /^advertiser: must be one of /],
      [{ idempotency_key: "short" }, /^idempotency_key: /],
      [{ user_id: "not a uid!" }, /^user_id: /],
    ];
    for (const [change, error] of cases) {
      const answer = await adjust({ user_id: uid, amount: "10", reason: "Checking", ...change });
      expect(answer.status, JSON.stringify(change)).toBe(400);
      expect(answer.json.error).toMatch(error);
    }
    const unknown = await adjust({ user_id: `t-none-${randomUUID().slice(0, 8)}`, amount: "10", reason: "Who?" });
    expect(unknown.status).toBe(404);
    expect(await stateOf(uid)).toMatchObject({ earnings: 0, owed: 0, entries: 0, audits: 0 });
  });

  test("an affiliate may not adjust a balance, even their own (403); nothing changes", async () => {
    const affiliate = await createAffiliateUser();
    const answer = await adjust({ user_id: affiliate.uid, amount: "1000", reason: "Mine" }, affiliate);
    expect(answer.status).toBe(403);
    expect(await stateOf(affiliate.uid)).toMatchObject({ earnings: 0, entries: 0, audits: 0 });
  });
});

describe("history", () => {
  test("moves, deal changes and adjustments, newest first, paged; an affiliate may not read it", async () => {
    const uid = await createAffiliate();
    const group = await api(admin, "POST", "/api/commission_groups", {
      name: `History ${randomUUID().slice(0, 8)}`,
      terms: { rates: {}, hold_days: 3, minimum_payout: null },
    });
    expect(group.status).toBe(200);
    const groupView = group.json.group as { id: string; name: string };
    // One after the other, so each has its own moment.
    expect((await adjust({ user_id: uid, amount: "10", reason: "First" })).status).toBe(200);
    const moved = await api(staff, "POST", "/api/move_affiliates", {
      user_ids: [uid],
      group_id: groupView.id,
      reason: "Second",
    });
    expect(moved.status).toBe(200);
    const deal = await api(staff, "POST", "/api/set_deal", {
      user_id: uid,
      deal: {
        terms: { rates: { promptchan: { commission_rate: 0.75 } }, hold_days: null, minimum_payout: null },
        ends_at: null,
      },
      reason: "Third",
    });
    expect(deal.status).toBe(200);
    expect((await adjust({ user_id: uid, amount: "-4.50", reason: "Fourth" })).status).toBe(200);

    const first = await api(staff, "GET", `/api/affiliate_history?user_id=${uid}&limit=3`);
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    const entries = first.json.entries as Record<string, unknown>[];
    expect(entries.map((entry) => [entry.kind, entry.reason])).toEqual([
      ["adjustment", "Fourth"],
      ["deal", "Third"],
      ["move", "Second"],
    ]);
    expect(entries[0]).toMatchObject({ amount: -4.5, advertiser: "promptchan", by: { uid: staff.uid } });
    expect(entries[1]).toMatchObject({
      deal: { terms: { rates: { promptchan: { commission_rate: 0.75 } } }, ends_at: null },
      previous: null,
    });
    expect(entries[2]).toMatchObject({ from: { id: "default" }, to: { id: groupView.id, name: groupView.name } });
    expect(first.json.next).toEqual(expect.any(String));

    const second = await api(staff, "GET", `/api/affiliate_history?user_id=${uid}&limit=3&after=${first.json.next}`);
    expect(second.json).toMatchObject({ entries: [{ kind: "adjustment", reason: "First", amount: 10 }], next: null });

    const affiliate = await createAffiliateUser();
    const refused = await api(affiliate, "GET", `/api/affiliate_history?user_id=${affiliate.uid}`);
    expect(refused.status).toBe(403);
    expect((await api(staff, "GET", `/api/affiliate_history?user_id=${uid}&limit=51`)).status).toBe(400);
  }, 60_000);
});
