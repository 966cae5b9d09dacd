/**
 * Who is signed in, for the whole app: the one source of the user and their custom claims (one
 * onIdTokenChanged subscription, so a claim granted later arrives with the refreshed token). Firebase Auth
 * is loaded after the page is up (public pages paint from static HTML before any SDK), and the first
 * render, like the prerendered HTML, says "unknown".
 */
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from "react";
import { useNavigate } from "react-router-dom";
import type { User } from "firebase/auth";
import { paths } from "../config/paths";
import { forgetLastSeen } from "./last-seen-figures";
import { rememberSession } from "./session-hint";

export interface Claims {
  admin: boolean;
  advertiser: boolean;
}

export interface SignedIn {
  status: "signed-in";
  user: User;
  claims: Claims;
}

export type AuthState = { status: "unknown" } | { status: "signed-out" } | SignedIn;

/** The app's roles from an ID token's custom claims (docs/operations.md grants them). */
export function claimsOf(tokenClaims: Record<string, unknown>): Claims {
  return { admin: tokenClaims.admin === true, advertiser: tokenClaims.advertiser === true };
}

/** Advertiser staff or admin: the people who work on the advertiser page, never affiliates by signing in. */
export const isStaff = (claims: Claims): boolean => claims.admin || claims.advertiser;

/** What the account menu calls the signed-in person. */
export function roleName(claims: Claims): "Admin" | "Advertiser staff" | "Affiliate" {
  if (claims.admin) return "Admin";
  return claims.advertiser ? "Advertiser staff" : "Affiliate";
}

/** Where each role works, and so where signing in takes them: staff and admin the advertiser page. */
export const homePathOf = (claims: Claims): string => (isStaff(claims) ? paths.advertiser : paths.dashboard);

const AuthContext = createContext<AuthState>({ status: "unknown" });

export function AuthStateProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ status: "unknown" });
  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let cancelled = false;
    // Firebase (app, configuration check, Auth) is fetched only now, after the page is up.
    void import("./firebase").then(async ({ loadAuth }) => {
      const auth = await loadAuth();
      if (cancelled) return;
      unsubscribe = auth.onIdTokenChanged((user) => {
        rememberSession(user !== null);
        // The dashboard's last-seen figures are only ever the signed-in person's (lib/last-seen-figures.ts).
        forgetLastSeen(user?.uid);
        if (!user) return setState({ status: "signed-out" });
        user
          .getIdTokenResult()
          .then(({ claims }) => setState({ status: "signed-in", user, claims: claimsOf(claims) }))
          .catch((error: unknown) => console.error("Reading the signed-in user's token failed:", error));
      });
    });
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, []);
  return <AuthContext value={state}>{children}</AuthContext>;
}

export function useAuthState(): AuthState {
  return useContext(AuthContext);
}

/**
 * The signed-in user and claims, for the pages behind the router's sign-in guard (app/require-sign-in.tsx),
 * which renders them only once someone is signed in.
 */
export function useSignedIn(): SignedIn {
  const state = useAuthState();
  if (state.status !== "signed-in") throw new Error("useSignedIn() is only for pages behind the sign-in guard.");
  return state;
}

/**
 * Log out, from anywhere: the dashboard's last-seen figures forgotten, home first, then sign out, then clear
 * the documents Firestore cached for this account (lib/firebase.ts) and load the home page afresh (Firestore cannot be used again once cleared).
 * Home first because the sign-in guard sends a signed-out visitor of a signed-in page to /signup; it lets
 * a navigation under way finish instead. A failed sign-out is only logged (SPEC.md §8).
 */
export function useLogOut(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      forgetLastSeen();
      void navigate(paths.home);
      const [{ signOut }, { loadAuth, clearFirestoreCache }] = await Promise.all([
        import("firebase/auth"),
        import("./firebase"),
      ]);
      await signOut(await loadAuth());
      await clearFirestoreCache();
      window.location.replace(paths.home);
    } catch (error) {
      console.error("Sign-out failed:", error);
    }
  }, [navigate]);
}
