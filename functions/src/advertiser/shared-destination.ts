/**
 * GET /api/shared_payout_destination (issue 33, "one person, several accounts"): the affiliates who use the
 * same payout destination as one affiliate, named for staff, from the server-only index that saving payout
 * details keeps (data/payout-destinations.ts). Read when a card opens, never per row of the list.
 */
import type { SharedPayoutDestination } from "../contract/advertiser.js";
import { othersSharing } from "../domain/shared-destination.js";
import { db, refs } from "../data/firestore.js";
import { destinationEntryOf } from "../data/payout-destinations.js";

export async function loadSharedDestination(uid: string): Promise<SharedPayoutDestination> {
  const none = { user_id: uid, kind: null, others: [], more: 0 };
  const found = await destinationEntryOf(uid);
  if (!found || othersSharing(found.entry) === 0) return none;
  const named = found.entry.uids.filter((other) => other !== uid);
  // Names and e-mails only: one batched read of the others named (at most the entry's cap).
  const affiliates =
    named.length === 0
      ? []
      : await db().getAll(...named.map((other) => refs.affiliate(other)), { fieldMask: ["name", "email"] });
  const others = affiliates.flatMap((snapshot) => {
    const affiliate = snapshot.data();
    return affiliate ? [{ user_id: snapshot.id, name: affiliate.name, email: affiliate.email }] : [];
  });
  return { user_id: uid, kind: found.member.kind, others, more: othersSharing(found.entry) - others.length };
}
