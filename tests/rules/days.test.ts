import { collection, collectionGroup, getDocs } from "firebase/firestore";
import { test } from "vitest";
import { affiliate, clickShard, day, delivery } from "../support/rules-factories.ts";
import { documentOperations, expectAccess, accessMatrix, useRulesSuite } from "../support/rules-matrix.ts";

// Per-affiliate subcollections (two of figures, and the postback delivery log), readable exactly like the
// affiliate document itself.
const subcollections = [
  { name: "days", id: "{yyyy-mm-dd}", existingId: "2026-11-20", newId: "2026-11-21", make: () => day("2026-11-20") },
  { name: "click_shards", id: "{shard}", existingId: "0", newId: "1", make: () => clickShard() },
  { name: "postback_deliveries", id: "{delivery}", existingId: "d1", newId: "d2", make: () => delivery() },
];

const suite = useRulesSuite(import.meta.url, {
  "affiliates/alice": affiliate("alice"),
  "affiliates/bob": affiliate("bob"),
  ...Object.fromEntries(
    subcollections.flatMap(({ name, existingId, make }) => [
      [`affiliates/alice/${name}/${existingId}`, make()],
      [`affiliates/bob/${name}/${existingId}`, make()],
    ]),
  ),
});

for (const { name, id, existingId, newId, make } of subcollections) {
  accessMatrix(
    suite,
    `affiliates/{uid}/${name}/${id}`,
    documentOperations({
      collection: `affiliates/alice/${name}`,
      existingId,
      newId,
      create: { ...make(), clicks: 1_000_000 },
      update: { clicks: 1_000_000 },
    }),
    {
      anonymous: { get: "deny", list: "deny", create: "deny", update: "deny", delete: "deny" },
      owner: { get: "allow", list: "allow", create: "deny", update: "deny", delete: "deny" },
      otherAffiliate: { get: "deny", list: "deny", create: "deny", update: "deny", delete: "deny" },
      staff: { get: "allow", list: "allow", create: "deny", update: "deny", delete: "deny" },
      admin: { get: "allow", list: "allow", create: "deny", update: "deny", delete: "deny" },
    },
  );

  test(`${name}: another affiliate cannot query alice's ${name}`, async () => {
    await expectAccess("deny", getDocs(collection(suite.as("otherAffiliate"), `affiliates/alice/${name}`)));
  });

  test(`collectionGroup("${name}"): another affiliate cannot query everyone's ${name}`, async () => {
    await expectAccess("deny", getDocs(collectionGroup(suite.as("otherAffiliate"), name)));
  });
}
