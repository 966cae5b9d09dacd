/**
 * The part of the app that needs Firebase at once (sign-up, dashboard, advertiser): loads Auth and
 * Firestore, then hands them to reactfire. Its own chunk, so public pages never download the Firestore SDK.
 */
import { useEffect, useState } from "react";
import { Outlet } from "react-router-dom";
import { AuthProvider, FirebaseAppProvider, FirestoreProvider } from "reactfire";
import type { Auth } from "firebase/auth";
import type { Firestore } from "firebase/firestore";
import { Loading } from "../components/loading";
import { firebaseApp, loadAuth, loadFirestore } from "../lib/firebase";

export function SignedInArea() {
  const [sdks, setSdks] = useState<{ auth: Auth; db: Firestore }>();
  useEffect(() => {
    let live = true;
    void Promise.all([loadAuth(), loadFirestore()]).then(([auth, db]) => live && setSdks({ auth, db }));
    return () => {
      live = false;
    };
  }, []);
  if (!sdks) return <Loading page />;
  return (
    <FirebaseAppProvider firebaseApp={firebaseApp}>
      <AuthProvider sdk={sdks.auth}>
        <FirestoreProvider sdk={sdks.db}>
          <Outlet />
        </FirestoreProvider>
      </AuthProvider>
    </FirebaseAppProvider>
  );
}
