/**
 * `npm run migrate:payout-audit`: payouts stored before the recorder moved to payout_audit lose their
 * `recorded_by` (a staff member's uid and e-mail, which their affiliate could read) and keep it in
 * payout_audit; again, it changes nothing. Each test has a project of its own in the emulator.
 */
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";
import { initializeApp } from "firebase-admin/app";
import { getFirestore, Timestamp, type Firestore } from "firebase-admin/firestore";
import { expect, test } from "vitest";
import { migratePayoutAudit } from "../../scripts/lib/payout-audit-migration.ts";
import { rootDir } from "../../scripts/lib/project.ts";

function project(name: string): { db: Firestore; id: string } {
  const id = `demo-migrate-${name}-${randomUUID().slice(0, 8)}`;
  return { db: getFirestore(initializeApp({ projectId: id }, id)), id };
}

const requestedAt = Timestamp.fromMillis(Date.parse("2026-10-02T09:00:00Z"));
const paidAt = Timestamp.fromMillis(Date.parse("2026-10-05T17:30:00Z"));
const sam = { uid: "staff-sam", email: "sam@staff.example" };
const ada = { uid: "staff-ada", email: "ada@staff.example" };

/** A payout as the functions stored it: paid (recorded by `recorder`) or pending (`recorded_by: null`). */
function payout(uid: string, recorder: typeof sam | null, overrides: Record<string, unknown> = {}) {
  return {
    uid,
    amount_cents: 24_000,
    status: recorder ? "paid" : "pending",
    method: "Wise",
    requested_at: requestedAt,
    paid_at: recorder ? paidAt : null,
    recorded_by: recorder,
    invoice: { invoice_number: "INV", amount_cents: 24_000, payee: { name: uid } },
    ...overrides,
  };
}

/** Every document of the collection, by id. */
async function all(db: Firestore, collection: string): Promise<Record<string, unknown>> {
  const { docs } = await db.collection(collection).get();
  return Object.fromEntries(docs.map((doc) => [doc.id, doc.data()]));
}

/**
 * Five payouts of every shape the migration meets: recorded before the move (two), pending from before it,
 * recorded after it (its audit entry already written, no field), and recorded before the move but with an
 * audit entry already (a run stopped half-way): that entry is kept.
 */
async function seedLegacyPayouts(db: Firestore): Promise<void> {
  // The emulator shows every project the data npm test imported (the demo's payouts and their audit
  // entries): each test's project starts from empty collections of its own.
  await Promise.all([db.recursiveDelete(db.collection("payouts")), db.recursiveDelete(db.collection("payout_audit"))]);
  const { recorded_by: _, ...recordedAfter } = payout("dana", null, { status: "paid", paid_at: paidAt });
  await Promise.all([
    db.doc("payouts/INV-2026-000001").set(payout("alice", sam)),
    db.doc("payouts/INV-2026-000002").set(payout("bob", ada, { paid_at: null })),
    db.doc("payouts/INV-2026-000003").set(payout("carol", null)),
    db.doc("payouts/INV-2026-000004").set(recordedAfter),
    db.doc("payout_audit/INV-2026-000004").set({ recorded_by: ada, recorded_at: paidAt }),
    db.doc("payouts/INV-2026-000005").set(payout("erin", sam)),
    db.doc("payout_audit/INV-2026-000005").set({ recorded_by: ada, recorded_at: paidAt }),
  ]);
}

test("moves every recorder into payout_audit, leaves payouts naming no staff, and a second run changes nothing", async () => {
  const { db } = project("effect");
  await seedLegacyPayouts(db);
  const payoutsBefore = await all(db, "payouts");

  // Pages of two, so the run crosses pages.
  expect(await migratePayoutAudit(db, { pageSize: 2 })).toEqual({ examined: 5, moved: 3, cleared: 1 });

  const payouts = await all(db, "payouts");
  for (const [id, before] of Object.entries(payoutsBefore)) {
    const { recorded_by: _, ...rest } = before as Record<string, unknown>;
    expect(payouts[id]).toEqual(rest);
    expect(JSON.stringify(payouts[id])).not.toMatch(/staff/);
  }
  expect(await all(db, "payout_audit")).toEqual({
    "INV-2026-000001": { recorded_by: sam, recorded_at: paidAt },
    // Recorded without a payment time: the request's stands in.
    "INV-2026-000002": { recorded_by: ada, recorded_at: requestedAt },
    "INV-2026-000004": { recorded_by: ada, recorded_at: paidAt },
    "INV-2026-000005": { recorded_by: ada, recorded_at: paidAt },
  });

  const auditAfter = await all(db, "payout_audit");
  expect(await migratePayoutAudit(db)).toEqual({ examined: 5, moved: 0, cleared: 0 });
  expect(await all(db, "payouts")).toEqual(payouts);
  expect(await all(db, "payout_audit")).toEqual(auditAfter);
});

test("a dry run counts and writes nothing", async () => {
  const { db } = project("dry");
  await seedLegacyPayouts(db);
  const [payouts, audit] = await Promise.all([all(db, "payouts"), all(db, "payout_audit")]);
  expect(await migratePayoutAudit(db, { dryRun: true })).toEqual({ examined: 5, moved: 3, cleared: 1 });
  expect(await all(db, "payouts")).toEqual(payouts);
  expect(await all(db, "payout_audit")).toEqual(audit);
});

test("the command migrates the project it names in the emulator, and refuses a bad flag", async () => {
  const run = promisify(execFile);
  const script = path.join(rootDir, "scripts", "migrate-payout-audit.ts");
  const { db, id } = project("cli");
  await seedLegacyPayouts(db);

  const dry = await run("node", [script, "--project", id, "--emulator", "--dry-run"]);
  expect(dry.stdout).toContain(
    `Would move the recorder of 3 payouts into payout_audit and clear 1 empty recorded_by fields, of 5 payouts in the emulator (${id}).`,
  );
  const moved = await run("node", [script, "--project", id, "--emulator"]);
  expect(moved.stdout).toContain(
    `Moved the recorder of 3 payouts into payout_audit and cleared 1 empty recorded_by fields, of 5 payouts in the emulator (${id}).`,
  );
  expect((await db.doc("payouts/INV-2026-000001").get()).get("recorded_by")).toBeUndefined();

  const refused = await run("node", [script, "--project", id, "--emulator", "--everything"]).then(
    () => ({ code: 0, stderr: "" }),
    (error: { code: number; stderr: string }) => error,
  );
  expect(refused.code).toBe(2);
  expect(refused.stderr).toContain("Usage: npm run migrate:payout-audit");
});
