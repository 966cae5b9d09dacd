import { initializeApp } from "firebase/app";
import type { Auth } from "firebase/auth";
import type { Firestore } from "firebase/firestore";
import { config } from "../config";
import { startTokenSync } from "./token-sync";

/** The one Firebase app. Auth and Firestore load on demand, so public pages paint before either SDK. */
export const firebaseApp = initializeApp(config.firebase);

let auth: Promise<Auth> | undefined;
let firestore: Promise<Firestore> | undefined;

export function loadAuth(): Promise<Auth> {
  auth ??= import("firebase/auth").then(({ getAuth, connectAuthEmulator }) => {
    const instance = getAuth(firebaseApp);
    if (config.emulators) connectAuthEmulator(instance, config.emulators.authUrl, { disableWarnings: true });
    startTokenSync(instance, config.tokenSyncUrl);
    return instance;
  });
  return auth;
}

/**
 * Firestore with its persistent local cache (IndexedDB, shared by the site's tabs): a returning affiliate's
 * dashboard paints their last known figures from the cache at once, then the live ones as they come
 * (issue 20). Signing out clears it (clearFirestoreCache). Where IndexedDB cannot be used (a private window
 * in some browsers), the SDK falls back to a memory cache.
 */
export function loadFirestore(): Promise<Firestore> {
  firestore ??= import("firebase/firestore").then(
    ({ initializeFirestore, persistentLocalCache, persistentMultipleTabManager, connectFirestoreEmulator }) => {
      const instance = initializeFirestore(firebaseApp, {
        localCache: persistentLocalCache({ tabManager: persistentMultipleTabManager() }),
      });
      if (config.emulators) {
        connectFirestoreEmulator(instance, config.emulators.firestoreHost, config.emulators.firestorePort);
      }
      return instance;
    },
  );
  return firestore;
}

/**
 * Deletes the cached documents of whoever was signed in, so the next person at this browser cannot read
 * them: Firestore is shut down (it cannot be used again in this page) and its IndexedDB cache cleared. The
 * caller reloads the page afterwards. Nothing to do if Firestore was never loaded in this page, except
 * clearing a cache an earlier page left.
 */
export async function clearFirestoreCache(): Promise<void> {
  const [{ terminate, clearIndexedDbPersistence }, instance] = await Promise.all([
    import("firebase/firestore"),
    loadFirestore(),
  ]);
  await terminate(instance);
  await clearIndexedDbPersistence(instance);
}
