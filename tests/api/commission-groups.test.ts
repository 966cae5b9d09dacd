/**
 * Commission groups (issue 34) through the real API: admins create and edit groups (each edit a version),
 * staff move affiliates with a reason (each move audited, once, however many staff move one at once), and a
 * sale earns the terms of the group it happened in, at the group's version in force then, to the cent.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, test } from "vitest";
import { transactionId } from "../../functions/src/domain/ledger.ts";
import { sendEvent } from "../../scripts/lib/events-client.ts";
import { createAffiliate, refs, sendMaturedSale } from "../support/backend.ts";
import { payoutForm } from "../support/payout-details.ts";
import { api, createAffiliateUser, createUser, type TestUser } from "../support/users.ts";

interface GroupView {
  id: string;
  name: string;
  version: number;
  terms: {
    rates: Record<string, { commission_rate: number; repeat_rates: Record<string, number> }>;
    hold_days: number | null;
    minimum_payout: number | null;
  };
  in_force: Record<string, { commission_rate: number; repeat_rates: Record<string, number>; hold_days: number }>;
  members: number;
}

let admin: TestUser;
let staff: TestUser;
let otherStaff: TestUser;

beforeAll(async () => {
  [admin, staff, otherStaff] = await Promise.all([
    createUser({ claims: { admin: true } }),
    createUser({ claims: { advertiser: true } }),
    createUser({ claims: { advertiser: true } }),
  ]);
});

const vipTerms = {
  rates: { promptchan: { commission_rate: 0.7, repeat_rates: { "1": 0.55 } } },
  hold_days: 0,
  minimum_payout: null,
};

const uniqueName = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;

async function createGroup(terms: unknown = vipTerms, name = uniqueName("VIP")): Promise<GroupView> {
  const answer = await api(admin, "POST", "/api/commission_groups", { name, terms });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return answer.json.group as GroupView;
}

async function listGroups(caller: TestUser = staff): Promise<GroupView[]> {
  const answer = await api(caller, "GET", "/api/commission_groups");
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return answer.json.groups as GroupView[];
}

const move = (uids: string[], groupId: string, caller: TestUser = staff, reason = "Top performer in October") =>
  api(caller, "POST", "/api/move_affiliates", { user_ids: uids, group_id: groupId, reason });

/** A promptchan sale of `amount` dollars made at `at` (renewal `repeat` when given): its ledger entry. */
async function saleAt(uid: string, at: Date, amount = "100.00", repeat = 0) {
  const id = `e-${randomUUID()}`;
  const answer = await sendEvent({
    id,
    advertiser_id: "promptchan",
    type: "sale",
    uid,
    amount,
    repeat_index: repeat,
    occurred_at: at.toISOString(),
  });
  expect(answer.status, answer.text).toBe(200);
  return (await refs.transactions(uid).doc(transactionId("promptchan", id)).get()).data()!;
}

describe("groups", () => {
  test("the default group is the programme settings, listed first; an admin's new group is listed with its terms", async () => {
    const group = await createGroup();
    expect(group).toMatchObject({ version: 1, members: 0, terms: vipTerms });
    expect(group.in_force.promptchan).toEqual({ commission_rate: 0.7, repeat_rates: { "1": 0.55 }, hold_days: 0 });
    // An advertiser the group leaves out earns the programme's rates, at the group's hold.
    expect(group.in_force.cutechat).toMatchObject({ commission_rate: 0.6, hold_days: 0 });
    const groups = await listGroups();
    expect(groups[0]).toMatchObject({
      id: "default",
      name: "Default",
      version: 0,
      terms: { rates: {}, hold_days: null, minimum_payout: null },
      in_force: { promptchan: { commission_rate: 0.6, hold_days: 30 } },
    });
    expect(groups.find((listed) => listed.id === group.id)).toEqual(group);
  });

  test("bad terms, a name taken, the default group and a stale version are refused, changing nothing", async () => {
    const group = await createGroup();
    const badRate = await api(admin, "POST", "/api/commission_groups", {
      name: uniqueName("Bad"),
      terms: { ...vipTerms, rates: { promptchan: { commission_rate: 1.5, repeat_rates: {} } } },
    });
    expect(badRate.status).toBe(400);
    expect(badRate.json.error).toMatch(/^terms\.rates\.promptchan\.commission_rate: must be at most 1/);
    const taken = await api(admin, "POST", "/api/commission_groups", {
      name: ` ${group.name.toUpperCase()} `,
      terms: vipTerms,
    });
    expect(taken).toMatchObject({
      status: 409,
      json: { error: `A group is named ${group.name} already: choose another name.` },
    });
    const defaultEdit = await api(admin, "POST", "/api/commission_groups", {
      id: "default",
      version: 1,
      name: "Programme",
      terms: vipTerms,
    });
    expect(defaultEdit.status).toBe(400);
    const edit = { id: group.id, version: 1, name: group.name, terms: { ...vipTerms, hold_days: 3 } };
    expect((await api(admin, "POST", "/api/commission_groups", edit)).json).toMatchObject({
      changed: true,
      group: { version: 2 },
    });
    const stale = await api(admin, "POST", "/api/commission_groups", { ...edit, terms: vipTerms });
    expect(stale.status).toBe(409);
    const same = await api(admin, "POST", "/api/commission_groups", { ...edit, version: 2 });
    expect(same.json).toMatchObject({ changed: false, message: "Nothing changed.", group: { version: 2 } });
    const stored = (await listGroups()).find((listed) => listed.id === group.id)!;
    expect(stored).toMatchObject({ version: 2, terms: { hold_days: 3 } });
    // Each version is kept with who saved it and from when.
    const versions = await refs.groupVersions(group.id).orderBy("version").get();
    expect(
      versions.docs.map((doc) => [doc.data().version, doc.data().terms.hold_days, doc.data().changed_by.uid]),
    ).toEqual([
      [1, 0, admin.uid],
      [2, 3, admin.uid],
    ]);
  });
});

