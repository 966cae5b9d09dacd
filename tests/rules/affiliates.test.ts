import { collection, doc, getDocs, query, setDoc, where } from "firebase/firestore";
import { expect, test } from "vitest";
import { affiliate } from "../support/rules-factories.ts";
import { documentOperations, expectAccess, accessMatrix, useRulesSuite } from "../support/rules-matrix.ts";

const suite = useRulesSuite(import.meta.url, {
  "affiliates/alice": affiliate("alice"),
  "affiliates/bob": affiliate("bob"),
});

// List is the whole collection, unfiltered: even the owner may not, as it holds everyone's profile.
accessMatrix(
  suite,
  "affiliates/{uid}",
  documentOperations({
    collection: "affiliates",
    existingId: "alice",
    newId: "carol",
    create: affiliate("carol"),
    update: { commission_rate: 0.9, total_earnings_cents: 1_000_000 },
  }),
  {
    anonymous: { get: "deny", list: "deny", create: "deny", update: "deny", delete: "deny" },
    owner: { get: "allow", list: "deny", create: "deny", update: "deny", delete: "deny" },
    otherAffiliate: { get: "deny", list: "deny", create: "deny", update: "deny", delete: "deny" },
    staff: { get: "allow", list: "allow", create: "deny", update: "deny", delete: "deny" },
    admin: { get: "allow", list: "allow", create: "deny", update: "deny", delete: "deny" },
  },
);

test("affiliates: another affiliate cannot list the collection", async () => {
  await expectAccess("deny", getDocs(collection(suite.as("otherAffiliate"), "affiliates")));
});

test('affiliates: another affiliate cannot query where uid == "alice"', async () => {
  const db = suite.as("otherAffiliate");
  await expectAccess("deny", getDocs(query(collection(db, "affiliates"), where("uid", "==", "alice"))));
});

test("affiliates: staff listing the collection see every affiliate", async () => {
  const snapshot = await getDocs(collection(suite.as("staff"), "affiliates"));
  expect(snapshot.docs.map((d) => d.id).sort()).toEqual(["alice", "bob"]);
});

test("affiliates: a newly signed-in user cannot create their own profile", async () => {
  const db = suite.signedInAs("carol");
  await expectAccess("deny", setDoc(doc(db, "affiliates", "carol"), affiliate("carol", { commission_rate: 1 })));
});
