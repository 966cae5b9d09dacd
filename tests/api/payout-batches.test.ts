/**
 * Payout batches (issue 19): staff record many pending payouts as paid in one action, each exactly once
 * with its own audit record; a batch a crash stopped half-way is resumed and pays nobody twice; affiliates
 * suspended or paid in the meantime are skipped with the reason.
 */
import { describe, expect, test } from "vitest";
import { requestPayout } from "../../functions/src/payouts/payouts.ts";
import { siteUrl } from "../../scripts/lib/project.ts";
import { createAffiliate, db, refs } from "../support/backend.ts";
import { completeDetails } from "../support/payout-details.ts";
import { api, createUser, type TestUser } from "../support/users.ts";

interface Batch {
  id: string;
  completed_at: string | null;
  items: {
    user_id: string;
    invoice_number: string | null;
    amount_cents: number;
    status: string;
    reason: string | null;
  }[];
}

/** An affiliate with a pending payout of `dollars` (their whole balance), requested through the service. */
async function withPendingPayout(dollars: number): Promise<string> {
  const uid = await createAffiliate({ total_earnings_cents: dollars * 100 });
  await requestPayout(uid, completeDetails, new Date());
  return uid;
}

/** Makes a batch of their pending payouts; answers it. */
async function makeBatch(staff: TestUser, userIds: string[]): Promise<Batch> {
  const answer = await api(staff, "POST", "/api/payout_batches", { user_ids: userIds });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return answer.json as unknown as Batch;
}

/** Records the batch's payouts; `crashAfter` stops it after that many, as a crash would. */
async function record(staff: TestUser, id: string, crashAfter?: number) {
  const response = await fetch(`${siteUrl}/api/payout_batches/record`, {
    method: "POST",
    headers: {
      Authorization: staff.token,
      "Content-Type": "application/json",
      ...(crashAfter ? { "X-Test-Fault": "mid-batch", "X-Test-Fault-After": String(crashAfter) } : {}),
    },
    body: JSON.stringify({ id }),
  });
  return { status: response.status, json: (await response.json()) as Batch & { error?: string } };
}

async function paidOnce(uid: string, dollars: number, batchId: string) {
  const affiliate = (await refs.affiliate(uid).get()).data()!;
  expect(affiliate).toMatchObject({ payout_pending: false, total_payouts_cents: dollars * 100 });
  const invoice = affiliate.latest_invoice!.invoice_number;
  expect((await refs.payouts().doc(invoice).get()).data()).toMatchObject({ status: "paid" });
  expect((await refs.payoutAudit().doc(invoice).get()).data()).toMatchObject({ batch_id: batchId });
}

