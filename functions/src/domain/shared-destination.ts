/**
 * The signal "one person, several accounts" by payout destination (issue 33), as staff read it and as the
 * server-only index stores it: light, so the staff console loads it without the canonical forms' libraries
 * (payout-destination.ts).
 */
import { formatCountOf } from "./numbers.js";

/** What kind of destination is shared, as staff read it. */
export const destinationKinds = {
  wise: "Wise account",
  tron: "TRON address",
  bank: "bank account",
} as const;
export type DestinationKind = keyof typeof destinationKinds;

/** How many affiliates one destination's entry names; past it, the others are counted, not named. */
export const maxNamedPerDestination = 50;

/**
 * A payout destination's entry in the server-only index (payout_destinations/{salted hash of its text}):
 * never the destination itself, only who uses it.
 */
export interface PayoutDestinationDoc {
  kind: DestinationKind;
  /** The affiliates using it, in the order they came, at most maxNamedPerDestination. */
  uids: string[];
  /** How many more use it, past the cap (named in payout_destination_members only). */
  more: number;
  /** Whether two or more affiliates use it: the list of affiliates finds the shared ones by it. */
  shared: boolean;
  updated_at: Date;
}

/** Which entry an affiliate is in (payout_destination_members/{uid}), and whether it names them. */
export interface PayoutDestinationMemberDoc {
  key: string;
  kind: DestinationKind;
  named: boolean;
}

/** How many other affiliates use the destination of an entry the affiliate is in. */
export const othersSharing = (entry: Pick<PayoutDestinationDoc, "uids" | "more">): number =>
  Math.max(0, entry.uids.length + entry.more - 1);

/** The line staff read about an affiliate who shares a destination ("Shares a Wise account with 2 other affiliates"). */
export function sharedDestinationLine(others: number, kind?: DestinationKind): string {
  const what = kind ? `a ${destinationKinds[kind]}` : "a payout destination";
  return `Shares ${what} with ${formatCountOf(others, "other affiliate", "other affiliates")}`;
}

/** A new entry's start: nobody yet. */
const emptyEntry = (kind: DestinationKind, now: Date): PayoutDestinationDoc => ({
  kind,
  uids: [],
  more: 0,
  shared: false,
  updated_at: now,
});

const settled = (entry: PayoutDestinationDoc, now: Date): PayoutDestinationDoc => ({
  ...entry,
  shared: entry.uids.length + entry.more >= 2,
  updated_at: now,
});

/**
 * The entry with the affiliate in it (named while it names fewer than maxNamedPerDestination, else
 * counted in `more`), and whether it names them. An affiliate already named changes nothing.
 */
export function entryWith(
  entry: PayoutDestinationDoc | null,
  uid: string,
  kind: DestinationKind,
  now: Date,
): { entry: PayoutDestinationDoc; named: boolean } {
  if (entry?.uids.includes(uid)) return { entry, named: true };
  const current = entry ?? emptyEntry(kind, now);
  if (current.uids.length < maxNamedPerDestination) {
    return { entry: settled({ ...current, uids: [...current.uids, uid] }, now), named: true };
  }
  return { entry: settled({ ...current, more: current.more + 1 }, now), named: false };
}

/**
 * The entry without the affiliate, or null when nobody is left. `promoted` is an affiliate counted past
 * the cap, named in the place a named one leaves.
 */
export function entryWithout(
  entry: PayoutDestinationDoc,
  uid: string,
  named: boolean,
  promoted: string | null,
  now: Date,
): PayoutDestinationDoc | null {
  const uids = entry.uids.filter((other) => other !== uid);
  let more = named ? entry.more : Math.max(0, entry.more - 1);
  if (named && promoted !== null && more > 0) {
    uids.push(promoted);
    more -= 1;
  }
  return uids.length + more === 0 ? null : settled({ ...entry, uids, more }, now);
}
