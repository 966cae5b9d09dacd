import { collection, getDocs, query, where } from "firebase/firestore";
import { test } from "vitest";
import { payout } from "../support/rules-factories.ts";
import {
  documentOperations,
  expectAccess,
  accessMatrix,
  useRulesSuite,
  type ClientDb,
} from "../support/rules-matrix.ts";

const suite = useRulesSuite(import.meta.url, {
  "payouts/p-alice": payout("alice"),
  "payouts/p-bob": payout("bob", { amount_cents: 5000, status: "paid" }),
});

const payoutsOf = (db: ClientDb, uid: string) => query(collection(db, "payouts"), where("uid", "==", uid));

// An affiliate may list payouts only by asking for their own (where uid == their uid); "list" here is
// the unfiltered collection, which holds everyone's.
accessMatrix(
  suite,
  "payouts/{payoutId}",
  {
    ...documentOperations({
      collection: "payouts",
      existingId: "p-alice",
      newId: "p-new",
      create: payout("alice", { amount_cents: 1_000_000 }),
      update: { status: "paid" },
    }),
    'list where uid == "alice"': (db) => getDocs(payoutsOf(db, "alice")),
  },
  {
    anonymous: {
      get: "deny",
      list: "deny",
      'list where uid == "alice"': "deny",
      create: "deny",
      update: "deny",
      delete: "deny",
    },
    owner: {
      get: "allow",
      list: "deny",
      'list where uid == "alice"': "allow",
      create: "deny",
      update: "deny",
      delete: "deny",
    },
    otherAffiliate: {
      get: "deny",
      list: "deny",
      'list where uid == "alice"': "deny",
      create: "deny",
      update: "deny",
      delete: "deny",
    },
    staff: {
      get: "allow",
      list: "allow",
      'list where uid == "alice"': "allow",
      create: "deny",
      update: "deny",
      delete: "deny",
    },
    admin: {
      get: "allow",
      list: "allow",
      'list where uid == "alice"': "allow",
      create: "deny",
      update: "deny",
      delete: "deny",
    },
  },
);

test("payouts: an affiliate cannot list payouts without a uid filter", async () => {
  await expectAccess("deny", getDocs(collection(suite.as("owner"), "payouts")));
  await expectAccess("deny", getDocs(collection(suite.as("otherAffiliate"), "payouts")));
});

test('payouts: bob cannot list payouts where uid == "alice"', async () => {
  await expectAccess("deny", getDocs(payoutsOf(suite.as("otherAffiliate"), "alice")));
});

test('payouts: bob can list payouts where uid == "bob"', async () => {
  await expectAccess("allow", getDocs(payoutsOf(suite.as("otherAffiliate"), "bob")));
});

test("payouts: an affiliate cannot filter on another field to reach others' payouts", async () => {
  const pending = query(collection(suite.as("otherAffiliate"), "payouts"), where("status", "==", "pending"));
  await expectAccess("deny", getDocs(pending));
});
