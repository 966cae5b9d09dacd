/**
 * The sign-in flow (SPEC.md §4, §8), for the sign-up and log-in pages: Google's window, an e-mail sign-in
 * link (sent, or finished on arrival from it, asking for the address on another device), then the
 * server-side account and the page where the person works. The page only renders what it says.
 */
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router-dom";
import { useAuth } from "reactfire";
import {
  GoogleAuthProvider,
  isSignInWithEmailLink,
  sendSignInLinkToEmail,
  signInWithEmailLink,
  signInWithPopup,
  type User,
} from "firebase/auth";
import { createAccount as createAccountCall } from "../../lib/account-api";
import { ApiError } from "../../lib/api";
import { claimsOf, homePathOf, isStaff } from "../../lib/auth";
import {
  errorCode,
  invalidEmailShapeMessage,
  isEmailShaped,
  providerMessage,
  signInErrorMessage,
} from "./sign-in-errors";

/** SPEC.md §3: the e-mail used for a sign-in link is kept locally until sign-in completes. */
export const emailForSignInKey = "emailForSignIn";

/** SPEC.md §8: the server's error, or 'Failed to create account' when no answer came (network, token). */
async function createAccount(user: User): Promise<"created" | "exists" | "staff"> {
  try {
    return await createAccountCall(user);
  } catch (error) {
    throw new Error(error instanceof ApiError && error.message ? error.message : "Failed to create account", {
      cause: error,
    });
  }
}

/** Firebase's codes for a sign-in link that can never work again (used, expired or mangled). */
const deadLinkCodes = new Set(["auth/invalid-action-code", "auth/expired-action-code"]);

export type SignInPhase =
  | { kind: "idle" }
  | { kind: "working" }
  | { kind: "sent"; email: string }
  | { kind: "need-email" }
  | { kind: "error"; message: string };

export interface SignIn {
  phase: SignInPhase;
  /** The form finishes a sign-in link opened on another device (instead of sending a new link). */
  askingForEmail: boolean;
  continueWithGoogle(): Promise<void>;
  /** Sends a sign-in link to `email`, or finishes the link's sign-in with it. */
  continueWithEmail(email: string): Promise<void>;
}

/** `linkPath`: the page a sign-in link sent from here opens (the same door: /signup or /login). */
export function useSignIn(linkPath: string): SignIn {
  const auth = useAuth();
  const navigate = useNavigate();
  // Opened from a sign-in link: finish with the stored e-mail, or ask for it (another device). The page
  // only ever renders in the browser, so the address and local storage can be read at once.
  const [phase, setPhase] = useState<SignInPhase>(() => {
    if (!isSignInWithEmailLink(auth, window.location.href)) return { kind: "idle" };
    return window.localStorage.getItem(emailForSignInKey) ? { kind: "working" } : { kind: "need-email" };
  });
  // The form finishes the link's sign-in (instead of sending a new link) for as long as the link can work:
  // a mistyped address leaves it in place for another try.
  const [askingForEmail, setAskingForEmail] = useState(phase.kind === "need-email");
  const linkStarted = useRef(false);

  /**
   * After any sign-in: an affiliate's server-side account (idempotent), then where the person works. Staff
   * and admin go to the advertiser page and get no affiliate account: they never asked for one.
   */
  async function finish(user: User) {
    let claims = claimsOf((await user.getIdTokenResult()).claims);
    if (!isStaff(claims) && (await createAccount(user)) === "staff") {
      // An admin by configuration (ADMIN_EMAILS) was given the claim by that call: a fresh token carries it.
      claims = claimsOf((await user.getIdTokenResult(true)).claims);
    }
    void navigate(homePathOf(claims), { replace: true });
  }

  async function completeLink(address: string) {
    let user: User;
    try {
      ({ user } = await signInWithEmailLink(auth, address, window.location.href));
    } catch (error) {
      if (deadLinkCodes.has(errorCode(error) ?? "")) setAskingForEmail(false);
      setPhase({ kind: "error", message: signInErrorMessage(error, "use-link") });
      return;
    }
    window.localStorage.removeItem(emailForSignInKey);
    try {
      await finish(user);
    } catch (error) {
      // Signed in, but no account: the link is spent, so the form goes back to its first use.
      setAskingForEmail(false);
      setPhase({ kind: "error", message: providerMessage(error) });
    }
  }

  useEffect(() => {
    const stored = window.localStorage.getItem(emailForSignInKey);
    if (linkStarted.current || phase.kind !== "working" || !stored) return;
    linkStarted.current = true;
    void completeLink(stored);
    // Once, on arrival from the link; completeLink depends only on auth, stable for the page's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function continueWithGoogle() {
    setPhase({ kind: "working" });
    try {
      const { user } = await signInWithPopup(auth, new GoogleAuthProvider());
      await finish(user);
    } catch (error) {
      setPhase({ kind: "error", message: signInErrorMessage(error, "google") });
    }
  }

  async function continueWithEmail(email: string) {
    const address = email.trim();
    // A missing @ or domain is said at once, with no request sent.
    if (!isEmailShaped(address)) return setPhase({ kind: "error", message: invalidEmailShapeMessage });
    setPhase({ kind: "working" });
    if (askingForEmail) return completeLink(address);
    try {
      await sendSignInLinkToEmail(auth, address, {
        url: `${window.location.origin}${linkPath}`,
        handleCodeInApp: true,
      });
      window.localStorage.setItem(emailForSignInKey, address);
      setPhase({ kind: "sent", email: address });
    } catch (error) {
      setPhase({ kind: "error", message: signInErrorMessage(error, "send-link") });
    }
  }

  return { phase, askingForEmail, continueWithGoogle, continueWithEmail };
}
