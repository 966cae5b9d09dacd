/**
 * Self-referral (issue 33): the buyer is the affiliate. The advertiser's customer identifiers
 * (customer-identifiers.ts) are compared with the affiliate's own: their sign-in e-mail, their payout
 * destination and the addresses they used the dashboard from. Both sides are reduced to one canonical text
 * per identifier here, then hashed with the same salted HMAC (data/risk-identity.ts), so equal things give
 * equal keys and no value is ever stored. Server-side only (it loads ibantools through the IBAN check).
 */
import type { AdvertiserId } from "./advertisers.js";
import {
  identifierKinds,
  identifierLabels,
  type CustomerIdentifiers,
  type IdentifierKind,
} from "./customer-identifiers.js";
import { dayKey, type DayKey } from "./days.js";
import { addressIdentity } from "./ip-address.js";
import { normaliseIban } from "./iban-format.js";
import { isIban } from "./iban.js";
import { normaliseTronAddress, normaliseWiseEmail } from "./payout-destination.js";
import type { RiskAction } from "./risk-rules.js";
import type { RiskSignal } from "./risk.js";
import { deviceDue, devicesWith, type IdentityDevice } from "./shared-device.js";

/** How many of the affiliate's addresses their identity keeps (the newest first seen). */
export const maxIdentityAddresses = 10;
/** How many customer ids found to be the affiliate's their identity keeps (the newest). */
export const maxIdentityCustomers = 20;

/**
 * risk_identity/{uid} (server-only): the affiliate's own identifiers, each a salted key, never a value.
 * `customer_keys` are customer ids an advertiser sent with a purchase that matched the affiliate by another
 * identifier: a renewal that names only the customer id still matches.
 */
export interface RiskIdentityDoc {
  email_key: string | null;
  destination_key: string | null;
  /** Oldest first; at most maxIdentityAddresses. */
  address_keys: string[];
  /** Oldest first; at most maxIdentityCustomers. */
  customer_keys: string[];
  /** The sign-in devices (shared-device.ts), each with when it was last recorded; oldest first, at most maxIdentityDevices. */
  devices: IdentityDevice[];
  updated_at: Date;
}

/** An e-mail as advertisers hash it for customer_email_sha256: trimmed, lower case. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

/** The canonical text of an e-mail's SHA-256 (hex), whoever hashed it. */
export const emailText = (sha256Hex: string): string => `email:${sha256Hex.toLowerCase()}`;

const tronAddress = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;
const emailLike = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * A payment fingerprint's canonical text: the payer's account written as a payout destination is
 * (payout-destination.ts: `iban:`, `tron:`, `wise:`), so a customer paying from the affiliate's own bank
 * account, wallet or Wise account gives the key of the affiliate's payout destination; anything else (a card
 * processor's fingerprint) is kept as sent, trimmed.
 */
export function paymentText(fingerprint: string): string {
  const text = fingerprint.trim();
  const iban = normaliseIban(text);
  if (/^[A-Z]{2}\d{2}/.test(iban) && isIban(iban)) return `iban:${iban}`;
  if (tronAddress.test(normaliseTronAddress(text))) return `tron:${normaliseTronAddress(text)}`;
  if (emailLike.test(text)) return `wise:${normaliseWiseEmail(text)}`;
  return `payment:${text}`;
}

/**
 * The canonical text of each identifier sent. A customer id is the advertiser's own, so it is scoped to the
 * advertiser: another advertiser's customer with the same id is someone else.
 */
export function customerTexts(advertiser: AdvertiserId, ids: CustomerIdentifiers): CustomerIdentifiers {
  const texts: CustomerIdentifiers = {};
  if (ids.customer_id !== undefined) texts.customer_id = `customer:${advertiser}:${ids.customer_id}`;
  if (ids.customer_email_sha256 !== undefined) texts.customer_email_sha256 = emailText(ids.customer_email_sha256);
  const address = ids.customer_ip === undefined ? null : addressIdentity(ids.customer_ip);
  if (address) texts.customer_ip = address;
  if (ids.payment_fingerprint !== undefined) texts.payment_fingerprint = paymentText(ids.payment_fingerprint);
  return texts;
}

/** Which of the customer's keys are the affiliate's own, in identifierKinds' order. */
export function matchedKinds(customer: CustomerIdentifiers, identity: RiskIdentityDoc | null): IdentifierKind[] {
  if (!identity) return [];
  const own: Record<IdentifierKind, (key: string) => boolean> = {
    customer_id: (key) => identity.customer_keys.includes(key),
    customer_email_sha256: (key) => key === identity.email_key,
    customer_ip: (key) => identity.address_keys.includes(key),
    payment_fingerprint: (key) => key === identity.destination_key,
  };
  return identifierKinds.filter((kind) => customer[kind] !== undefined && own[kind](customer[kind]));
}

