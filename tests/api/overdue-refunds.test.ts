/**
 * Refunds waiting too long for their sale: the ledger dates a refund's wait when it first arrives, and
 * GET /api/overdue_refunds shows staff the ones past the bound, the longest waiting first. The documents
 * these tests make are their own (unique sale ids) and are deleted after each test; no other test makes an
 * overdue one, so counts are compared with the count before.
 */
import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { limits } from "../../functions/src/config.ts";
import type { PendingRefundsDoc } from "../../functions/src/domain/model.ts";
import type { OverdueRefund, OverdueRefunds } from "../../functions/src/domain/overdue-refunds.ts";
import { sendEvent, type EventBody } from "../../scripts/lib/events-client.ts";
import { createAffiliate, refs } from "../support/backend.ts";
import { api, createAffiliateUser, createUser, type TestUser } from "../support/users.ts";

const day = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * day);

let staff: TestUser;
let admin: TestUser;
let uid: string;

beforeAll(async () => {
  [staff, admin, uid] = await Promise.all([
    createUser({ claims: { advertiser: true } }),
    createUser({ claims: { admin: true } }),
    createAffiliate(),
  ]);
});

/** The pending documents a test made, deleted after it. */
const made: string[] = [];
/** What waiting() stored, by sale id. */
const stored = new Map<string, PendingRefundsDoc>();
const refundedAt = new Date("2026-01-15T10:00:00.000Z");
afterEach(async () => {
  await Promise.all(made.splice(0).map((id) => refs.pendingRefunds().doc(id).delete()));
});

/** A pending document for a sale that never came, first received `receivedDaysAgo` days ago (or undated). */
async function waiting(receivedDaysAgo: number | undefined): Promise<string> {
  const saleId = `never-${randomUUID()}`;
  const doc: PendingRefundsDoc = {
    advertiser_id: "promptchan",
    sale_id: saleId,
    uid,
    refunds: [{ type: "refund", event_id: `r-${saleId}`, amount_cents: 1_250, occurred_at: refundedAt }],
    ...(receivedDaysAgo === undefined ? {} : { first_received_at: daysAgo(receivedDaysAgo) }),
  };
  made.push(`promptchan_${saleId}`);
  stored.set(saleId, doc);
  await refs.pendingRefunds().doc(`promptchan_${saleId}`).set(doc);
  return saleId;
}

async function overdue(user: TestUser, query = ""): Promise<OverdueRefunds> {
  const answer = await api(user, "GET", `/api/overdue_refunds${query}`);
  expect(answer.status).toBe(200);
  return answer.json as unknown as OverdueRefunds;
}

const saleIds = (pending: OverdueRefund[], ours: string[]) =>
  pending.map((entry) => entry.sale_id).filter((id) => ours.includes(id));

function refund(type: "refund" | "chargeback", saleId: string, extra: Partial<EventBody> = {}): EventBody {
  const occurred_at = new Date(Date.now() - 60_000).toISOString();
  return { id: `e-${randomUUID()}`, advertiser_id: "promptchan", type, uid, refers_to: saleId, occurred_at, ...extra };
}

describe("the ledger dates a refund's wait", () => {
  test("the first refund for a missing sale sets first_received_at; a later one keeps it", async () => {
    const saleId = `never-${randomUUID()}`;
    made.push(`promptchan_${saleId}`);
    const before = Date.now();
    expect((await sendEvent(refund("refund", saleId, { amount: "5.00" }))).body).toMatchObject({ status: "pending" });
    const first = (await refs.pendingRefunds().doc(`promptchan_${saleId}`).get()).data()!;
    expect(first.first_received_at!.getTime()).toBeGreaterThanOrEqual(before - 1_000);
    expect(first.first_received_at!.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);

    expect((await sendEvent(refund("chargeback", saleId))).body).toMatchObject({ status: "pending" });
    const second = (await refs.pendingRefunds().doc(`promptchan_${saleId}`).get()).data()!;
    expect(second.refunds).toHaveLength(2);
    expect(second.first_received_at).toEqual(first.first_received_at);
  });
});

describe("GET /api/overdue_refunds", () => {
  test("lists the refunds past the bound, the longest waiting first, undated ones before all", async () => {
    const countBefore = (await overdue(staff)).count;
    const [month, undated, justOver, withinBound, today] = await Promise.all([
      waiting(30),
      waiting(undefined),
      waiting(limits.pendingRefundOverdueDays + 0.5),
      waiting(limits.pendingRefundOverdueDays - 0.5),
      waiting(0),
    ]);
    const ours = [month, undated, justOver, withinBound, today];

    const answer = await overdue(staff);
    expect(answer.older_than_days).toBe(7);
    expect(answer.count).toBe(countBefore + 3);
    expect(saleIds(answer.pending, ours)).toEqual([undated, month, justOver]);
    expect(answer.pending.find((entry) => entry.sale_id === month)).toEqual({
      advertiser_id: "promptchan",
      sale_id: month,
      uid,
      first_received_at: stored.get(month)!.first_received_at!.toISOString(),
      refunds: [{ type: "refund", event_id: `r-${month}`, amount: 12.5, occurred_at: refundedAt.toISOString() }],
    });
    expect(answer.pending.find((entry) => entry.sale_id === undated)?.first_received_at).toBeNull();
    // The admin counts as staff.
    expect(saleIds((await overdue(admin)).pending, ours)).toEqual([undated, month, justOver]);
  });

  test("a limit lists only the longest waiting, and the count stays the count of all", async () => {
    const countBefore = (await overdue(staff)).count;
    const [older, newer] = [await waiting(20), await waiting(10)];
    const answer = await overdue(staff, "?limit=1");
    expect(answer.count).toBe(countBefore + 2);
    expect(answer.pending).toHaveLength(1);
    expect(saleIds((await overdue(staff, "?limit=200")).pending, [older, newer])).toEqual([older, newer]);
  });

  test("a refund whose sale arrives is no longer waiting", async () => {
    const saleId = await waiting(9);
    expect(saleIds((await overdue(staff)).pending, [saleId])).toEqual([saleId]);
    const occurred_at = new Date(Date.now() - 60_000).toISOString();
    const sale = { id: saleId, advertiser_id: "promptchan", type: "sale", uid, amount: "50.00", occurred_at };
    expect((await sendEvent(sale)).body).toMatchObject({ status: "applied", detail: "Applied 1 earlier refund(s)." });
    expect(saleIds((await overdue(staff)).pending, [saleId])).toEqual([]);
  });

  test.each([
    ["?limit=0", /limit: must be a whole number from 1 to 200/],
    ["?limit=201", /limit: must be a whole number from 1 to 200/],
    ["?limit=ten", /limit: must be a whole number from 1 to 200/],
    ["?older_than_days=1", /Unrecognized key/],
  ])("%s is a 400", async (query, message) => {
    const answer = await api(staff, "GET", `/api/overdue_refunds${query}`);
    expect(answer.status).toBe(400);
    expect(answer.json.error).toMatch(message);
  });

  test("an affiliate is refused, and learns nothing", async () => {
    await waiting(30);
    const affiliate = await createAffiliateUser();
    const answer = await api(affiliate, "GET", "/api/overdue_refunds");
    expect(answer.status).toBe(403);
    expect(Object.keys(answer.json)).toEqual(["error"]);
    expect((await api(null, "GET", "/api/overdue_refunds")).status).toBe(401);
  });
});
