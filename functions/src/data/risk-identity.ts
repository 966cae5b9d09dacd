/**
 * Self-referral's two sides in Firestore (issue 33, domain/self-referral.ts): the affiliate's own
 * identifiers in risk_identity/{uid} (server-only), and the customer identifiers an event carries, each
 * reduced to a key with the HMAC-SHA256 the payout destinations' index uses, under the same secret salt
 * (data/payout-destinations.ts), so a payer's account gives the very key of the destination it is, and no
 * value is stored anywhere.
 */
import { createHash } from "node:crypto";
import type { DocumentData, Firestore, QueryDocumentSnapshot, Transaction } from "firebase-admin/firestore";
import type { AdvertiserId } from "../domain/advertisers.js";
import type { CustomerIdentifiers } from "../domain/customer-identifiers.js";
import { addressIdentity } from "../domain/ip-address.js";
import { deviceText } from "../domain/shared-device.js";
import { collections, reviveDates } from "../domain/model.js";
import { canonicalDestination } from "../domain/payout-destination.js";
import type { PayoutDetails } from "../domain/payout-details.js";
import {
  customerTexts,
  emailText,
  identityWithSession,
  normaliseEmail,
  type CustomerEvent,
  type RiskIdentityDoc,
} from "../domain/self-referral.js";
import { db, refs } from "./firestore.js";
import { destinationKey, destinationSalt } from "./payout-destinations.js";
import { readDeviceSighting, type SharedDevice } from "./sign-in-devices.js";

const converter = {
  toFirestore: (value: RiskIdentityDoc) => value as unknown as DocumentData,
  // A document that saving payout details started holds only the destination's key: the rest is empty.
  fromFirestore: (snapshot: QueryDocumentSnapshot): RiskIdentityDoc => ({
    email_key: null,
    destination_key: null,
    address_keys: [],
    customer_keys: [],
    devices: [],
    updated_at: new Date(0),
    ...reviveDates<Partial<RiskIdentityDoc>>(snapshot.data()),
  }),
};

/** risk_identity/{uid}, in the functions' Firestore or the one a migration names. */
export const identityRef = (uid: string, store: Firestore = db()) =>
  store.collection(collections.riskIdentity).withConverter(converter).doc(uid);

/** A canonical text's key: the payout destinations' HMAC under their salt. */
const keyOf = (text: string, salt = destinationSalt()): string => destinationKey(text, salt);

/** The key of each customer identifier sent (what the event record keeps, and what is matched). */
export function customerKeys(advertiser: AdvertiserId, ids: CustomerIdentifiers): CustomerIdentifiers {
  const salt = destinationSalt();
  return Object.fromEntries(
    Object.entries(customerTexts(advertiser, ids)).map(([kind, text]) => [kind, keyOf(text, salt)]),
  ) as CustomerIdentifiers;
}

/** An e-mail's key, as the advertiser's SHA-256 of it gives it (customer_email_sha256). */
const emailKey = (email: string, salt: string): string | null => {
  const normalised = normaliseEmail(email);
  if (normalised === "") return null;
  return keyOf(emailText(createHash("sha256").update(normalised).digest("hex")), salt);
};

/** The key of the payout destination `details` name (the destination index's own key), or null. */
export function ownDestinationKey(details: PayoutDetails, salt = destinationSalt()): string | null {
  const destination = canonicalDestination(details);
  return destination ? keyOf(destination.text, salt) : null;
}

/**
 * Saving payout details (in its transaction, after its reads): the identity names the new destination's key
 * at once, so a purchase paid from it matches from the next event on.
 */
export function stageOwnDestination(tx: Transaction, uid: string, details: PayoutDetails, now: Date): void {
  tx.set(
    identityRef(uid).withConverter(null),
    { destination_key: ownDestinationKey(details), updated_at: now },
    { merge: true },
  );
}

/** The identity document, or null when the affiliate has none yet. */
export async function readIdentity(uid: string, tx?: Transaction): Promise<RiskIdentityDoc | null> {
  const ref = identityRef(uid);
  return (await (tx ? tx.get(ref) : ref.get())).data() ?? null;
}

/** The salted key of the caller's sign-in device (the devices' index's key), or null without a public address. */
export function deviceKeyOf(origin: SessionOrigin): string | null {
  const device = deviceText(origin.address, origin.userAgent);
  return device ? keyOf(device) : null;
}

/** Where a dashboard session comes from: the caller's address and user agent. */
export interface SessionOrigin {
  address: string;
  userAgent?: string;
}

/**
 * Folds the affiliate's session into their identity: their sign-in e-mail and payout destination (from the
 * affiliate document already read), the address they came from and their device (address and user agent).
 * `identity` is what the caller read beside its own reads, so the usual call (nothing new) writes nothing and
 * reads nothing more; a change is written in a transaction that reads the document again, so two sessions at
 * once both land. A device new to the identity (or due again) is recorded in the devices' index in the same
 * transaction; answers the device when others were seen on it (the caller raises the signal).
 */
export async function keepIdentity(
  uid: string,
  affiliate: PayoutDetails & { email: string },
  origin: SessionOrigin,
  identity: RiskIdentityDoc | null,
  now: Date,
): Promise<SharedDevice | null> {
  const salt = destinationSalt();
  const addressText = addressIdentity(origin.address);
  const device = deviceText(origin.address, origin.userAgent);
  const session = {
    emailKey: emailKey(affiliate.email, salt),
    destinationKey: ownDestinationKey(affiliate, salt),
    addressKey: addressText ? keyOf(addressText, salt) : null,
    deviceKey: device ? keyOf(device, salt) : null,
  };
  if (!identityWithSession(identity, session, now)) return null;
  return db().runTransaction(async (tx) => {
    const next = identityWithSession(await readIdentity(uid, tx), session, now);
    if (!next) return null;
    const sighting = next.device ? await readDeviceSighting(tx, uid, session.deviceKey!, now) : null;
    tx.set(identityRef(uid), next.identity);
    sighting?.write();
    return sighting?.shared ?? null;
  });
}

/**
 * The sign-ups and sales received from `from` on that named their customer (their event records' keys), the
 * newest first, at most `limit` records read: records without customer identifiers count towards the bound
 * too (the (type, received_at desc) index finds them by type and time, not by what they carry).
 */
export async function customerEventsSince(
  from: Date,
  limit: number,
): Promise<{ events: (CustomerEvent & { uid: string })[]; reached: boolean }> {
  const found = await refs
    .events()
    .where("type", "in", ["sign_up", "sale"])
    .where("received_at", ">=", from)
    .orderBy("received_at", "desc")
    .limit(limit)
    .get();
  const events = found.docs.flatMap((doc) => {
    const record = doc.data();
    if (!record.customer || (record.type !== "sign_up" && record.type !== "sale")) return [];
    const { advertiser_id: advertiser, event_id: id, type, uid, received_at, customer } = record;
    return [{ advertiser, id, type, uid, received_at, customer }];
  });
  return { events, reached: found.size >= limit };
}

/** The identities of these affiliates, by uid (one batched read; an affiliate without one is left out). */
export async function identitiesOf(uids: readonly string[]): Promise<Map<string, RiskIdentityDoc>> {
  if (uids.length === 0) return new Map();
  const snapshots = await db().getAll(...uids.map((uid) => identityRef(uid)));
  return new Map(
    snapshots.flatMap((snapshot) =>
      snapshot.exists ? [[snapshot.id, snapshot.data() as RiskIdentityDoc] as const] : [],
    ),
  );
}