describe("POST /api/payout_batches", () => {
  test(
    "200 payouts, a crash half-way through recording, then recorded again: each paid exactly once",
    { timeout: 180_000 },
    async () => {
      const staff = await createUser({ claims: { advertiser: true } });
      const uids: string[] = [];
      // One after another: each request takes the next invoice number from one counter.
      for (let i = 0; i < 200; i++) uids.push(await withPendingPayout(200 + (i % 7)));

      const made = await makeBatch(staff, uids);
      expect(made.items.map((item) => item.status)).toEqual(Array(200).fill("pending"));
      expect(made.items[0]).toMatchObject({ user_id: uids[0], amount_cents: 20_000, reason: null });
      const { id } = made;
      const crashed = await record(staff, id, 96);
      expect(crashed.status).toBe(500);
      // The crash came before the batch saved its items' outcomes: it says nothing was paid, but 96 were.
      const stored = (await db().collection("payout_batches").doc(id).get()).data()!;
      expect(stored.items.every((item: { status: string }) => item.status === "pending")).toBe(true);
      const paidBefore = await Promise.all(
        uids.map(async (uid) => (await refs.affiliate(uid).get()).data()!.payout_pending),
      );
      expect(paidBefore.filter((pending) => !pending)).toHaveLength(96);

      const resumed = await record(staff, id);
      expect(resumed.status).toBe(200);
      const view = resumed.json;
      expect(view.items.map((item) => item.status)).toEqual(Array(200).fill("paid"));
      expect(view.completed_at).not.toBeNull();
      for (const [i, uid] of uids.entries()) await paidOnce(uid, 200 + (i % 7), id);

      // Resumed again: nothing more.
      const again = await record(staff, id);
      expect(again.json.items.every((item) => item.status === "paid")).toBe(true);
      for (const [i, uid] of uids.entries()) await paidOnce(uid, 200 + (i % 7), id);
      // And each affiliate was e-mailed once that their payout was sent.
      const sent = await db()
        .collection("mail")
        .where("uid", "in", uids.slice(0, 10))
        .where("cause", "==", "payout_sent")
        .get();
      expect(sent.size).toBe(10);
    },
  );

  test("three runs of one batch at once: each affiliate paid once, and the batch says this batch paid them", async () => {
    const staff = await createUser({ claims: { advertiser: true } });
    const uids: string[] = [];
    for (let i = 0; i < 24; i++) uids.push(await withPendingPayout(200 + i));
    const { id } = await makeBatch(staff, uids);

    const runs = await Promise.all([record(staff, id), record(staff, id), record(staff, id)]);
    expect(runs.map((run) => run.status)).toEqual([200, 200, 200]);
    for (const [i, uid] of uids.entries()) await paidOnce(uid, 200 + i, id);
    // Whichever run saved last, the batch as stored (and as a re-run answers it) lists every item as paid.
    const stored = (await db().collection("payout_batches").doc(id).get()).data()!;
    expect(stored.items.map((item: { status: string }) => item.status)).toEqual(Array(24).fill("paid"));
    expect(stored.completed_at).not.toBeNull();
    const again = await record(staff, id);
    expect(again.json.items.map((item) => [item.status, item.reason])).toEqual(Array(24).fill(["paid", null]));
  });

  test("a batch stored with items skipped that it paid (the record of older code) is corrected by a re-run", async () => {
    const staff = await createUser({ claims: { advertiser: true } });
    const uids = [await withPendingPayout(210), await withPendingPayout(220)];
    const { id } = await makeBatch(staff, uids);
    expect((await record(staff, id)).status).toBe(200);
    const ref = db().collection("payout_batches").doc(id);
    const stored = (await ref.get()).data()!;
    const reason = "This payout was already recorded: it was, by this very batch.";
    await ref.update({ items: stored.items.map((item: object) => ({ ...item, status: "skipped", reason })) });
    const corrected = await record(staff, id);
    expect(corrected.json.items.map((item) => [item.status, item.reason])).toEqual([
      ["paid", null],
      ["paid", null],
    ]);
    for (const [i, uid] of uids.entries()) await paidOnce(uid, 210 + i * 10, id);
  });

  test("skips, with the reason, whoever was suspended, paid in the meantime, or has nothing pending", async () => {
    const staff = await createUser({ claims: { advertiser: true } });
    const [paid, suspended, fine] = [
      await withPendingPayout(250),
      await withPendingPayout(300),
      await withPendingPayout(400),
    ];
    const nothing = await createAffiliate();

    const { id, items } = await makeBatch(staff, [paid, suspended, fine, nothing]);
    expect(items.map((item) => item.status)).toEqual(["pending", "pending", "pending", "skipped"]);
    // In the meantime: another staff member records one, and one is suspended.
    const other = await createUser({ claims: { advertiser: true } });
    const state = async (uid: string) => (await refs.affiliate(uid).get()).data()!;
    await api(other, "POST", "/api/record_payout", { user_id: fine, payout_amount: 400 });
    await api(other, "POST", "/api/set_suspension", { user_id: suspended, suspended: true, reason: "Fraud." });

    const recorded = (await record(staff, id)).json;
    const byUid = new Map(recorded.items.map((item) => [item.user_id, item]));
    expect(byUid.get(nothing)).toMatchObject({ status: "skipped", reason: "No payout is pending." });
    expect(byUid.get(paid)).toMatchObject({ status: "paid", reason: null });
    await paidOnce(paid, 250, id);
    expect(byUid.get(fine)).toMatchObject({
      status: "skipped",
      reason: expect.stringMatching(/^This payout was already recorded: .* by /),
    });
    expect(byUid.get(suspended)).toMatchObject({ status: "skipped", reason: expect.stringMatching(/suspended/) });
    expect((await state(fine)).total_payouts_cents).toBe(40_000);
    expect((await state(suspended)).payout_pending).toBe(true);
  });

  test("bad input and roles", async () => {
    const staff = await createUser({ claims: { advertiser: true } });
    expect((await api(staff, "POST", "/api/payout_batches", { user_ids: [] })).json.error).toBe(
      "user_ids: choose at least one affiliate.",
    );
    expect((await api(staff, "POST", "/api/payout_batches/record", { id: "x" })).status).toBe(400);
    expect((await api(staff, "POST", "/api/payout_batches/record", { id: "A".repeat(20) })).status).toBe(404);
    const affiliate = await createUser();
    expect((await api(affiliate, "POST", "/api/payout_batches", { user_ids: ["someone"] })).status).toBe(403);
  });
});
