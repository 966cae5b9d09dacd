/**
 * Who is signed in, for the whole app: the one source of the user and their custom claims (one
 * onIdTokenChanged subscription, so a claim granted later arrives with the refreshed token). Firebase Auth
 * is loaded after the page is up (public pages paint from static HTML before any SDK), and the first
 * render, like the prerendered HTML, says "unknown".
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import type { User } from "firebase/auth";

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
      unsubscribe = auth.onIdTokenChanged(async (user) => {
        if (!user) return setState({ status: "signed-out" });
        const { claims } = await user.getIdTokenResult();
        setState({
          status: "signed-in",
          user,
          claims: { admin: claims.admin === true, advertiser: claims.advertiser === true },
        });
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