const emptyIdentity = (now: Date): RiskIdentityDoc => ({
  email_key: null,
  destination_key: null,
  address_keys: [],
  customer_keys: [],
  devices: [],
  updated_at: now,
});

/** `keys` with `key` added as the newest, at most `max` kept. */
const withNewest = (keys: readonly string[], key: string, max: number): string[] =>
  [...keys.filter((kept) => kept !== key), key].slice(-max);

/** What a dashboard session says of the affiliate, each as its key (null: nothing to say). */
export interface SessionKeys {
  emailKey: string | null;
  destinationKey: string | null;
  addressKey: string | null;
  /** The sign-in device (shared-device.ts). */
  deviceKey: string | null;
}

/**
 * The identity with the affiliate's session folded in (their sign-in e-mail, their payout destination, the
 * address they came from, their device), or null when it already says all that (nothing to write: the usual
 * dashboard load). An address already kept is not moved: the list is the newest addresses first seen. A
 * device is recorded when new to the identity or due again (shared-device.ts deviceDue); `device` says whether
 * this one is, for the caller to record it in the devices' index too.
 */
export function identityWithSession(
  identity: RiskIdentityDoc | null,
  session: SessionKeys,
  now: Date,
): { identity: RiskIdentityDoc; device: boolean } | null {
  const current = identity ?? emptyIdentity(now);
  const newAddress = session.addressKey !== null && !current.address_keys.includes(session.addressKey);
  const device = session.deviceKey !== null && deviceDue(current.devices, session.deviceKey, now);
  const same =
    identity !== null &&
    current.email_key === session.emailKey &&
    current.destination_key === session.destinationKey &&
    !newAddress &&
    !device;
  if (same) return null;
  return {
    identity: {
      ...current,
      email_key: session.emailKey,
      destination_key: session.destinationKey,
      address_keys: newAddress
        ? withNewest(current.address_keys, session.addressKey!, maxIdentityAddresses)
        : current.address_keys,
      devices: device ? devicesWith(current.devices, session.deviceKey!, now) : current.devices,
      updated_at: now,
    },
    device,
  };
}

/** The identity with a customer id learnt to be the affiliate's, or null when it is known already. */
export function identityWithCustomer(identity: RiskIdentityDoc | null, key: string, now: Date): RiskIdentityDoc | null {
  const current = identity ?? emptyIdentity(now);
  if (current.customer_keys.includes(key)) return null;
  return { ...current, customer_keys: withNewest(current.customer_keys, key, maxIdentityCustomers), updated_at: now };
}

/** "e-mail and IP address" */
function kindsInWords(kinds: readonly IdentifierKind[]): string {
  const words = kinds.map((kind) => identifierLabels[kind]);
  return words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)!}`;
}

/**
 * The self-referral signal of a sign-up or sale whose customer matched the affiliate: keyed by the event, so
 * each matching conversion is one event in the case; the evidence names the conversion and the kinds of
 * identifier that matched, never a value.
 */
export function selfReferralSignal(
  event: { advertiser: AdvertiserId; id: string; type: "sign_up" | "sale" },
  kinds: readonly IdentifierKind[],
  action: RiskAction,
): RiskSignal {
  const what = event.type === "sale" ? `Sale ${event.id}` : `Sign-up ${event.id}`;
  const plural = kinds.length > 1 ? "match" : "matches";
  return {
    key: `self_referral:${event.advertiser}:${event.id}`,
    family: "self_referral",
    action,
    evidence: {
      detail: `${what} (${event.advertiser}): the customer's ${kindsInWords(kinds)} ${plural} the affiliate's own.`,
      ...(event.type === "sale" ? { sale_id: event.id } : {}),
      event_id: event.id,
      identifier_kinds: [...kinds],
    },
  };
}

/** A sign-up or sale as its event record keeps it, with its customer's keys (what the simulation reads). */
export interface CustomerEvent {
  advertiser: AdvertiserId;
  id: string;
  type: "sign_up" | "sale";
  received_at: Date;
  customer: CustomerIdentifiers;
}

/**
 * What the rule would have raised for an affiliate over their sign-ups and sales (any order), matched against
 * `identity`: the signal of the first that matches, and its day; null when none does. The identity is the one
 * stored now, so a conversion is matched with what is known of the affiliate today.
 */
export function firstSelfReferral(
  events: readonly CustomerEvent[],
  identity: RiskIdentityDoc | null,
  action: RiskAction,
): { signal: RiskSignal; since: DayKey } | null {
  const oldestFirst = [...events].sort((a, b) => a.received_at.getTime() - b.received_at.getTime());
  for (const event of oldestFirst) {
    const kinds = matchedKinds(event.customer, identity);
    if (kinds.length > 0) return { signal: selfReferralSignal(event, kinds, action), since: dayKey(event.received_at) };
  }
  return null;
}
