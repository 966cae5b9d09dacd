/**
 * The dashboard's figures as this device last saw them live (issue 32, item 19): a returning affiliate's
 * dashboard shows them at once, marked "Last seen … — updating…", until the live ones arrive, instead of
 * waiting seconds on a phone for Auth and Firestore. Only the cards' figures are kept (no name, address or
 * payout details), in local storage under the affiliate's uid, and only for the person Auth last said is
 * signed in here: Auth's answer removes every other uid's (lib/auth.tsx), and signing out removes all.
 */
import { sessionHintAttribute } from "./session-hint";

/** What SPEC.md §2's Last 7 Days and All Time cards show, in cents and counts. */
export interface DashboardFigures {
  lastSevenDays: { earnings_cents: number; sign_ups: number; clicks: number; sales: number };
  allTime: {
    balance_cents: number;
    total_earnings_cents: number;
    total_payouts_cents: number;
    total_sign_ups: number;
    total_clicks: number;
    /** Clicks by bots and headless browsers (issue 33); absent from figures kept before they were counted. */
    total_filtered_clicks?: number;
    /** Of them, those from datacenters (issue 33); absent from figures kept before they were counted. */
    total_datacenter_clicks?: number;
    total_sales: number;
    total_refunds: number;
    total_refunded_cents: number;
  };
}

/** Figures as shown: live, or the last ones seen here (and when), until the live ones come. */
export type ShownFigures =
  { figures: DashboardFigures; stale: false } | { figures: DashboardFigures; stale: true; savedAt: number | null };

interface Stored {
  uid: string;
  savedAt: number;
  figures: DashboardFigures;
}

const prefix = "lastSeenFigures:";
const keyOf = (uid: string) => `${prefix}${uid}`;

const counts = (value: unknown, names: string[]): boolean =>
  typeof value === "object" &&
  value !== null &&
  names.every((name) => Number.isSafeInteger((value as Record<string, unknown>)[name]));

const optionalCount = (value: unknown): boolean => value === undefined || Number.isSafeInteger(value);

/** A stored entry, or undefined when it is missing or not in the shape this build writes. */
function parse(text: string | null, uid: string): Stored | undefined {
  if (!text) return undefined;
  try {
    const stored = JSON.parse(text) as Stored;
    const ok =
      stored.uid === uid &&
      Number.isSafeInteger(stored.savedAt) &&
      counts(stored.figures?.lastSevenDays, ["earnings_cents", "sign_ups", "clicks", "sales"]) &&
      counts(stored.figures?.allTime, [
        "balance_cents",
        "total_earnings_cents",
        "total_payouts_cents",
        "total_sign_ups",
        "total_clicks",
        "total_sales",
        "total_refunds",
        "total_refunded_cents",
      ]) &&
      optionalCount(stored.figures.allTime.total_filtered_clicks) &&
      optionalCount(stored.figures.allTime.total_datacenter_clicks);
    return ok ? stored : undefined;
  } catch {
    return undefined;
  }
}

/** Every uid with figures kept here. */
function keptUids(): string[] {
  const uids: string[] = [];
  for (let index = 0; index < window.localStorage.length; index++) {
    const key = window.localStorage.key(index);
    if (key?.startsWith(prefix)) uids.push(key.slice(prefix.length));
  }
  return uids;
}

/** Storage blocked (some private windows): nothing is kept, and the dashboard waits for the live figures. */
function quietly<T>(work: () => T, otherwise: T): T {
  try {
    return work();
  } catch {
    return otherwise;
  }
}

/** Keeps `figures` as the last `uid` saw live, at `now`. */
export function saveLastSeen(uid: string, figures: DashboardFigures, now = Date.now()): void {
  const stored: Stored = { uid, savedAt: now, figures };
  quietly(() => window.localStorage.setItem(keyOf(uid), JSON.stringify(stored)), undefined);
}

/** The figures `uid` last saw live here, marked stale with when, or undefined. */
export function lastSeenOf(uid: string): ShownFigures | undefined {
  const stored = quietly(() => parse(window.localStorage.getItem(keyOf(uid)), uid), undefined);
  return stored ? { figures: stored.figures, stale: true, savedAt: stored.savedAt } : undefined;
}

/**
 * Before Auth has answered: the figures of the one person whose figures are kept here, if the session hint
 * says someone is still signed in (Auth has removed everyone else's, so they are the person it will
 * restore). Nothing when the hint is off or more than one uid is kept.
 */
export function lastSeenBeforeAuth(): (ShownFigures & { uid: string }) | undefined {
  if (!document.documentElement.hasAttribute(sessionHintAttribute)) return undefined;
  const uids = quietly(keptUids, []);
  if (uids.length !== 1) return undefined;
  const shown = lastSeenOf(uids[0]!);
  return shown ? { ...shown, uid: uids[0]! } : undefined;
}

/** Removes the figures kept for everyone (signed out), or for everyone but `uid` (who Auth says is here). */
export function forgetLastSeen(exceptUid?: string): void {
  quietly(() => {
    for (const uid of keptUids()) if (uid !== exceptUid) window.localStorage.removeItem(keyOf(uid));
  }, undefined);
}
