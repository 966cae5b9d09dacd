/**
 * The part of the app that needs Firebase at once (dashboard, advertiser): loads Auth, Firestore and
 * reactfire, then hands the SDKs to reactfire. Its own chunk, so public pages never download the Firestore
 * SDK, and a light one: reactfire (which imports the Firestore SDK) loads with the SDKs, so the app's first
 * render (a page's pending view, app/route-pending.tsx) does not wait for them to be parsed.
 */
import { useEffect, useState } from "react";
import { Outlet } from "react-router-dom";
import type { Auth } from "firebase/auth";
import type { Firestore } from "firebase/firestore";
import type * as Reactfire from "./reactfire-providers";
import type * as FirebaseModule from "../lib/firebase";
import { RoutePending } from "./route-pending";

interface Loaded {
  auth: Auth;
  db: Firestore;
  reactfire: typeof Reactfire;
  firebaseApp: typeof FirebaseModule.firebaseApp;
}

export function SignedInArea() {
  const [loaded, setLoaded] = useState<Loaded>();
  useEffect(() => {
    let live = true;
    void (async () => {
      const [firebase, reactfire] = await Promise.all([import("../lib/firebase"), import("./reactfire-providers")]);
      const [auth, db] = await Promise.all([firebase.loadAuth(), firebase.loadFirestore()]);
      if (live) setLoaded({ auth, db, reactfire, firebaseApp: firebase.firebaseApp });
    })();
    return () => {
      live = false;
    };
  }, []);
  if (!loaded) return <RoutePending />;
  const { FirebaseAppProvider, AuthProvider, FirestoreProvider } = loaded.reactfire;
  return (
    <FirebaseAppProvider firebaseApp={loaded.firebaseApp}>
      <AuthProvider sdk={loaded.auth}>
        <FirestoreProvider sdk={loaded.db}>
          <Outlet />
        </FirestoreProvider>
      </AuthProvider>
    </FirebaseAppProvider>
  );
}
