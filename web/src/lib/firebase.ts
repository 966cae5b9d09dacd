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

export function loadFirestore(): Promise<Firestore> {
  firestore ??= import("firebase/firestore").then(({ getFirestore, connectFirestoreEmulator }) => {
    const instance = getFirestore(firebaseApp);
    if (config.emulators) {
      connectFirestoreEmulator(instance, config.emulators.firestoreHost, config.emulators.firestorePort);
    }
    return instance;
  });
  return firestore;
}
