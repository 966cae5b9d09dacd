/**
 * A revoked role ends in the rules at once: `npm run roles -- revoke` records when (role_revocations/{uid}),
 * and a staff or admin claim counts only in a token signed in since then, as Firebase Auth itself decides
 * whether a token is revoked. Tokens here carry their sign-in time (auth_time, in seconds) explicitly.
 */
import { collection, doc, getDoc, getDocs, query, where } from "firebase/firestore";
import { describe, test } from "vitest";
import { affiliate, event, payout } from "../support/rules-factories.ts";
import { expectAccess, useRulesSuite, type ClientDb } from "../support/rules-matrix.ts";

const revokedAt = 1_790_000_000;

const suite = useRulesSuite(import.meta.url, {
  "affiliates/alice": affiliate("alice"),
  "payouts/p-1": payout("alice"),
  "events/e-1": event(),
  "role_revocations/rex": { revoked_at: revokedAt },
  "role_revocations/ada2": { revoked_at: revokedAt },
  // Revoked once; alice is an affiliate, so only her own documents were ever hers.
  "role_revocations/alice": { revoked_at: revokedAt },
});

/** What staff can read, each as one request. */
const staffReads: [string, (db: ClientDb) => Promise<unknown>][] = [
  ["get an affiliate", (db) => getDoc(doc(db, "affiliates", "alice"))],
  ["list the affiliates", (db) => getDocs(collection(db, "affiliates"))],
  ["get a payout", (db) => getDoc(doc(db, "payouts", "p-1"))],
  ["get an event", (db) => getDoc(doc(db, "events", "e-1"))],
];

describe.each([
  ["staff", "rex", { advertiser: true }],
  ["admin", "ada2", { admin: true }],
])("a revoked %s", (_role, uid, claims) => {
  test.each(staffReads)("signed in before the revoke, cannot %s", async (_what, read) => {
    await expectAccess("deny", read(suite.signedInAs(uid, { ...claims, auth_time: revokedAt - 1 })));
  });

  test.each(staffReads)("signed in since the revoke (granted again), can %s", async (_what, read) => {
    await expectAccess("allow", read(suite.signedInAs(uid, { ...claims, auth_time: revokedAt })));
  });
});

test("staff whose role was never revoked read as before, whatever their sign-in time", async () => {
  await expectAccess(
    "allow",
    getDoc(doc(suite.signedInAs("sue", { advertiser: true, auth_time: 1 }), "affiliates", "alice")),
  );
});

test("an affiliate's own reads do not depend on revocations", async () => {
  const db = suite.signedInAs("alice", { auth_time: revokedAt - 1 });
  await expectAccess("allow", getDoc(doc(db, "affiliates", "alice")));
  await expectAccess("allow", getDocs(query(collection(db, "payouts"), where("uid", "==", "alice"))));
});
