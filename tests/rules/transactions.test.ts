import { collection, collectionGroup, getDocs, query, where } from "firebase/firestore";
import { test } from "vitest";
import { affiliate, transaction } from "../support/rules-factories.ts";
import { documentOperations, expectAccess, accessMatrix, useRulesSuite } from "../support/rules-matrix.ts";

const suite = useRulesSuite(import.meta.url, {
  "affiliates/alice": affiliate("alice"),
  "affiliates/alice/transactions/t-1": transaction(),
  "affiliates/bob": affiliate("bob"),
  "affiliates/bob/transactions/t-2": transaction({ advertiser_id: "cutechat" }),
});

accessMatrix(
  suite,
  "affiliates/{uid}/transactions/{id}",
  documentOperations({
    collection: "affiliates/alice/transactions",
    existingId: "t-1",
    newId: "t-new",
    create: transaction({ earnings_cents: 1_000_000 }),
    update: { refunded: true },
  }),
  {
    anonymous: { get: "deny", list: "deny", create: "deny", update: "deny", delete: "deny" },
    owner: { get: "allow", list: "allow", create: "deny", update: "deny", delete: "deny" },
    otherAffiliate: { get: "deny", list: "deny", create: "deny", update: "deny", delete: "deny" },
    staff: { get: "allow", list: "allow", create: "deny", update: "deny", delete: "deny" },
    admin: { get: "allow", list: "allow", create: "deny", update: "deny", delete: "deny" },
  },
);

test("transactions: another affiliate cannot query alice's transactions", async () => {
  const db = suite.as("otherAffiliate");
  await expectAccess("deny", getDocs(collection(db, "affiliates/alice/transactions")));
  const sales = query(collection(db, "affiliates/alice/transactions"), where("type", "==", "sale"));
  await expectAccess("deny", getDocs(sales));
});

test("transactions: another affiliate can query their own transactions", async () => {
  await expectAccess("allow", getDocs(collection(suite.as("otherAffiliate"), "affiliates/bob/transactions")));
});

// A collection group query is judged by rules matching /{path=**}/transactions/{id}; firestore.rules only
// matches the nested path /affiliates/{uid}/transactions/{id}, so the catch-all refuses it for everyone,
// staff and admin included.
test('collectionGroup("transactions"): another affiliate cannot query everyone\'s transactions', async () => {
  await expectAccess("deny", getDocs(collectionGroup(suite.as("otherAffiliate"), "transactions")));
});

test('collectionGroup("transactions"): the owner cannot query it either', async () => {
  await expectAccess("deny", getDocs(collectionGroup(suite.as("owner"), "transactions")));
});

test('collectionGroup("transactions"): staff cannot query it (no rule matches the group)', async () => {
  await expectAccess("deny", getDocs(collectionGroup(suite.as("staff"), "transactions")));
});

test('collectionGroup("transactions"): admin cannot query it (no rule matches the group)', async () => {
  await expectAccess("deny", getDocs(collectionGroup(suite.as("admin"), "transactions")));
});
