/**
 * `npm run migrate:summary-keys`: affiliates stored before the advertiser list's keys existed get them
 * (owed_cents, risk_margin_cents, search_keys), stale keys are put right, correct ones are left alone; again,
 * it changes nothing. Each test has a project of its own in the emulator.
 */
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";
import { initializeApp } from "firebase-admin/app";
import { getFirestore, type Firestore } from "firebase-admin/firestore";
import { expect, test } from "vitest";
import { summaryKeysOf } from "../../functions/src/domain/summary-keys.ts";
import { migrateSummaryKeys } from "../../scripts/lib/summary-keys-migration.ts";
import { rootDir } from "../../scripts/lib/project.ts";

function project(name: string): { db: Firestore; id: string } {
  const id = `demo-keys-${name}-${randomUUID().slice(0, 8)}`;
  return { db: getFirestore(initializeApp({ projectId: id }, id)), id };
}

const figures = {
  total_earnings_cents: 50_000,
  total_refunded_cents: 2_000,
  total_payouts_cents: 60_000,
  total_sign_ups: 120,
};

/** Three affiliates: one from before the keys, one with a stale balance, one as the functions write it now. */
async function seed(db: Firestore): Promise<void> {
  await db.recursiveDelete(db.collection("affiliates"));
  const current = { uid: "carol", name: "Carol Current", email: "carol@test.example", ...figures };
  await Promise.all([
    db.doc("affiliates/alice").set({ uid: "alice", name: "Alice Old", email: "alice@test.example", ...figures }),
    db.doc("affiliates/bob").set({
      uid: "bob",
      name: "Bob Stale",
      email: "bob@test.example",
      ...figures,
      ...summaryKeysOf({ uid: "bob", name: "Bob Stale", email: "bob@test.example", ...figures }),
      owed_cents: 1,
    }),
    db.doc("affiliates/carol").set({ ...current, ...summaryKeysOf(current) }),
  ]);
}

const keysOf = async (db: Firestore, uid: string) => {
  const data = (await db.doc(`affiliates/${uid}`).get()).data()!;
  return { owed: data.owed_cents, margin: data.risk_margin_cents, keys: data.search_keys as string[] };
};

test("stores the missing and stale keys, a debt included, and a second run changes nothing", async () => {
  const { db } = project("effect");
  await seed(db);
  const carolBefore = (await db.doc("affiliates/carol").get()).updateTime;
  // Pages of two, so the run crosses pages.
  expect(await migrateSummaryKeys(db, { pageSize: 2 })).toEqual({ examined: 3, updated: 2 });
  for (const uid of ["alice", "bob"]) {
    const stored = await keysOf(db, uid);
    // $500 earned, $20 refunded, $600 paid: owes $120 back; $500 less $1 a sign-up for 120 sign-ups.
    expect(stored).toMatchObject({ owed: -12_000, margin: 38_000 });
    expect(stored.keys).toContain(uid);
  }
  expect((await keysOf(db, "alice")).keys).toContain("alice o");
  expect((await db.doc("affiliates/carol").get()).updateTime).toEqual(carolBefore);
  expect(await migrateSummaryKeys(db)).toEqual({ examined: 3, updated: 0 });
});

test("a dry run counts and writes nothing", async () => {
  const { db } = project("dry");
  await seed(db);
  expect(await migrateSummaryKeys(db, { dryRun: true })).toEqual({ examined: 3, updated: 2 });
  expect((await db.doc("affiliates/alice").get()).get("owed_cents")).toBeUndefined();
  expect((await keysOf(db, "bob")).owed).toBe(1);
});

test("the command migrates the project it names in the emulator, and refuses a bad flag", async () => {
  const run = promisify(execFile);
  const script = path.join(rootDir, "scripts", "migrate-summary-keys.ts");
  const { db, id } = project("cli");
  await seed(db);
  const dry = await run("node", [script, "--project", id, "--emulator", "--dry-run"]);
  expect(dry.stdout).toContain(`Would store the list keys of 2 of 3 affiliates in the emulator (${id}).`);
  const stored = await run("node", [script, "--project", id, "--emulator"]);
  expect(stored.stdout).toContain(`Stored the list keys of 2 of 3 affiliates in the emulator (${id}).`);
  expect((await keysOf(db, "alice")).owed).toBe(-12_000);
  const refused = await run("node", [script, "--project", id, "--emulator", "--everything"]).then(
    () => ({ code: 0, stderr: "" }),
    (error: { code: number; stderr: string }) => error,
  );
  expect(refused.code).toBe(2);
  expect(refused.stderr).toContain("Usage: npm run migrate:summary-keys");
});
