/**
 * The server-only index of who uses each payout destination (issue 33, "one person, several accounts"),
 * kept in the transaction that saves an affiliate's payout details: payout_destinations/{key}, keyed by an
 * HMAC-SHA256 of the destination's canonical text under PAYOUT_DESTINATION_SALT (never the destination),
 * naming the affiliates who use it; payout_destination_members/{uid}, the entry each affiliate is in. No
 * client reads either (firestore.rules); staff see the signal through the API. Only saving payout details
 * and staff's reads touch them: neither a click nor an event does.
 */
import { createHmac } from "node:crypto";
import type { DocumentData, Firestore, QueryDocumentSnapshot, Transaction } from "firebase-admin/firestore";
import { payoutDestinationSalt } from "../config.js";
import { collections, reviveDates } from "../domain/model.js";
import { canonicalDestination } from "../domain/payout-destination.js";
import type { PayoutDetails } from "../domain/payout-details.js";
import {
  entryWith,
  entryWithout,
  othersSharing,
  type DestinationKind,
  type PayoutDestinationDoc,
  type PayoutDestinationMemberDoc,
} from "../domain/shared-destination.js";
import { db, inFilterChunks } from "./firestore.js";

const typed = <T extends object>() => ({
  toFirestore: (value: T) => value as DocumentData,
  fromFirestore: (snapshot: QueryDocumentSnapshot) => reviveDates<T>(snapshot.data()),
});

// `store`: the functions' Firestore, or the one a migration names (scripts/lib/payout-destinations-migration.ts).
const entriesIn = (store: Firestore) =>
  store.collection(collections.payoutDestinations).withConverter(typed<PayoutDestinationDoc>());
const membersIn = (store: Firestore) =>
  store.collection(collections.payoutDestinationMembers).withConverter(typed<PayoutDestinationMemberDoc>());

/** The salt in force: the secret's value, refused when empty (an unsalted hash of an e-mail is guessable). */
export function destinationSalt(): string {
  const salt = payoutDestinationSalt.value();
  if (salt === "") throw new Error("PAYOUT_DESTINATION_SALT is not set.");
  return salt;
}

/** A destination's key in the index: the hex HMAC-SHA256 of its canonical text under the salt. */
export function destinationKey(text: string, salt: string): string {
  return createHmac("sha256", salt).update(text).digest("hex");
}

/**
 * Reads, in `tx`, what putting the affiliate under the destination of `details` needs (null: under none),
 * and answers the writes that do it, for the caller to make once all its own reads are done (a
 * transaction reads before it writes). Saving the same destination again writes nothing. Two affiliates
 * saving one destination at once both end up in its entry: each transaction reads the entry, so one of
 * them runs again on the other's write.
 */
export async function readDestinationMove(
  tx: Transaction,
  uid: string,
  details: PayoutDetails | null,
  now: Date,
  { salt = destinationSalt(), store = db() }: { salt?: string; store?: Firestore } = {},
): Promise<{ changes: boolean; write(): void; shared: SharedDestination | null }> {
  const target = details ? canonicalDestination(details) : null;
  const key = target ? destinationKey(target.text, salt) : null;
  const entries = entriesIn(store);
  const members = membersIn(store);
  const memberRef = members.doc(uid);
  const member = (await tx.get(memberRef)).data() ?? null;
  if ((member?.key ?? null) === key) return { changes: false, write: () => undefined, shared: null };

  const [left, joined] = await Promise.all([
    member ? tx.get(entries.doc(member.key)) : null,
    key ? tx.get(entries.doc(key)) : null,
  ]);
  const leftEntry = left?.data() ?? null;
  // A named affiliate leaving an entry that counts others past the cap names one of them instead.
  const promoted =
    member?.named && leftEntry && leftEntry.more > 0
      ? ((await tx.get(members.where("key", "==", member.key).where("named", "==", false).limit(1))).docs[0]?.id ??
        null)
      : null;

  const others = joined?.data()?.uids.filter((other) => other !== uid) ?? [];
  return {
    changes: true,
    // What the risk signal of a shared destination needs (data/risk-cases.ts), raised once this commits.
    shared: key && target && others.length > 0 ? { key, kind: target.kind, others } : null,
    write() {
      if (member && leftEntry) {
        const after = entryWithout(leftEntry, uid, member.named, promoted, now);
        if (after) tx.set(entries.doc(member.key), after);
        else tx.delete(entries.doc(member.key));
        if (promoted !== null) tx.update(members.doc(promoted), { named: true });
      }
      if (key && target) {
        const { entry, named } = entryWith(joined?.data() ?? null, uid, target.kind, now);
        tx.set(entries.doc(key), entry);
        tx.set(memberRef, { key, kind: target.kind, named });
      } else {
        tx.delete(memberRef);
      }
    },
  };
}

/** A destination the affiliate has just joined that others use: the entry's key, kind and the others named. */
export interface SharedDestination {
  key: string;
  kind: DestinationKind;
  others: string[];
}

/**
 * For the affiliates of a page of the staff list, how many others use the same payout destination, for
 * those who share one: one query per 30 affiliates, reading only the shared entries that name them (not
 * a read per row), through the (shared, uids) index in firestore.indexes.json. An affiliate counted past an
 * entry's cap is not named there, so not found here.
 */
export async function sharingCounts(uids: readonly string[]): Promise<Record<string, number>> {
  const answers = await Promise.all(
    inFilterChunks(uids).map((chunk) =>
      entriesIn(db()).where("shared", "==", true).where("uids", "array-contains-any", chunk).get(),
    ),
  );
  const wanted = new Set(uids);
  const counts: Record<string, number> = {};
  for (const entry of answers.flatMap((answer) => answer.docs.map((doc) => doc.data()))) {
    for (const uid of entry.uids) if (wanted.has(uid)) counts[uid] = othersSharing(entry);
  }
  return counts;
}

/** The entry an affiliate is in, with the affiliate's own place in it, or null when they are in none. */
export async function destinationEntryOf(
  uid: string,
): Promise<{ entry: PayoutDestinationDoc; member: PayoutDestinationMemberDoc } | null> {
  const member = (await membersIn(db()).doc(uid).get()).data();
  if (!member) return null;
  const entry = (await entriesIn(db()).doc(member.key).get()).data();
  return entry ? { entry, member } : null;
}

/** Every affiliate the index has an entry for (the migration looks for those whose account is gone). */
export async function indexedMembers(store: Firestore = db()): Promise<string[]> {
  return (await membersIn(store).select().get()).docs.map((doc) => doc.id);
}

/**
 * The entries of destinations two or more affiliates use, at most `limit` read, the most lately changed first
 * (the (shared, updated_at desc) index), with their keys: what simulating the shared-destination rule replays.
 */
export async function sharedEntries(
  limit: number,
): Promise<{ entries: { key: string; entry: PayoutDestinationDoc }[]; reached: boolean }> {
  const found = await entriesIn(db()).where("shared", "==", true).orderBy("updated_at", "desc").limit(limit).get();
  return { entries: found.docs.map((doc) => ({ key: doc.id, entry: doc.data() })), reached: found.size >= limit };
}
