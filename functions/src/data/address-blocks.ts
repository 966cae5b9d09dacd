/**
 * Sign-ups by address block (issue 33, domain/address-blocks.ts) in Firestore: one small document per
 * affiliate, UTC day and block, affiliates/{uid}/days/{day}/address_blocks/{key} (server-only), where the key
 * is the block's text (domain/ip-address.ts's addressBlock) under the HMAC and salt the customer identifiers
 * use (data/risk-identity.ts): no address, nor block, is stored. The ledger adds each sign-up that names its
 * customer's address with a blind increment in the event's own transaction, so a retried or concurrent copy
 * of the event (a duplicate by its record) never counts twice, and the event reads nothing more. The daily
 * look finds the busy blocks by a collection-group query on (date, sign_ups), and an affiliate's by
 * (uid, date, sign_ups): indexes in firestore.indexes.json.
 */
import { FieldValue, type Transaction } from "firebase-admin/firestore";
import { blockDaysKept, minBlockSignUps } from "../domain/address-blocks.js";
import { dayMs, type DayKey } from "../domain/days.js";
import { addressBlock } from "../domain/ip-address.js";
import { collections } from "../domain/model.js";
import { db, refs } from "./firestore.js";
import { destinationKey, destinationSalt } from "./payout-destinations.js";
import { affiliatesWithDated, daysPerQuery, type FoundAffiliates } from "./risk-days.js";

/** The most block documents one affiliate's measure reads (each a block of at least minBlockSignUps in a day). */
export const maxBlocksPerAffiliate = 1_000;

/** The salted key of the block `address` is in, or null for what is not an address. */
export function addressBlockKey(address: string): string | null {
  const block = addressBlock(address);
  return block ? destinationKey(block, destinationSalt()) : null;
}

/**
 * Adds one sign-up to the affiliate's block on `day`, in the caller's transaction (after its reads): no read.
 * A TTL policy on `expire_at` deletes the count blockDaysKept days after the day.
 */
export function stageBlockSignUp(tx: Transaction, uid: string, day: DayKey, key: string): void {
  const expire_at = new Date(Date.parse(`${day}T00:00:00Z`) + blockDaysKept * dayMs);
  tx.set(
    refs.days(uid).doc(day).collection(collections.addressBlocks).doc(key),
    { uid, date: day, sign_ups: FieldValue.increment(1), expire_at },
    { merge: true },
  );
}

/** The affiliates with a block of at least minBlockSignUps sign-ups on any of `days`, at most `limit` read. */
export const affiliatesWithBusyBlocks = (days: readonly DayKey[], limit: number): Promise<FoundAffiliates> =>
  affiliatesWithDated(collections.addressBlocks, "sign_ups", minBlockSignUps, days, limit);

/**
 * The sign-ups of the affiliate's busiest block on each of `days` that had one of at least minBlockSignUps,
 * at most maxBlocksPerAffiliate block documents read (the newest days first).
 */
export async function busiestBlocksOf(uid: string, days: readonly DayKey[]): Promise<Record<DayKey, number>> {
  const busiest: Record<DayKey, number> = {};
  let read = 0;
  for (let end = days.length; end > 0 && read < maxBlocksPerAffiliate; end -= daysPerQuery) {
    const found = await db()
      .collectionGroup(collections.addressBlocks)
      .where("uid", "==", uid)
      .where("date", "in", days.slice(Math.max(0, end - daysPerQuery), end))
      .where("sign_ups", ">=", minBlockSignUps)
      .select("date", "sign_ups")
      .limit(maxBlocksPerAffiliate - read)
      .get();
    read += found.size;
    for (const doc of found.docs) {
      const { date, sign_ups } = doc.data() as { date: DayKey; sign_ups: number };
      busiest[date] = Math.max(busiest[date] ?? 0, sign_ups);
    }
  }
  return busiest;
}
