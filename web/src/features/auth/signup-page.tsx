import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link, Navigate } from "react-router-dom";
import { programme } from "@domain/programme";
import { Button } from "../../components/ui/button";
import { Message } from "../../components/ui/message";
import { Loading } from "../../components/loading";
import { PageMeta } from "../../components/page-meta";
import { paths } from "../../config/paths";
import { homePathOf, useAuthState } from "../../lib/auth";
import { rememberRecruiter } from "../../lib/recruit-link";
import { useSignIn } from "./use-sign-in";
import styles from "./signup.module.css";

export { emailForSignInKey } from "./use-sign-in";

/**
 * The two doors to the same sign-in: "sign-up" for newcomers (SPEC.md's /signup), "log-in" for returning
 * affiliates (the header's Log In). A new person who logs in gets an account all the same.
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
  const signin = useAuthState();
  const [email, setEmail] = useState("");
  // The form is in the prerendered HTML: its buttons wait for the app to take the page over (a click before
  // would do nothing), and an address typed before that is kept.
  const [ready, setReady] = useState(false);
  const emailInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const typed = emailInput.current?.value;
    if (typed) setEmail(typed);
    // Opened from a recruit link (/signup?ref=...): remembered for the account made after sign-in (issue 34).
    rememberRecruiter(window.location.search);
    setReady(true);
  }, []);
  const { phase, askingForEmail, continueWithGoogle, continueWithEmail } = useSignIn(words.path);

  function submit(event: FormEvent) {
    event.preventDefault();
    void continueWithEmail(email);
  }

  // A signed-in visitor belongs where they work (an affiliate on the dashboard), unless this page is
  // finishing their sign-in or showing why that failed (signed in, but the server could not create the account).
  if (signin.status === "signed-in" && phase.kind !== "working" && phase.kind !== "error") {
    return <Navigate to={homePathOf(signin.claims)} replace />;
  }
  // Until Auth answers (and in the prerendered HTML) the form is there for a first-time visitor; someone the
  // session hint says is signed in here sees "Opening your page…" in its place (CSS, by the hint), and goes on.
  const waiting = signin.status === "unknown";

  return (
    <section className={waiting ? `${styles.signup} ${styles["until-auth"]}` : styles.signup}>
      {mode === "sign-up" ? (
        <PageMeta
          title={`Sign Up | ${programme.name}`}
          description="Join the affiliate programme with Google or an e-mail sign-in link: free, in a minute."
          path={paths.signup}
          keywords={["affiliate sign up", "AI affiliate program"]}
        />
      ) : (
        <PageMeta
          title={`Log In | ${programme.name}`}
          description="Log in to your affiliate dashboard with Google or an e-mail sign-in link."
          path={paths.login}
          noindex
        />
      )}
      {waiting ? (
        <div className={styles["signed-in-wait"]}>
          <Loading label="Opening your page…" />
        </div>
      ) : null}
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
              onClick={() => void continueWithGoogle()}
              disabled={!ready || phase.kind === "working"}
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

        <form onSubmit={submit} className={styles["signup-form"]} noValidate>
          <label htmlFor="signup-email">Email</label>
          <input
            ref={emailInput}
            id="signup-email"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@example.com"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <Button
            type="submit"
            className={styles.submit}
            disabled={!ready || email.trim() === "" || phase.kind === "working"}
          >
            {askingForEmail ? "Sign in" : "Continue with Email"}
          </Button>
        </form>

        <div aria-live="polite">
          {phase.kind === "sent" ? (
            <Message tone="success" announce={false}>
              A sign-in link is on its way to {phase.email}. Check your inbox, and your spam folder too.
            </Message>
          ) : null}
          {phase.kind === "error" ? <Message tone="error">{phase.message}</Message> : null}
          {phase.kind === "working" ? <Loading label="Signing you in…" /> : null}
        </div>

        {askingForEmail ? null : (
          <p className={styles.switch}>
            {mode === "sign-up" ? (
              <>
                Already an affiliate? <Link to={paths.login}>Log In</Link>
              </>
            ) : (
              <>
                New here? <Link to={paths.signup}>Sign Up</Link>
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
