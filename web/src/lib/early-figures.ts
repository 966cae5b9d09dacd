/**
 * A first visit's dashboard figures before the Firebase SDKs have loaded (issue 32, item 19).
 *
 * On a phone that has not shown the dashboard yet there are no last-seen figures (lib/last-seen-figures.ts),
 * and the live ones used to wait for some 300 KB of script: the Auth and Firestore SDKs, parsed on a slow
 * CPU, then the listen channel's round trips. Yet the browser already holds what a read needs: Firebase
 * Auth keeps the signed-in user, with a current ID token, in its IndexedDB store. So the islands script
 * (islands.ts) starts this module as the shell paints: it reads that token and asks Firestore's REST API for
 * the affiliate's document and click shards, the two reads the dashboard's listener makes, under the same
 * security rules (the token is the affiliate's own). The dashboard shows the figures they make at once;
 * reactfire's listener takes over when it answers and keeps them live.
 *
 * Nothing happens when there is no such user or the token is near its end (Auth then refreshes it as
 * usual); any failure leaves the dashboard to the listener alone, as before.
 */
import { collections } from "@domain/model";
import type { AppEnv } from "../config/env";

/** What the early reads returned: raw document data, revived and computed with by the dashboard. */
export interface EarlyDashboard {
  uid: string;
  /** The affiliate document's fields; null when there is no such document (not an affiliate yet). */
  affiliate: Record<string, unknown> | null;
  shards: Record<string, unknown>[];
}

declare global {
  interface Window {
    /** Set by the islands script on /dashboard, read by the dashboard (features/dashboard/early-dashboard.ts). */
    earlyDashboard?: Promise<EarlyDashboard | undefined>;
  }
}

/** A token this close to its end is left to Auth to refresh. */
const tokenMarginMs = 60_000;
/** The early reads give up after this: the listener is on its way by then. */
const earlyReadTimeoutMs = 8_000;

/**
 * Firebase Auth's record of the signed-in user at this browser (browser persistence: IndexedDB database
 * "firebaseLocalStorageDb", store "firebaseLocalStorage", keyed "firebase:authUser:<api key>:[DEFAULT]").
 */
export function persistedUser(apiKey: string): Promise<unknown> {
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      request = indexedDB.open("firebaseLocalStorageDb");
    } catch {
      return resolve(undefined);
    }
    // Never create the database: that is Auth's to do, with its own schema.
    request.onupgradeneeded = () => {
      request.transaction?.abort();
      resolve(undefined);
    };
    request.onerror = () => resolve(undefined);
    request.onsuccess = () => {
      const db = request.result;
      try {
        const get = db
          .transaction("firebaseLocalStorage", "readonly")
          .objectStore("firebaseLocalStorage")
          .get(`firebase:authUser:${apiKey}:[DEFAULT]`);
        get.onsuccess = () => resolve((get.result as { value?: unknown } | undefined)?.value);
        get.onerror = () => resolve(undefined);
      } catch {
        resolve(undefined);
      } finally {
        db.close();
      }
    };
  });
}

/** The uid and a current ID token from Auth's record, or undefined. */
export function currentToken(record: unknown, now: number): { uid: string; token: string } | undefined {
  const user = record as { uid?: unknown; stsTokenManager?: { accessToken?: unknown; expirationTime?: unknown } };
  const uid = user?.uid;
  const token = user?.stsTokenManager?.accessToken;
  const expires = user?.stsTokenManager?.expirationTime;
  if (typeof uid !== "string" || !uid || typeof token !== "string" || !token || typeof expires !== "number") {
    return undefined;
  }
  return expires - tokenMarginMs > now ? { uid, token } : undefined;
}

/** Firestore's REST root for the project's documents: the emulator's when the app uses the emulators. */
export function documentsUrl(config: AppEnv): string {
  const origin = config.emulators
    ? `http://${config.emulators.firestoreHost}:${config.emulators.firestorePort}`
    : "https://firestore.googleapis.com";
  return `${origin}/v1/projects/${encodeURIComponent(config.firebase.projectId)}/databases/(default)/documents`;
}

/** A Firestore REST API value (google.firestore.v1.Value) as JSON. */
export type RestValue = {
  nullValue?: null;
  booleanValue?: boolean;
  integerValue?: string;
  doubleValue?: number | string;
  timestampValue?: string;
  stringValue?: string;
  bytesValue?: string;
  referenceValue?: string;
  geoPointValue?: { latitude?: number; longitude?: number };
  arrayValue?: { values?: RestValue[] };
  mapValue?: { fields?: Record<string, RestValue> };
};

/**
 * A REST value as the SDK would give it, with Dates for timestamps (what the web's revivers make of the
 * SDK's Timestamps). Integers beyond 2^53 lose precision as they do in the SDK's numbers.
 */
export function decodeValue(value: RestValue): unknown {
  if ("mapValue" in value) return decodeFields(value.mapValue?.fields);
  if ("arrayValue" in value) return (value.arrayValue?.values ?? []).map(decodeValue);
  if ("integerValue" in value) return Number(value.integerValue);
  if ("doubleValue" in value) return Number(value.doubleValue);
  if ("timestampValue" in value) return new Date(value.timestampValue!);
  if ("stringValue" in value) return value.stringValue;
  if ("booleanValue" in value) return value.booleanValue;
  if ("referenceValue" in value) return value.referenceValue;
  if ("bytesValue" in value) return value.bytesValue;
  if ("geoPointValue" in value) return { ...value.geoPointValue };
  return null;
}

export function decodeFields(fields: Record<string, RestValue> | undefined): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields ?? {}).map(([name, value]) => [name, decodeValue(value)]));
}

interface RestDocument {
  fields?: Record<string, RestValue>;
}

/**
 * The affiliate's document and click shards, read as the signed-in affiliate; undefined when there is no
 * usable session here or a read fails.
 */
export async function readEarlyDashboard(config: AppEnv, now = Date.now()): Promise<EarlyDashboard | undefined> {
  const session = currentToken(await persistedUser(config.firebase.apiKey), now);
  if (!session) return undefined;
  const signal = AbortSignal.timeout(earlyReadTimeoutMs);
  const headers = { Authorization: `Bearer ${session.token}` };
  const documents = documentsUrl(config);
  const affiliatePath = `${collections.affiliates}/${encodeURIComponent(session.uid)}`;
  const affiliateName = `${documents.slice(documents.indexOf("projects/"))}/${affiliatePath}`;
  try {
    const [affiliate, shards] = await Promise.all([
      // batchGet answers a missing document (a new account, staff) with 200 and "missing", where a get
      // answers 404, which the browser reports in the console as a failed load.
      fetch(`${documents}:batchGet`, {
        method: "POST",
        headers: { ...headers, "Content-Type": "application/json" },
        body: JSON.stringify({ documents: [affiliateName] }),
        signal,
      }),
      fetch(`${documents}/${affiliatePath}/${collections.clickShards}?pageSize=100`, { headers, signal }),
    ]);
    if (!affiliate.ok || !shards.ok) return undefined;
    const [found] = (await affiliate.json()) as { found?: RestDocument; missing?: string }[];
    const shardList = (await shards.json()) as { documents?: RestDocument[]; nextPageToken?: string };
    // More shards than one page holds: the listener's figures, not a partial sum.
    if (!found || shardList.nextPageToken) return undefined;
    return {
      uid: session.uid,
      affiliate: found.found ? decodeFields(found.found.fields) : null,
      shards: (shardList.documents ?? []).map((shard) => decodeFields(shard.fields)),
    };
  } catch {
    return undefined;
  }
}
