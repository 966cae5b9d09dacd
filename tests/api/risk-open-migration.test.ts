/**
 * `npm run migrate:risk-open`: open risk cases from before risk_open get their brief there, and a case that
 * only flags leaves its affiliate's own document; again, it changes nothing. Each test has a project of its
 * own in the emulator.
 */
import { randomUUID } from "node:crypto";
import { initializeApp } from "firebase-admin/app";
import { getFirestore, Timestamp, type Firestore } from "firebase-admin/firestore";
import { expect, test } from "vitest";
import { migrateRiskOpen } from "../../scripts/lib/risk-open-migration.ts";

function project(name: string): Firestore {
  const id = `demo-migrate-${name}-${randomUUID().slice(0, 8)}`;
  return getFirestore(initializeApp({ projectId: id }, id));
}

const openedAt = Timestamp.fromMillis(Date.parse("2026-11-20T09:00:00Z"));
const brief = (id: string, action: string) => ({ id, action, families: ["shared_destination"], opened_at: openedAt });
const riskCase = (uid: string, action: string, status = "open") => ({
  uid,
  status,
  action,
  families: ["shared_destination"],
  opened_at: openedAt,
  events: [],
  event_count: 1,
  resolution: null,
});

/** Every document of the collection, by id. */
async function all(db: Firestore, collection: string): Promise<Record<string, unknown>> {
  const { docs } = await db.collection(collection).get();
  return Object.fromEntries(docs.map((doc) => [doc.id, doc.data()]));
}

/**
 * Cases of every shape the migration meets: a flag and a hold named on their affiliates' documents (from
 * before the move), one whose brief a newer signal already wrote, and a resolved one (left alone).
 */
async function seedLegacyCases(db: Firestore): Promise<void> {
  await Promise.all(["risk_cases", "risk_open", "affiliates"].map((name) => db.recursiveDelete(db.collection(name))));
  await Promise.all([
    db.doc("risk_cases/c-flag").set(riskCase("ana", "flag")),
    db.doc("affiliates/ana").set({ name: "Ana", risk_case: brief("c-flag", "flag") }),
    db.doc("risk_cases/c-hold").set(riskCase("ben", "hold_new")),
    db.doc("affiliates/ben").set({ name: "Ben", risk_case: brief("c-hold", "hold_new") }),
    db.doc("risk_cases/c-new").set(riskCase("cy", "flag")),
    db.doc("risk_open/cy").set(brief("c-new", "flag")),
    db.doc("affiliates/cy").set({ name: "Cy", risk_case: null }),
    db.doc("risk_cases/c-done").set(riskCase("dee", "flag", "released")),
    db.doc("affiliates/dee").set({ name: "Dee", risk_case: null }),
  ]);
}

test("every open case gets its brief in risk_open, a flag leaves the affiliate's document, and a second run changes nothing", async () => {
  const db = project("risk-open");
  await seedLegacyCases(db);

  // Pages of two, so the run crosses pages.
  expect(await migrateRiskOpen(db, { pageSize: 2 })).toEqual({ examined: 3, written: 2, cleared: 1 });
  expect(await all(db, "risk_open")).toEqual({
    ana: brief("c-flag", "flag"),
    ben: brief("c-hold", "hold_new"),
    cy: brief("c-new", "flag"),
  });
  const affiliates = await all(db, "affiliates");
  expect(affiliates).toEqual({
    ana: { name: "Ana", risk_case: null },
    // A case that holds stays named: the ledger holds the affiliate's sales by it.
    ben: { name: "Ben", risk_case: brief("c-hold", "hold_new") },
    cy: { name: "Cy", risk_case: null },
    dee: { name: "Dee", risk_case: null },
  });

  expect(await migrateRiskOpen(db)).toEqual({ examined: 3, written: 0, cleared: 0 });
  expect(await all(db, "affiliates")).toEqual(affiliates);
});

test("a dry run counts and writes nothing", async () => {
  const db = project("risk-open-dry");
  await seedLegacyCases(db);
  const [open, affiliates] = await Promise.all([all(db, "risk_open"), all(db, "affiliates")]);
  expect(await migrateRiskOpen(db, { dryRun: true })).toEqual({ examined: 3, written: 2, cleared: 1 });
  expect(await all(db, "risk_open")).toEqual(open);
  expect(await all(db, "affiliates")).toEqual(affiliates);
});
