/**
 * The server-only index of who signs in from each device (issue 33, "one person, several accounts";
 * domain/shared-device.ts): sign_in_devices/{key}, keyed by an HMAC-SHA256 of the device's canonical text
 * (address and user agent) under PAYOUT_DESTINATION_SALT, never the address or the user agent, naming the
 * affiliates seen on it and when. No client reads it (firestore.rules); staff see the signal in the Risk
 * section. Only a dashboard session on a device new to the affiliate (data/risk-identity.ts) and the
 * simulation touch it: neither a click nor an event does.
 */
import type { DocumentData, QueryDocumentSnapshot, Transaction } from "firebase-admin/firestore";
import { collections, reviveDates } from "../domain/model.js";
import { deviceEntryWith, seenLately, type SignInDeviceDoc } from "../domain/shared-device.js";
import { db } from "./firestore.js";

const converter = {
  toFirestore: (value: SignInDeviceDoc) => value as unknown as DocumentData,
  fromFirestore: (snapshot: QueryDocumentSnapshot) => reviveDates<SignInDeviceDoc>(snapshot.data()),
};

const devices = () => db().collection(collections.signInDevices).withConverter(converter);

/** A device the affiliate has just joined that others were seen on within the window: its key and those others. */
export interface SharedDevice {
  key: string;
  others: string[];
}

/**
 * Reads, in `tx`, the device's entry, and answers the write that records the affiliate seen on it now (for
 * the caller to make after its other reads) and the device shared with others, if it is. Two affiliates on
 * one device at once both end up in its entry: each transaction reads it, so one runs again on the other's
 * write, and the second sees the first.
 */
export async function readDeviceSighting(
  tx: Transaction,
  uid: string,
  key: string,
  now: Date,
): Promise<{ write(): void; shared: SharedDevice | null }> {
  const ref = devices().doc(key);
  const { entry, others } = deviceEntryWith((await tx.get(ref)).data() ?? null, uid, now);
  return {
    write: () => tx.set(ref, entry),
    shared: others.length > 0 ? { key, others } : null,
  };
}

/** Whether `uid` signed in lately from the device of key `key` (a recruit link's self-recruiting check, issue 34). */
export async function seenOnDevice(key: string, uid: string, now: Date): Promise<boolean> {
  return seenLately((await devices().doc(key).get()).data() ?? null, uid, now);
}

/**
 * The entries of devices two or more affiliates were seen on, at most `limit` read, the most lately changed
 * first (the (shared, updated_at desc) index), with their keys: what simulating the shared-device rule replays.
 */
export async function sharedDeviceEntries(
  limit: number,
): Promise<{ entries: { key: string; entry: SignInDeviceDoc }[]; reached: boolean }> {
  const found = await devices().where("shared", "==", true).orderBy("updated_at", "desc").limit(limit).get();
  return { entries: found.docs.map((doc) => ({ key: doc.id, entry: doc.data() })), reached: found.size >= limit };
}
