/**
 * An advertiser's postback integration (issue 18), server-only: integrations/{advertiser} holds the tokens
 * its platform authenticates postbacks with, and integrations/{advertiser}/postbacks the log of what was
 * received (staff read it through the API, on the integration page).
 *
 * Tokens are read on every postback (one read; postbacks come per conversion, not per click), so a rotation
 * or a revocation takes effect on every instance at once.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import type { AdvertiserId } from "../domain/advertisers.js";
import { dayMs } from "../domain/days.js";
import type { PostbackOutcome, ReceivedPostbackView } from "../domain/inbound-postback.js";
import { collections } from "../domain/model.js";
import { ApiError } from "../errors.js";
import { db } from "./firestore.js";

/** How long a rotated-out token keeps working, so the platform can be switched over without losing postbacks. */
export const tokenGraceDays = 7;
/** How long a received postback stays in the log (the page shows the newest 100). */
const logKeptDays = 30;
/** How many received postbacks the integration page shows. */
export const postbackLogShown = 100;

export interface PostbackToken {
  token: string;
  created_at: Date;
  /** The staff member who made it. */
  created_by: string;
  /** Null for the current token; a rotated-out one stops working then. */
  expires_at: Date | null;
}

export interface IntegrationDoc {
  /** Newest first: the first is the current token. */
  tokens: PostbackToken[];
  /** The click staff can send test conversions against (a click marked test, crediting nobody). */
  test_click_id: string | null;
}

/** integrations/{advertiser}/postbacks/{id}: one received, authenticated postback and what came of it. */
export interface PostbackLogEntry extends Omit<ReceivedPostbackView, "id" | "received_at"> {
  received_at: Date;
  expire_at: Date;
}

const integrationRef = (advertiser: AdvertiserId) => db().collection(collections.integrations).doc(advertiser);
const logRef = (advertiser: AdvertiserId) => integrationRef(advertiser).collection("postbacks");

function revive(data: FirebaseFirestore.DocumentData | undefined): IntegrationDoc {
  const toDate = (value: unknown) =>
    value && typeof (value as { toDate?: unknown }).toDate === "function"
      ? (value as { toDate(): Date }).toDate()
      : (value as Date | null);
  return {
    tokens: ((data?.tokens as Record<string, unknown>[] | undefined) ?? []).map((token) => ({
      token: String(token.token),
      created_at: toDate(token.created_at)!,
      created_by: String(token.created_by ?? ""),
      expires_at: toDate(token.expires_at ?? null),
    })),
    test_click_id: (data?.test_click_id as string | undefined) ?? null,
  };
}

export async function loadIntegration(advertiser: AdvertiserId): Promise<IntegrationDoc> {
  return revive((await integrationRef(advertiser).get()).data());
}

/** The tokens still working at `now`, newest first. */
export function liveTokens(integration: IntegrationDoc, now: Date): PostbackToken[] {
  return integration.tokens.filter((token) => token.expires_at === null || token.expires_at.getTime() > now.getTime());
}

/** Whether `given` is one of the advertiser's working tokens (compared in constant time). */
export async function isPostbackToken(advertiser: AdvertiserId, given: string, now: Date): Promise<boolean> {
  const wanted = Buffer.from(given);
  return liveTokens(await loadIntegration(advertiser), now).some((token) => {
    const stored = Buffer.from(token.token);
    return stored.length === wanted.length && timingSafeEqual(stored, wanted);
  });
}

/** A new token: 256 random bits, URL-safe, with a prefix that says what it is when it turns up in a log. */
function newToken(): string {
  return `pbt_${randomBytes(32).toString("base64url")}`;
}

/**
 * Makes a new current token. The one it replaces keeps working for `tokenGraceDays` (two work at once
 * during a rotation); any older one stops now, so at most two ever work.
 */
export async function rotateToken(advertiser: AdvertiserId, by: string, now: Date): Promise<IntegrationDoc> {
  const updated = await db().runTransaction(async (tx) => {
    const current = revive((await tx.get(integrationRef(advertiser))).data());
    const [previous] = liveTokens(current, now);
    const tokens: PostbackToken[] = [
      { token: newToken(), created_at: now, created_by: by, expires_at: null },
      ...(previous
        ? [{ ...previous, expires_at: previous.expires_at ?? new Date(now.getTime() + tokenGraceDays * dayMs) }]
        : []),
    ];
    tx.set(integrationRef(advertiser), { tokens }, { merge: true });
    return { ...current, tokens };
  });
  return updated;
}

/** Stops a token now. The last working token cannot be revoked: rotate first. */
export async function revokeToken(advertiser: AdvertiserId, token: string, now: Date): Promise<IntegrationDoc> {
  const updated = await db().runTransaction(async (tx) => {
    const current = revive((await tx.get(integrationRef(advertiser))).data());
    const live = liveTokens(current, now);
    if (!live.some((entry) => entry.token === token)) {
      throw new ApiError("not_found", "That token is not one of this advertiser's working tokens.");
    }
    if (live.length === 1) {
      throw new ApiError("conflict", "This is the only working token: rotate to make a new one before revoking it.");
    }
    const tokens = live.filter((entry) => entry.token !== token);
    tx.set(integrationRef(advertiser), { tokens }, { merge: true });
    return { ...current, tokens };
  });
  return updated;
}

export async function setTestClick(advertiser: AdvertiserId, clickId: string): Promise<void> {
  await integrationRef(advertiser).set({ test_click_id: clickId }, { merge: true });
}

/** Adds a received postback to the advertiser's log. */
export async function logPostback(
  advertiser: AdvertiserId,
  entry: Omit<PostbackLogEntry, "expire_at">,
  /** The entry's id: a new one unless given (the demo data gives its own, to stay the same run to run). */
  id?: string,
): Promise<string> {
  const ref = id ? logRef(advertiser).doc(id) : logRef(advertiser).doc();
  await ref.set({ ...entry, expire_at: new Date(entry.received_at.getTime() + logKeptDays * dayMs) });
  return ref.id;
}

/** The newest received postbacks, newest first. */
export async function recentPostbacks(
  advertiser: AdvertiserId,
): Promise<(Omit<PostbackLogEntry, "expire_at"> & { id: string })[]> {
  const snapshot = await logRef(advertiser).orderBy("received_at", "desc").limit(postbackLogShown).get();
  return snapshot.docs.map((doc) => {
    const data = doc.data();
    return {
      id: doc.id,
      received_at: (data.received_at as { toDate(): Date }).toDate(),
      method: String(data.method),
      event: (data.event as string | null) ?? null,
      transaction_id: (data.transaction_id as string | null) ?? null,
      click_id: (data.click_id as string | null) ?? null,
      amount: (data.amount as string | null) ?? null,
      status: Number(data.status),
      outcome: data.outcome as PostbackOutcome,
      reason: (data.reason as string | null) ?? null,
    };
  });
}
