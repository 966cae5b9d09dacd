import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, test, vi, type MockInstance } from "vitest";
import type { User } from "firebase/auth";
import type * as Auth from "../../lib/auth";

// Firebase Auth, its loader and the app's auth state are mocked at the module boundary: the page's own flow is what is tested.
const session = vi.hoisted(() => {
  type Check = { status: "success"; data: { signedIn: boolean; user: unknown } };
  let check: Check = { status: "success", data: { signedIn: false, user: null } };
  const listeners = new Set<() => void>();
  return {
    get: () => check,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    set(user: unknown) {
      check = { status: "success", data: { signedIn: user !== null, user } };
      for (const listener of listeners) listener();
    },
  };
});
const firebaseAuth = vi.hoisted(() => ({
  GoogleAuthProvider: class GoogleAuthProvider {},
  isSignInWithEmailLink: vi.fn<() => boolean>(),
  sendSignInLinkToEmail: vi.fn<(auth: unknown, email: string, settings: unknown) => Promise<void>>(),
  signInWithEmailLink: vi.fn<(auth: unknown, email: string, link: string) => Promise<{ user: unknown }>>(),
  signInWithPopup: vi.fn<(auth: unknown, provider: unknown) => Promise<{ user: unknown }>>(),
}));
const auth = vi.hoisted(() => ({ name: "the auth instance" }));
vi.mock("firebase/auth", () => firebaseAuth);
vi.mock("../../lib/firebase", () => ({ loadAuth: async () => auth }));
// The app's one auth state (lib/auth), as the session says.
vi.mock("../../lib/auth", async (importOriginal) => {
  const { useSyncExternalStore } = await import("react");
  const { claimsOf } = await importOriginal<typeof Auth>();
  return {
    ...(await importOriginal<typeof Auth>()),
    useAuthState: () => {
      const { data } = useSyncExternalStore(session.subscribe, session.get);
      if (!data.signedIn) return { status: "signed-out" };
      const user = data.user as { claims: Record<string, boolean> };
      return { status: "signed-in", user, claims: claimsOf(user.claims) };
    },
  };
});
vi.mock("../../components/page-meta", () => ({ PageMeta: () => null }));

const { emailForSignInKey, LoginPage, SignupPage } = await import("./signup-page");

/** A signed-in user with these custom claims (roles). */
const userWith = (claims: Record<string, boolean>) =>
  ({
    uid: "u1",
    claims,
    getIdToken: async () => "token",
    getIdTokenResult: async () => ({ claims }),
  }) as unknown as User;
const user = userWith({});
/** What a successful sign-in does besides answering: Auth now reports the user. */
const signedInAs =
  (who = user) =>
  async () => {
    session.set(who);
    return { user: who };
  };
const signedIn = signedInAs();
const firebaseError = (code: string, text: string) =>
  Object.assign(new Error(`Firebase: ${text} (${code}).`), { code });
const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

let fetch: MockInstance<typeof globalThis.fetch>;
beforeEach(() => {
  vi.resetAllMocks();
  session.set(null);
  window.localStorage.clear();
  firebaseAuth.isSignInWithEmailLink.mockReturnValue(false);
  fetch = vi.spyOn(globalThis, "fetch").mockResolvedValue(answer(201, { status: "created" }));
});
afterEach(() => {
  cleanup();
  fetch.mockRestore();
});

