import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link, Navigate, useNavigate } from "react-router-dom";
import { useAuth } from "reactfire";
import {
  GoogleAuthProvider,
  isSignInWithEmailLink,
  sendSignInLinkToEmail,
  signInWithEmailLink,
  signInWithPopup,
  type User,
} from "firebase/auth";
import { programme } from "@domain/programme";
import { Button } from "../../components/ui/button";
import { Loading } from "../../components/loading";
import { PageMeta } from "../../components/page-meta";
import { paths } from "../../config/paths";
import { createAccount as createAccountCall } from "../../lib/account-api";
import { ApiError } from "../../lib/api";
import { claimsOf, homePathOf, isStaff, useAuthState } from "../../lib/auth";
import {
  errorCode,
  invalidEmailShapeMessage,
  isEmailShaped,
  providerMessage,
  signInErrorMessage,
} from "./sign-in-errors";
import styles from "./signup.module.css";

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

type Phase =
  | { kind: "idle" }
  | { kind: "working" }
  | { kind: "sent"; email: string }
  | { kind: "need-email" }
  | { kind: "error"; message: string };

/**
 * The two doors to the same sign-in: "sign-up" for newcomers (SPEC.md's /signup), "log-in" for returning
 * affiliates (the header's Log in). A new person who logs in gets an account all the same.
 */
export type SignupMode = "sign-up" | "log-in";

const wording = {
  "sign-up": {
    title: "Join the affiliate programme",
    lead: "Earn commission on every subscription you refer. Free to join.",
    path: paths.signup,
  },
  "log-in": {
    title: "Welcome back",
    lead: "Log in with Google, or get a sign-in link by e-mail: no password needed.",
    path: paths.login,
  },
} as const;

/** /login: the sign-up page's wording for returning affiliates. */
export function LoginPage() {
  return <SignupPage mode="log-in" />;
}

export function SignupPage({ mode = "sign-up" }: { mode?: SignupMode }) {
  const words = wording[mode];
  const auth = useAuth();
  const signin = useAuthState();
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  // Opened from a sign-in link: finish with the stored e-mail, or ask for it (another device). The page
  // only ever renders in the browser, so the address and local storage can be read at once.
  const [phase, setPhase] = useState<Phase>(() => {
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
    navigate(homePathOf(claims), { replace: true });
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

  async function continueWithEmail(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    // A missing @ or domain is said at once, with no request sent.
    if (!isEmailShaped(address)) return setPhase({ kind: "error", message: invalidEmailShapeMessage });
    setPhase({ kind: "working" });
    if (askingForEmail) return completeLink(address);
    try {
      await sendSignInLinkToEmail(auth, address, {
        url: `${window.location.origin}${words.path}`,
        handleCodeInApp: true,
      });
      window.localStorage.setItem(emailForSignInKey, address);
      setPhase({ kind: "sent", email: address });
    } catch (error) {
      setPhase({ kind: "error", message: signInErrorMessage(error, "send-link") });
    }
  }

  // A signed-in visitor belongs where they work (an affiliate on the dashboard), unless this page is
  // finishing their sign-in or showing why that failed (signed in, but the server could not create the account).
  if (signin.status === "signed-in" && phase.kind !== "working" && phase.kind !== "error") {
    return <Navigate to={homePathOf(signin.claims)} replace />;
  }
  if (signin.status === "unknown") return <Loading />;

  return (
    <section className={styles.signup}>
      {mode === "sign-up" ? (
        <PageMeta
          title={`Sign up | ${programme.name}`}
          description="Join the affiliate programme with Google or an e-mail sign-in link: free, in a minute."
          path={paths.signup}
          keywords={["affiliate sign up", "AI affiliate program"]}
        />
      ) : (
        <PageMeta
          title={`Log in | ${programme.name}`}
          description="Log in to your affiliate dashboard with Google or an e-mail sign-in link."
          path={paths.login}
          noindex
        />
      )}
      <div className={styles["signup-card"]}>
        <h1>{askingForEmail ? "Confirm your e-mail" : words.title}</h1>
        <p className="muted">
          {askingForEmail
            ? "You opened the sign-in link on another device or browser: enter the e-mail you asked it for."
            : words.lead}
        </p>

        {askingForEmail ? null : (
          <>
            <Button
              variant="plain"
              className={styles.google}
              onClick={continueWithGoogle}
              disabled={phase.kind === "working"}
            >
              <svg aria-hidden="true" width="18" height="18" viewBox="0 0 48 48">
                <path
                  fill="#FFC107"
                  d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
                />
                <path
                  fill="#FF3D00"
                  d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
                />
                <path
                  fill="#4CAF50"
                  d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
                />
                <path
                  fill="#1976D2"
                  d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
                />
              </svg>
              Continue with Google
            </Button>
            <p className={styles.divider} aria-hidden="true">
              <span>or</span>
            </p>
          </>
        )}

        <form onSubmit={continueWithEmail} className={styles["signup-form"]} noValidate>
          <label htmlFor="signup-email">Email</label>
          <input
            id="signup-email"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@example.com"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <Button type="submit" className={styles.submit} disabled={email.trim() === "" || phase.kind === "working"}>
            {askingForEmail ? "Sign in" : "Continue with Email"}
          </Button>
        </form>

        <div aria-live="polite">
          {phase.kind === "sent" ? (
            <p className="message message-success">
              A sign-in link is on its way to {phase.email}. Check your inbox, and your spam folder too.
            </p>
          ) : null}
          {phase.kind === "error" ? (
            <p className="message message-error" role="alert">
              {phase.message}
            </p>
          ) : null}
          {phase.kind === "working" ? <Loading label="Signing you in…" /> : null}
        </div>

        {askingForEmail ? null : (
          <p className={styles.switch}>
            {mode === "sign-up" ? (
              <>
                Already an affiliate? <Link to={paths.login}>Log in</Link>
              </>
            ) : (
              <>
                New here? <Link to={paths.signup}>Sign up</Link>
              </>
            )}
          </p>
        )}

        <p className={styles["fine-print"]}>
          By continuing you agree to the <Link to={paths.termsOfService}>Terms of Service</Link>.
        </p>
      </div>
    </section>
  );
}
