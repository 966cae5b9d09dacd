/**
 * The indexes of "one person, several accounts" (issue 33), shared payout destinations and sign-in devices,
 * are server-only: no client reads or writes them, not the affiliates they name (the signal is for staff,
 * through the API), not even staff or the admin, whose console asks GET /api/shared_payout_destination and
 * the Risk section instead. Their documents are shaped as the functions write them, naming the owner, so a
 * rule keyed on a uid in them would show here.
 */
import { query, where, collection, getDocs } from "firebase/firestore";
import { test } from "vitest";
import { serverDoc } from "../support/rules-factories.ts";
import {
  accessMatrix,
  documentOperations,
  expectAccess,
  otherAffiliateUid,
  ownerUid,
  noClientAccess,
  useRulesSuite,
} from "../support/rules-matrix.ts";

const key = "5f0c".repeat(16);

const suite = useRulesSuite(import.meta.url, {
  [`payout_destinations/${key}`]: serverDoc({
    kind: "wise",
    uids: [ownerUid, otherAffiliateUid],
    more: 0,
    shared: true,
  }),
  [`payout_destination_members/${ownerUid}`]: serverDoc({ key, kind: "wise", named: true }),
  [`payout_destination_members/${otherAffiliateUid}`]: serverDoc({ key, kind: "wise", named: true }),
  [`sign_in_devices/${key}`]: serverDoc({
    seen: [
      { uid: ownerUid, at: new Date("2026-11-20T10:00:00Z") },
      { uid: otherAffiliateUid, at: new Date("2026-11-21T10:00:00Z") },
    ],
    shared: true,
  }),
});

accessMatrix(
  suite,
  "payout_destinations/{key}",
  documentOperations({
    collection: "payout_destinations",
    existingId: key,
    newId: "a".repeat(64),
    create: serverDoc({ kind: "wise", uids: [ownerUid], more: 0, shared: false }),
    update: { uids: [ownerUid] },
  }),
  noClientAccess,
);

// The owner's own entry, keyed by their uid: still not theirs to read.
accessMatrix(
  suite,
  "payout_destination_members/{uid}",
  documentOperations({
    collection: "payout_destination_members",
    existingId: ownerUid,
    newId: "carol",
    create: serverDoc({ key, kind: "wise", named: true }),
    update: { key: "b".repeat(64) },
  }),
  noClientAccess,
);

// Who signs in from each device: keyed by a salted hash of the address and user agent, naming the affiliates.
accessMatrix(
  suite,
  "sign_in_devices/{key}",
  documentOperations({
    collection: "sign_in_devices",
    existingId: key,
    newId: "c".repeat(64),
    create: serverDoc({ seen: [{ uid: ownerUid, at: new Date("2026-11-22T10:00:00Z") }], shared: false }),
    update: { seen: [] },
  }),
  noClientAccess,
);

test("an affiliate cannot find the entries that name them", async () => {
  const named = query(collection(suite.as("owner"), "payout_destinations"), where("uids", "array-contains", ownerUid));
  await expectAccess("deny", getDocs(named));
});