function renderSignup(path = "/signup") {
  const router = createMemoryRouter(
    [
      { path: "/signup", element: <SignupPage /> },
      { path: "/login", element: <LoginPage /> },
      { path: "/dashboard", element: <p>The dashboard</p> },
      { path: "/advertiser", element: <p>The advertiser page</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const createAccountCalls = () => fetch.mock.calls.filter(([path]) => path === "/api/create_account");

describe("Google sign-in, then the server-side account (SPEC.md §4, §8)", () => {
  test("the account is created and the dashboard opens", async () => {
    firebaseAuth.signInWithPopup.mockImplementation(signedIn);
    const router = renderSignup();
    fireEvent.click(screen.getByRole("button", { name: /Continue with Google/ }));
    await screen.findByText("The dashboard");
    expect(router.state.location.pathname).toBe("/dashboard");
    expect(createAccountCalls()).toHaveLength(1);
    expect(createAccountCalls()[0]![1]).toMatchObject({ method: "POST", headers: { Authorization: "token" } });
  });

  test("a refusal from the server stays on /signup with the server's error in red", async () => {
    firebaseAuth.signInWithPopup.mockImplementation(signedIn);
    fetch.mockResolvedValue(answer(500, { error: "The account could not be created." }));
    const router = renderSignup();
    fireEvent.click(screen.getByRole("button", { name: /Continue with Google/ }));
    const error = await screen.findByText("The account could not be created.");
    expect(error.classList.contains("message-error")).toBe(true);
    expect(router.state.location.pathname).toBe("/signup");
    expect(screen.queryByText("The dashboard")).toBeNull();
    expect(session.get().data.signedIn).toBe(true);
  });

  test("no answer at all shows 'Failed to create account'", async () => {
    firebaseAuth.signInWithPopup.mockImplementation(signedIn);
    fetch.mockRejectedValue(new TypeError("NetworkError when attempting to fetch resource."));
    const router = renderSignup();
    fireEvent.click(screen.getByRole("button", { name: /Continue with Google/ }));
    await screen.findByText("Failed to create account");
    expect(router.state.location.pathname).toBe("/signup");
  });

  test("a visitor who is already signed in still goes straight to the dashboard", async () => {
    session.set(user);
    const router = renderSignup();
    await screen.findByText("The dashboard");
    expect(router.state.location.pathname).toBe("/dashboard");
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe("a sign-in link opened on another device (SPEC.md §4)", () => {
  beforeEach(() => {
    firebaseAuth.isSignInWithEmailLink.mockReturnValue(true);
  });

  // The page checks the address once Firebase Auth is loaded, after its first render (it is prerendered).
  const typeAndSignIn = async (email: string) => {
    const signIn = await screen.findByRole("button", { name: "Sign in" });
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: email } });
    fireEvent.click(signIn);
  };

  test("after a mistyped e-mail, the retry finishes the sign-in with the link instead of sending a new one", async () => {
    firebaseAuth.signInWithEmailLink
      .mockRejectedValueOnce(
        firebaseError("auth/invalid-email", "The email provided does not match the sign-in email address."),
      )
      .mockImplementationOnce(signedIn);
    const router = renderSignup();
    expect(await screen.findByRole("heading", { name: "Confirm your e-mail" })).toBeTruthy();

    await typeAndSignIn("wrong@test.example");
    const error = await screen.findByText(
      "That is not the e-mail address this sign-in link was sent to. Enter the address you asked for the link with.",
    );
    expect(error.classList.contains("message-error")).toBe(true);
    expect(screen.getByRole("heading", { name: "Confirm your e-mail" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Continue with Email" })).toBeNull();

    await typeAndSignIn("dana@test.example");
    await screen.findByText("The dashboard");
    expect(router.state.location.pathname).toBe("/dashboard");
    expect(firebaseAuth.signInWithEmailLink.mock.calls.map(([, email, link]) => [email, link])).toEqual([
      ["wrong@test.example", window.location.href],
      ["dana@test.example", window.location.href],
    ]);
    expect(firebaseAuth.sendSignInLinkToEmail).not.toHaveBeenCalled();
    expect(createAccountCalls()).toHaveLength(1);
  });

  test("a link that can no longer work goes back to sending a new one", async () => {
    firebaseAuth.signInWithEmailLink.mockRejectedValue(
      firebaseError("auth/invalid-action-code", "The action code is invalid."),
    );
    firebaseAuth.sendSignInLinkToEmail.mockResolvedValue(undefined);
    renderSignup();
    await typeAndSignIn("dana@test.example");
    await screen.findByText("This sign-in link was already used or has expired. Enter your e-mail to get a new one.");
    fireEvent.click(screen.getByRole("button", { name: "Continue with Email" }));
    await screen.findByText(/A sign-in link is on its way to dana@test.example/);
    expect(firebaseAuth.sendSignInLinkToEmail).toHaveBeenCalledTimes(1);
    expect(firebaseAuth.signInWithEmailLink).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem(emailForSignInKey)).toBe("dana@test.example");
  });

  test("signed in by the link but refused an account: the error stays on /signup", async () => {
    firebaseAuth.signInWithEmailLink.mockImplementation(signedIn);
    fetch.mockResolvedValue(answer(500, { error: "The account could not be created." }));
    const router = renderSignup();
    await typeAndSignIn("dana@test.example");
    await screen.findByText("The account could not be created.");
    expect(router.state.location.pathname).toBe("/signup");
  });
});

describe("staff and admin (issue 17)", () => {
  test.each([
    ["advertiser staff", { advertiser: true }],
    ["the admin", { admin: true }],
  ])("%s signing in land on /advertiser, and no affiliate account is made", async (_, claims) => {
    firebaseAuth.signInWithPopup.mockImplementation(signedInAs(userWith(claims)));
    const router = renderSignup();
    fireEvent.click(screen.getByRole("button", { name: /Continue with Google/ }));
    await screen.findByText("The advertiser page");
    expect(router.state.location.pathname).toBe("/advertiser");
    expect(createAccountCalls()).toHaveLength(0);
  });

  test("an admin by configuration (no claim yet) is told so by create_account, and lands on /advertiser", async () => {
    // The server gives the claim on that first call: only a refreshed token carries it.
    const admin = {
      ...userWith({}),
      getIdTokenResult: async (refresh?: boolean) => ({ claims: refresh ? { admin: true } : {} }),
    } as unknown as User;
    firebaseAuth.signInWithPopup.mockImplementation(signedInAs(admin));
    fetch.mockResolvedValue(answer(200, { status: "staff" }));
    const router = renderSignup();
    fireEvent.click(screen.getByRole("button", { name: /Continue with Google/ }));
    await screen.findByText("The advertiser page");
    expect(router.state.location.pathname).toBe("/advertiser");
    expect(createAccountCalls()).toHaveLength(1);
  });

  test("staff already signed in go from /signup to /advertiser", async () => {
    session.set(userWith({ advertiser: true }));
    const router = renderSignup();
    await screen.findByText("The advertiser page");
    expect(router.state.location.pathname).toBe("/advertiser");
  });
});

describe("errors a person can act on", () => {
  const sendFails = async (code: string) => {
    firebaseAuth.sendSignInLinkToEmail.mockRejectedValue(firebaseError(code, "Error"));
    renderSignup();
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "dana@test.example" } });
    fireEvent.click(screen.getByRole("button", { name: "Continue with Email" }));
    return (await screen.findByRole("alert")).textContent;
  };

  test.each([
    ["auth/too-many-requests", "Too many sign-in attempts from this device. Wait a few minutes, then try again."],
    [
      "auth/network-request-failed",
      "We could not reach the sign-in service. Check your internet connection, then try again.",
    ],
    ["auth/user-disabled", /^This account has been disabled\. If you think that is a mistake, write to \S+@\S+\.$/],
    ["auth/invalid-email", "Enter your e-mail address in full, like name@example.com."],
    [
      "auth/internal-error",
      "The sign-in service had a problem on its side. Try again in a moment, or use another way to sign in.",
    ],
    // A code with no words of ours still says what to do, with the provider's words (SPEC.md §8) for support.
    [
      "auth/some-new-code",
      "Signing in did not work: Error (auth/some-new-code). Try again, or use another way to sign in.",
    ],
  ])("sending a link fails with %s", async (code, shown) => {
    const text = await sendFails(code);
    if (typeof shown === "string") expect(text).toBe(shown);
    else expect(text).toMatch(shown);
  });

  test.each([
    [
      "auth/popup-closed-by-user",
      "The Google window was closed before you signed in. Try again, or use your e-mail instead.",
    ],
    [
      "auth/cancelled-popup-request",
      "The Google window was closed before you signed in. Try again, or use your e-mail instead.",
    ],
    [
      "auth/popup-blocked",
      "Your browser blocked the Google sign-in window. Allow pop-ups for this site and try again, or use your e-mail instead.",
    ],
  ])("Google sign-in fails with %s", async (code, shown) => {
    firebaseAuth.signInWithPopup.mockRejectedValue(firebaseError(code, "Error"));
    renderSignup();
    fireEvent.click(screen.getByRole("button", { name: /Continue with Google/ }));
    expect((await screen.findByRole("alert")).textContent).toBe(shown);
  });

  test.each(["auth/invalid-action-code", "auth/expired-action-code"])(
    "a stored e-mail and a dead link (%s): what happened, and the form sends a new link",
    async (code) => {
      firebaseAuth.isSignInWithEmailLink.mockReturnValue(true);
      window.localStorage.setItem(emailForSignInKey, "dana@test.example");
      firebaseAuth.signInWithEmailLink.mockRejectedValue(firebaseError(code, "Error"));
      renderSignup();
      expect((await screen.findByRole("alert")).textContent).toBe(
        "This sign-in link was already used or has expired. Enter your e-mail to get a new one.",
      );
      expect(screen.getByRole("button", { name: "Continue with Email" })).toBeTruthy();
    },
  );

  test.each(["dana", "dana@", "dana@test", "dana @test.example", "@test.example"])(
    "'%s' is not an e-mail address: said at once, no link requested",
    (typed) => {
      renderSignup();
      fireEvent.change(screen.getByLabelText("Email"), { target: { value: typed } });
      fireEvent.click(screen.getByRole("button", { name: "Continue with Email" }));
      expect(screen.getByRole("alert").textContent).toBe("Enter your e-mail address in full, like name@example.com.");
      expect(firebaseAuth.sendSignInLinkToEmail).not.toHaveBeenCalled();
    },
  );

  test("on another device, a mistyped address shape is said before the link is tried", async () => {
    firebaseAuth.isSignInWithEmailLink.mockReturnValue(true);
    renderSignup();
    const signIn = await screen.findByRole("button", { name: "Sign in" });
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "dana.test.example" } });
    fireEvent.click(signIn);
    expect(screen.getByRole("alert").textContent).toBe("Enter your e-mail address in full, like name@example.com.");
    expect(firebaseAuth.signInWithEmailLink).not.toHaveBeenCalled();
    expect(screen.getByRole("heading", { name: "Confirm your e-mail" })).toBeTruthy();
  });
});

test("/login greets returning affiliates and signs in the same way, the link coming back to /login", async () => {
  firebaseAuth.sendSignInLinkToEmail.mockResolvedValue(undefined);
  renderSignup("/login");
  expect(screen.getByRole("heading", { level: 1, name: "Welcome back" })).toBeTruthy();
  expect(screen.getByRole("link", { name: "Sign Up" }).getAttribute("href")).toBe("/signup");
  fireEvent.change(screen.getByLabelText("Email"), { target: { value: "dana@test.example" } });
  fireEvent.click(screen.getByRole("button", { name: "Continue with Email" }));
  await screen.findByText(/A sign-in link is on its way to dana@test.example/);
  expect(firebaseAuth.sendSignInLinkToEmail.mock.calls[0]![2]).toMatchObject({
    url: `${window.location.origin}/login`,
  });
  cleanup();
  renderSignup("/signup");
  expect(screen.getByRole("link", { name: "Log In" }).getAttribute("href")).toBe("/login");
});
