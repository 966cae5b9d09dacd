/**
 * The sign-in flow (SPEC.md §4, §8), for the sign-up and log-in pages: Google's window, an e-mail sign-in
 * link (sent, or finished on arrival from it, asking for the address on another device), then the
 * server-side account and the page where the person works. The page only renders what it says.
 */
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router-dom";
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
import { loadAuth } from "../../lib/firebase";
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
  const navigate = useNavigate();
  // The page is prerendered (a first-time visitor sees the form from the HTML) and hydrated, so it starts
  // idle, as in the HTML; opened from a sign-in link, the effect below finishes it or asks for the e-mail.
  const [phase, setPhase] = useState<SignInPhase>({ kind: "idle" });
  // The form finishes the link's sign-in (instead of sending a new link) for as long as the link can work:
  // a mistyped address leaves it in place for another try.
  const [askingForEmail, setAskingForEmail] = useState(false);
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
      ({ user } = await signInWithEmailLink(await loadAuth(), address, window.location.href));
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

  // Opened from a sign-in link: finish with the stored e-mail, or ask for it (another device).
  useEffect(() => {
    if (linkStarted.current) return;
    linkStarted.current = true;
    const link = window.location.href;
    void loadAuth().then((auth) => {
      if (!isSignInWithEmailLink(auth, link)) return;
      const stored = window.localStorage.getItem(emailForSignInKey);
      if (!stored) {
        setPhase({ kind: "need-email" });
        setAskingForEmail(true);
        return;
      }
      setPhase({ kind: "working" });
      return completeLink(stored);
    });
    // Once, on arrival from the link; completeLink depends on nothing that changes in the page's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function continueWithGoogle() {
    setPhase({ kind: "working" });
    try {
      const { user } = await signInWithPopup(await loadAuth(), new GoogleAuthProvider());
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
      await sendSignInLinkToEmail(await loadAuth(), address, {
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
