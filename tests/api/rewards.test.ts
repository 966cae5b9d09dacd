/**
 * Tiers and bonuses (issue 34) through the real API and ledger: a tier reached moves the affiliate (audited,
 * by the tier) and their next sale earns the new group's rate; a bonus is credited once, as its own ledger
 * entry; two concurrent sales reaching either move or credit once; bad rules and callers are refused,
 * changing nothing. Every rule here belongs to a group made for the test, so no other test's sales meet it.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, test } from "vitest";
import { daysAfter } from "../../functions/src/domain/days.ts";
import { transactionId } from "../../functions/src/domain/ledger.ts";
import { sendEvent } from "../../scripts/lib/events-client.ts";
import { createAffiliate, refs } from "../support/backend.ts";
import { api, createAffiliateUser, createUser, type TestUser } from "../support/users.ts";

let admin: TestUser;
let staff: TestUser;
let affiliateUser: TestUser;

beforeAll(async () => {
  [admin, staff, affiliateUser] = await Promise.all([
    createUser({ claims: { admin: true } }),
    createUser({ claims: { advertiser: true } }),
    createAffiliateUser(),
  ]);
});

/** A group paying `rate` on promptchan's first sales, payable at once. */
async function createGroup(rate: number): Promise<{ id: string; name: string }> {
  const name = `Tier ${randomUUID().slice(0, 8)}`;
  const terms = {
    rates: { promptchan: { commission_rate: rate, repeat_rates: {} } },
    hold_days: 0,
    minimum_payout: null,
  };
  const answer = await api(admin, "POST", "/api/commission_groups", { name, terms });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return answer.json.group as { id: string; name: string };
}

/** An affiliate in the group (moved by staff, as the ledger would find them). */
async function memberOf(groupId: string, uid?: string): Promise<string> {
  const member = uid ?? (await createAffiliate());
  const answer = await api(staff, "POST", "/api/move_affiliates", {
    user_ids: [member],
    group_id: groupId,
    reason: "Starts in the base group",
  });
  expect(answer.json.moved, JSON.stringify(answer.json)).toEqual([member]);
  return member;
}

const saveRules = (body: Record<string, unknown>, caller: TestUser = admin) =>
  api(caller, "POST", "/api/reward_rules", { version: 0, tiers: [], bonuses: [], ...body });

/** A promptchan first sale of $100 made now: its ledger entry. */
async function sale(uid: string) {
  const id = `e-${randomUUID()}`;
  const answer = await sendEvent({
    id,
    advertiser_id: "promptchan",
    type: "sale",
    uid,
    amount: "100.00",
    repeat_index: 0,
    occurred_at: new Date().toISOString(),
  });
  expect(answer.status, answer.text).toBe(200);
  return (await refs.transactions(uid).doc(transactionId("promptchan", id)).get()).data()!;
}

const movesOf = async (uid: string) =>
  (await refs.groupMoves().where("uid", "==", uid).get()).docs.map((doc) => doc.data());