describe("moves", () => {
  test("a move is audited (who, when, from, to, why), named on the affiliate, and a second one is 'already'", async () => {
    const group = await createGroup();
    const [uid, unknown] = [await createAffiliate(), `t-none-${randomUUID().slice(0, 8)}`];
    const before = Date.now();
    const answer = await move([uid, unknown], group.id);
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    expect(answer.json).toEqual({
      group: { id: group.id, name: group.name },
      moved: [uid],
      already: [],
      missing: [unknown],
    });
    const affiliate = (await refs.affiliate(uid).get()).data()!;
    // Named with its terms, which the affiliate's dashboard shows.
    expect(affiliate.group).toMatchObject({
      id: group.id,
      name: group.name,
      terms: { rates: vipTerms.rates, hold_days: 0, minimum_payout_cents: null },
    });
    expect(affiliate.group.since.getTime()).toBeGreaterThanOrEqual(before - 5_000);
    expect(affiliate.past_groups).toEqual([{ id: "default", since: new Date(0) }]);
    const audits = (await refs.groupMoves().where("uid", "==", uid).get()).docs.map((doc) => doc.data());
    expect(audits).toEqual([
      {
        uid,
        from: { id: "default", name: "Default" },
        to: { id: group.id, name: group.name },
        reason: "Top performer in October",
        by: { uid: staff.uid, email: staff.email },
        at: affiliate.group.since,
      },
    ]);
    expect((await move([uid], group.id)).json).toMatchObject({ moved: [], already: [uid] });
    // The affiliate sees their group; staff see it on the list's row.
    const page = (await api(staff, "GET", `/api/affiliates?q=${uid}`)).json as {
      affiliates: { user_id: string; group: unknown }[];
    };
    expect(page.affiliates.find((row) => row.user_id === uid)?.group).toEqual({ id: group.id, name: group.name });
  });

  test("a move needs a reason and a group that exists", async () => {
    const uid = await createAffiliate();
    expect((await move([uid], "default", staff, "  ")).json.error).toMatch(/^reason: say why/);
    expect((await move([uid], "no-such-group")).status).toBe(404);
    expect((await refs.affiliate(uid).get()).data()!.group.id).toBe("default");
  });

  test("two staff moving one affiliate at once move them once: one answer says moved, the other already", async () => {
    const group = await createGroup();
    const uid = await createAffiliate();
    const answers = await Promise.all([move([uid], group.id, staff), move([uid], group.id, otherStaff)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers.map((answer) => (answer.json.moved as string[]).length).sort()).toEqual([0, 1]);
    expect(answers.map((answer) => (answer.json.already as string[]).length).sort()).toEqual([0, 1]);
    expect((await refs.groupMoves().where("uid", "==", uid).get()).size).toBe(1);
    expect((await refs.affiliate(uid).get()).data()!.past_groups).toHaveLength(1);
  });

  test("a rename and an edit are carried to the members' documents", async () => {
    const group = await createGroup();
    const uids = await Promise.all([createAffiliate(), createAffiliate()]);
    await move(uids, group.id);
    const name = uniqueName("Gold");
    const answer = await api(admin, "POST", "/api/commission_groups", {
      id: group.id,
      version: 1,
      name,
      terms: vipTerms,
    });
    expect(answer.json).toMatchObject({ changed: true, group: { name, members: 2 } });
    for (const uid of uids) {
      expect((await refs.affiliate(uid).get()).data()!.group).toMatchObject({ id: group.id, name });
    }
    // An edit of the terms too: the members' documents carry what their dashboards show.
    const terms = { ...vipTerms, hold_days: 9, minimum_payout: 120 };
    const edited = await api(admin, "POST", "/api/commission_groups", { id: group.id, version: 2, name, terms });
    expect(edited.status).toBe(200);
    for (const uid of uids) {
      expect((await refs.affiliate(uid).get()).data()!.group.terms).toEqual({
        rates: vipTerms.rates,
        hold_days: 9,
        minimum_payout_cents: 12_000,
      });
    }
  });
});

describe("sales earn their group's terms in force when they happened", () => {
  test("moved to a 70% group: the next sale earns 70%, a sale made before the move (reported late) the old 60%", async () => {
    const group = await createGroup();
    const [uid, stay] = await Promise.all([createAffiliate(), createAffiliate()]);
    const beforeMove = new Date(Date.now() - 60_000);
    expect((await move([uid], group.id)).json.moved).toEqual([uid]);
    const after = new Date(Date.now() + 1_000);

    expect(await saleAt(uid, after, "123.45")).toMatchObject({ rate: 0.7, earnings_cents: 8_642 });
    const late = await saleAt(uid, beforeMove, "123.45");
    expect(late).toMatchObject({ rate: 0.6, earnings_cents: 7_407 });
    // Renewals by repeat index: the group's rate for the first, none for a renewal it has no rate for.
    expect(await saleAt(uid, after, "19.99", 1)).toMatchObject({ rate: 0.55, earnings_cents: 1_099 });
    expect(await saleAt(uid, after, "19.99", 2)).toMatchObject({ rate: 0, earnings_cents: 0 });
    // The group's hold (0 days) is payable at once; the late sale keeps the programme's 30 days.
    const today = new Date().toISOString().slice(0, 10);
    expect((await saleAt(uid, after, "10.00")).matures_on! <= today).toBe(true);
    expect(late.matures_on! > today).toBe(true);
    // An affiliate in the default group is paid as before: 60%, renewals at 50%.
    expect(await saleAt(stay, after, "123.45")).toMatchObject({ rate: 0.6, earnings_cents: 7_407 });
    expect(await saleAt(stay, after, "19.99", 2)).toMatchObject({ rate: 0.5, earnings_cents: 1_000 });
    expect((await refs.affiliate(uid).get()).data()!.total_earnings_cents).toBe(8_642 + 7_407 + 1_099 + 0 + 700);
  });

  test("a group's edit is a version: sales made before it keep the old rate, sales after earn the new", async () => {
    const group = await createGroup();
    const uid = await createAffiliate();
    await move([uid], group.id);
    // In the group (moved before it) and before the edit (saved after it).
    const beforeEdit = new Date();
    const edited = await api(admin, "POST", "/api/commission_groups", {
      id: group.id,
      version: 1,
      name: group.name,
      terms: { ...vipTerms, rates: { promptchan: { commission_rate: 0.75, repeat_rates: { "1": 0.55 } } } },
    });
    expect(edited.json).toMatchObject({ changed: true, group: { version: 2 } });
    expect(await saleAt(uid, new Date(Date.now() + 1_000))).toMatchObject({ rate: 0.75, earnings_cents: 7_500 });
    expect(await saleAt(uid, beforeEdit)).toMatchObject({ rate: 0.7, earnings_cents: 7_000 });
  });

  test("the affiliate's data names their group and its rates", async () => {
    const group = await createGroup();
    const affiliate = await createUser();
    expect((await api(affiliate, "POST", "/api/create_account")).status).toBe(201);
    await move([affiliate.uid], group.id);
    const data = (await api(affiliate, "GET", "/api/get_user_data")).json;
    expect(data).toMatchObject({
      group: { id: group.id, name: group.name },
      commission_rate: 0.7,
      repeat_rates: { "1": 0.55 },
    });
  });
});

describe("deals", () => {
  const setDeal = (uid: string, deal: unknown, reason = "Negotiated for Black Friday") =>
    api(staff, "POST", "/api/set_deal", { user_id: uid, deal, reason });

  test("a deal overrides the group's terms from now, audited; ended, the group's again, and earlier sales keep it", async () => {
    const group = await createGroup();
    const uid = await createAffiliate();
    await move([uid], group.id);
    const ends = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const before = new Date();
    const set = await setDeal(uid, {
      terms: { rates: { promptchan: { commission_rate: 0.8 } }, hold_days: null, minimum_payout: 50 },
      ends_at: ends,
    });
    expect(set.status, JSON.stringify(set.json)).toBe(200);
    expect(set.json).toMatchObject({
      user_id: uid,
      changed: true,
      deal: {
        terms: { rates: { promptchan: { commission_rate: 0.8 } }, hold_days: null, minimum_payout: 50 },
        ends_at: ends,
      },
    });
    const during = new Date();
    // The deal sets the first sale's rate; renewals keep the group's.
    expect(await saleAt(uid, during)).toMatchObject({ rate: 0.8, earnings_cents: 8_000 });
    expect(await saleAt(uid, during, "19.99", 1)).toMatchObject({ rate: 0.55, earnings_cents: 1_099 });
    // A sale made before the deal was set earns the group's rate.
    expect(await saleAt(uid, before)).toMatchObject({ rate: 0.7 });

    const ended = await setDeal(uid, null, "Promotion over");
    expect(ended.json).toMatchObject({
      changed: true,
      deal: { terms: { rates: { promptchan: { commission_rate: 0.8 } } } },
    });
    expect(Date.parse((ended.json.deal as { ends_at: string }).ends_at)).toBeLessThanOrEqual(Date.now());
    expect(await saleAt(uid, new Date(Date.now() + 1_000))).toMatchObject({ rate: 0.7, earnings_cents: 7_000 });
    // Reported late, a sale made while the deal was in force still earns it.
    expect(await saleAt(uid, during)).toMatchObject({ rate: 0.8 });
    expect((await setDeal(uid, null, "Again")).json).toMatchObject({ changed: false });

    const audits = (await refs.dealAudit().where("uid", "==", uid).get()).docs.map((doc) => doc.data());
    expect(audits.map((audit) => [audit.reason, audit.by?.uid, audit.previous === null])).toEqual(
      expect.arrayContaining([
        ["Negotiated for Black Friday", staff.uid, true],
        ["Promotion over", staff.uid, false],
      ]),
    );
    expect(audits).toHaveLength(2);
  });

  test("a deal needs a reason, valid terms and an end in the future", async () => {
    const uid = await createAffiliate();
    const terms = { rates: {}, hold_days: 5, minimum_payout: null };
    expect((await setDeal(uid, { terms, ends_at: null }, "")).status).toBe(400);
    expect((await setDeal(uid, { terms: { ...terms, hold_days: -1 }, ends_at: null })).status).toBe(400);
    const past = await setDeal(uid, { terms, ends_at: new Date(Date.now() - 60_000).toISOString() });
    expect(past.json.error).toBe("deal.ends_at: must be in the future (leave it out for no end).");
    expect((await refs.affiliate(uid).get()).data()!.deal).toBeNull();
  });

  test("an affiliate on custom_terms earns their own rates as before; a deal set by staff replaces the flag", async () => {
    const uid = await createAffiliate({ custom_terms: true, commission_rate: 0.65, repeat_rates: { "1": 0.3 } });
    expect(await saleAt(uid, new Date(Date.now() - 1_000), "10.00", 1)).toMatchObject({
      rate: 0.3,
      earnings_cents: 300,
    });
    await setDeal(uid, {
      terms: { rates: { promptchan: { commission_rate: 0.66 } }, hold_days: null, minimum_payout: null },
      ends_at: null,
    });
    const affiliate = (await refs.affiliate(uid).get()).data()!;
    expect(affiliate.custom_terms).toBe(false);
    expect(await saleAt(uid, new Date(Date.now() + 1_000))).toMatchObject({ rate: 0.66 });
    // The deal sets no renewal rate: the programme's (the default group's) 50%.
    expect(await saleAt(uid, new Date(Date.now() + 1_000), "10.00", 1)).toMatchObject({ rate: 0.5 });
  });
});

describe("a group's minimum payout", () => {
  test("a member may be paid from the group's minimum; outside it, the programme's $200 still applies", async () => {
    const group = await createGroup({ ...vipTerms, minimum_payout: 50 });
    const [member, other] = await Promise.all([createAffiliateUser(), createAffiliateUser()]);
    const form = payoutForm({ name: "Mina Minimum" });
    for (const user of [member, other]) {
      // $60 payable: a sale of $100 past its hold, at the programme's 60% (it happened before any move).
      expect((await sendMaturedSale(user.uid, "100.00")).status).toBe(200);
      expect((await api(user, "POST", "/api/update_paypal_account", form)).status).toBe(200);
    }
    await move([member.uid], group.id);
    expect(await api(other, "POST", "/api/request_payout", form)).toMatchObject({
      status: 409,
      json: { error: "Minimum payout is $200. Your current available balance is less than the required amount." },
    });
    const paid = await api(member, "POST", "/api/request_payout", form);
    expect(paid.status, JSON.stringify(paid.json)).toBe(200);
    expect((await refs.affiliate(member.uid).get()).data()!.payout_pending).toBe(true);
  });
});
