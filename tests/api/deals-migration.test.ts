/**
 * `npm run migrate:deals`: an affiliate flagged custom_terms gets the deal the flag meant (their own rates for
 * every advertiser, for every sale, no end), audited as a migration, and the flag is cleared; the others are
 * left alone; again, it changes nothing. Each test has a project of its own in the emulator.
 */
import { randomUUID } from "node:crypto";
import { initializeApp } from "firebase-admin/app";
import { getFirestore, Timestamp, type Firestore } from "firebase-admin/firestore";
import { expect, test } from "vitest";
import { migrateDeals, migratedReason } from "../../scripts/lib/deals-migration.ts";

function project(name: string): Firestore {
  const id = `demo-migrate-${name}-${randomUUID().slice(0, 8)}`;
  return getFirestore(initializeApp({ projectId: id }, id));
}

const epoch = Timestamp.fromMillis(0);
const rates = { commission_rate: 0.7, repeat_rates: { "1": 0.2 } };

async function seed(db: Firestore): Promise<void> {
  await Promise.all([
    db.doc("affiliates/flagged").set({ uid: "flagged", custom_terms: true, ...rates }),
    db.doc("affiliates/plain").set({ uid: "plain", custom_terms: false, commission_rate: 0.6, repeat_rates: {} }),
    // A deal set by hand since, with the flag left on: the deal is kept, the flag cleared, nothing audited.
    db.doc("affiliates/dealt").set({
      uid: "dealt",
      custom_terms: true,
      ...rates,
      deal: { rates: {}, hold_days: 3, minimum_payout_cents: null, starts_at: epoch, ends_at: null },
    }),
  ]);
}

test("custom_terms becomes the deal it meant, audited, and a second run changes nothing", async () => {
  const db = project("deals");
  await seed(db);
  const now = new Date("2026-11-27T08:00:00Z");
  expect(await migrateDeals(db, { dryRun: true, now })).toEqual({ examined: 2, migrated: 1 });
  expect((await db.doc("affiliates/flagged").get()).get("custom_terms")).toBe(true);

  expect(await migrateDeals(db, { now, pageSize: 1 })).toEqual({ examined: 2, migrated: 1 });
  const deal = {
    rates: { promptchan: rates, cutechat: rates, creategirls: rates },
    hold_days: null,
    minimum_payout_cents: null,
    starts_at: epoch,
    ends_at: null,
  };
  expect((await db.doc("affiliates/flagged").get()).data()).toEqual({
    uid: "flagged",
    custom_terms: false,
    ...rates,
    deal,
  });
  expect((await db.doc("affiliates/plain").get()).data()).toEqual({
    uid: "plain",
    custom_terms: false,
    commission_rate: 0.6,
    repeat_rates: {},
  });
  expect((await db.doc("affiliates/dealt").get()).data()).toMatchObject({
    custom_terms: false,
    deal: { hold_days: 3 },
  });
  const audits = (await db.collection("deal_audit").get()).docs.map((doc) => doc.data());
  expect(audits).toEqual([
    { uid: "flagged", deal, previous: null, reason: migratedReason, by: null, at: Timestamp.fromDate(now) },
  ]);

  expect(await migrateDeals(db, { now })).toEqual({ examined: 0, migrated: 0 });
  expect((await db.collection("deal_audit").get()).size).toBe(1);
});