describe("tiers", () => {
  test("a tier reached moves the affiliate, audited by the tier, and their next sale earns the new rate", async () => {
    const [base, gold] = [await createGroup(0.5), await createGroup(0.7)];
    const saved = await saveRules({
      group_id: base.id,
      tiers: [{ first_sales_30d: 3, lifetime_commission: null, to_group: gold.id }],
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const tierId = (saved.json.rules as { tiers: { id: string }[] }).tiers[0]!.id;
    const uid = await memberOf(base.id);

    expect((await sale(uid)).earnings_cents).toBe(5_000);
    expect((await sale(uid)).earnings_cents).toBe(5_000);
    expect((await refs.affiliate(uid).get()).data()!.group.id).toBe(base.id);
    // The third first sale reaches the tier: it earns the base rate, and moves the affiliate.
    expect((await sale(uid)).earnings_cents).toBe(5_000);
    const affiliate = (await refs.affiliate(uid).get()).data()!;
    expect(affiliate.group).toMatchObject({ id: gold.id, name: gold.name });
    const tierMove = (await movesOf(uid)).find((record) => record.from.id === base.id)!;
    expect(tierMove).toMatchObject({
      to: { id: gold.id, name: gold.name },
      reason: `Tier ${tierId} reached: at least 3 first sales in 30 days (3).`,
      by: { uid: `tier:${base.id}/${tierId}`, tier: { group_id: base.id, tier_id: tierId } },
    });
    expect((await sale(uid)).earnings_cents).toBe(7_000);
    expect((await refs.affiliate(uid).get()).data()!.total_earnings_cents).toBe(22_000);
    // Staff's history of the affiliate names the tier that moved them.
    const history = await api(staff, "GET", `/api/affiliate_history?user_id=${uid}`);
    expect(history.status).toBe(200);
    expect((history.json.entries as Record<string, unknown>[])[0]).toMatchObject({
      kind: "move",
      from: { id: base.id },
      to: { id: gold.id },
      by: { uid: `tier:${base.id}/${tierId}`, email: "" },
      tier: { group_id: base.id, tier_id: tierId },
    });
  });

  test("lifetime commission reaches a tier too", async () => {
    const [base, gold] = [await createGroup(0.5), await createGroup(0.7)];
    await saveRules({
      group_id: base.id,
      tiers: [{ first_sales_30d: null, lifetime_commission: 100, to_group: gold.id }],
    });
    const uid = await memberOf(base.id);
    await sale(uid);
    expect((await refs.affiliate(uid).get()).data()!.group.id).toBe(base.id);
    await sale(uid);
    expect((await refs.affiliate(uid).get()).data()!.group.id).toBe(gold.id);
  });

  test("a tier reached by two concurrent sales moves the affiliate once, with one audit record", async () => {
    const [base, gold] = [await createGroup(0.5), await createGroup(0.7)];
    await saveRules({
      group_id: base.id,
      tiers: [{ first_sales_30d: 2, lifetime_commission: null, to_group: gold.id }],
    });
    const uid = await memberOf(base.id);
    const entries = await Promise.all([sale(uid), sale(uid)]);
    expect(entries.map((entry) => entry.earnings_cents)).toEqual([5_000, 5_000]);
    const affiliate = (await refs.affiliate(uid).get()).data()!;
    expect(affiliate.group.id).toBe(gold.id);
    expect((await movesOf(uid)).filter((record) => record.from.id === base.id)).toHaveLength(1);
    expect(affiliate.past_groups.map((past) => past.id)).toEqual([base.id, "default"]);
  });
});

describe("bonuses", () => {
  const period = () => ({ starts_on: daysAfter(new Date(), -1), ends_on: daysAfter(new Date(), 1) });

  test("a bonus is credited once, as its own ledger entry, adding to earnings and the balance", async () => {
    const base = await createGroup(0.5);
    const saved = await saveRules({
      group_id: base.id,
      bonuses: [{ name: "Two first sales", first_sales: 2, ...period(), amount: 100 }],
    });
    const bonusId = (saved.json.rules as { bonuses: { id: string }[] }).bonuses[0]!.id;
    const uid = await memberOf(base.id);
    await sale(uid);
    expect((await refs.transactions(uid).doc(`bonus_${bonusId}`).get()).exists).toBe(false);
    await sale(uid);
    await sale(uid);
    const entry = (await refs.transactions(uid).doc(`bonus_${bonusId}`).get()).data();
    expect(entry).toMatchObject({ type: "bonus", earnings_cents: 10_000, event_id: `bonus_${bonusId}` });
    const affiliate = (await refs.affiliate(uid).get()).data()!;
    expect(affiliate).toMatchObject({
      total_earnings_cents: 3 * 5_000 + 10_000,
      owed_cents: 3 * 5_000 + 10_000,
      bonuses_won: [bonusId],
    });
    // The ledger adds up: its entries are the affiliate's earnings.
    const ledger = (await refs.transactions(uid).get()).docs.map((doc) => doc.data());
    expect(ledger.reduce((sum, item) => sum + item.earnings_cents, 0)).toBe(affiliate.total_earnings_cents);
    expect(ledger.filter((item) => item.type === "bonus")).toHaveLength(1);
  });

  test("a bonus reached by two concurrent sales is credited once", async () => {
    const base = await createGroup(0.5);
    const saved = await saveRules({
      group_id: base.id,
      bonuses: [{ name: "Two at once", first_sales: 2, ...period(), amount: 25.5 }],
    });
    const bonusId = (saved.json.rules as { bonuses: { id: string }[] }).bonuses[0]!.id;
    const uid = await memberOf(base.id);
    await Promise.all([sale(uid), sale(uid)]);
    const ledger = (await refs.transactions(uid).get()).docs.map((doc) => doc.data());
    expect(ledger.filter((item) => item.type === "bonus").map((item) => item.event_id)).toEqual([`bonus_${bonusId}`]);
    expect((await refs.affiliate(uid).get()).data()!.total_earnings_cents).toBe(2 * 5_000 + 2_550);
  });

  test("the affiliate sees the next tier with what is left, and the bonuses with their progress", async () => {
    const [base, gold] = [await createGroup(0.5), await createGroup(0.7)];
    await memberOf(base.id, affiliateUser.uid);
    await saveRules({
      group_id: base.id,
      tiers: [{ first_sales_30d: 12, lifetime_commission: 5_000, to_group: gold.id }],
      bonuses: [{ name: "Five this week", first_sales: 5, ...period(), amount: 50 }],
    });
    await sale(affiliateUser.uid);
    const answer = await api(affiliateUser, "GET", "/api/my_rewards");
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    expect(answer.json).toMatchObject({
      group: { id: base.id, name: base.name },
      tiers: [
        {
          to: { id: gold.id, name: gold.name },
          first_sales_30d: 12,
          first_sales_left: 11,
          lifetime_commission: 5_000,
          commission_left: 4_950,
          rates: { promptchan: 0.7, cutechat: 0.6 },
        },
      ],
      bonuses: [{ name: "Five this week", first_sales: 5, first_sales_made: 1, amount: 50, won: false }],
    });
    // Staff have no affiliate account.
    expect((await api(staff, "GET", "/api/my_rewards")).status).toBe(404);
  });
});

describe("saving rules", () => {
  test("only admins save, staff read, affiliates neither; bad rules are refused, changing nothing", async () => {
    const [base, gold] = [await createGroup(0.5), await createGroup(0.7)];
    const tier = { first_sales_30d: 5, lifetime_commission: null, to_group: gold.id };
    expect((await saveRules({ group_id: base.id, tiers: [tier] }, staff)).status).toBe(403);
    expect((await saveRules({ group_id: base.id, tiers: [tier] }, affiliateUser)).status).toBe(403);
    expect((await api(affiliateUser, "GET", "/api/reward_rules")).status).toBe(403);

    const refusals: [Record<string, unknown>, number, RegExp][] = [
      [{ group_id: "no-such-group", tiers: [tier] }, 404, /No commission group has the id no-such-group/],
      [{ group_id: base.id, tiers: [{ ...tier, to_group: base.id }] }, 400, /another group than the tier's own/],
      [{ group_id: base.id, tiers: [{ ...tier, to_group: "nowhere" }] }, 400, /no commission group has the id nowhere/],
      [
        { group_id: base.id, tiers: [{ ...tier, first_sales_30d: null }] },
        400,
        /set first_sales_30d, lifetime_commission/,
      ],
      [{ group_id: base.id, tiers: [{ ...tier, first_sales_30d: 0 }] }, 400, /first_sales_30d: must be at least 1/],
      [{ group_id: base.id, tiers: [{ ...tier, id: "made-up" }] }, 400, /no tier or bonus with the id made-up/],
      [
        {
          group_id: base.id,
          bonuses: [{ name: "x", first_sales: 1, starts_on: "2026-12-02", ends_on: "2026-12-01", amount: 5 }],
        },
        400,
        /ends_on must not be before starts_on/,
      ],
      [
        {
          group_id: base.id,
          bonuses: [{ name: "x", first_sales: 1, starts_on: "2026-12-01", ends_on: "2026-12-31", amount: 1.005 }],
        },
        400,
        /amount: must be in whole cents/,
      ],
      [
        {
          group_id: base.id,
          bonuses: [{ name: " ", first_sales: 1, starts_on: "2026-12-01", ends_on: "2026-12-31", amount: 5 }],
        },
        400,
        /name: must not be empty/,
      ],
      [{ group_id: base.id, version: 3, tiers: [tier] }, 409, /changed since you loaded them/],
    ];
    for (const [body, status, error] of refusals) {
      const answer = await saveRules(body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.json.error).toMatch(error);
    }
    expect((await refs.rewardRules().doc(base.id).get()).exists).toBe(false);

    const first = await saveRules({ group_id: base.id, tiers: [tier] });
    expect(first.json).toMatchObject({ changed: true, rules: { version: 1, tiers: [tier] } });
    const saved = first.json.rules as { tiers: { id: string }[] };
    // Saving the same again changes nothing; a stale version is refused.
    const same = await saveRules({ group_id: base.id, version: 1, tiers: saved.tiers });
    expect(same.json).toMatchObject({ changed: false, rules: { version: 1 } });
    expect((await saveRules({ group_id: base.id, version: 0, tiers: [] })).status).toBe(409);
    const listed = (await api(staff, "GET", "/api/reward_rules")).json.rules as { group_id: string; version: number }[];
    expect(listed.find((rules) => rules.group_id === base.id)).toMatchObject({ version: 1 });
    const versions = await refs.rewardRulesVersions(base.id).get();
    expect(versions.docs.map((doc) => [doc.data().version, doc.data().changed_by.uid])).toEqual([[1, admin.uid]]);
  });
});
