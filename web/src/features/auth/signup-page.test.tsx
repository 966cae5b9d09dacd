import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, test, vi, type MockInstance } from "vitest";
import type { User } from "firebase/auth";

// Firebase Auth, reactfire and the app's auth state are mocked at the module boundary: the page's own flow is what is tested.
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
vi.mock("reactfire", () => ({ useAuth: () => auth }));
// The app's one auth state (lib/auth), as the session says.
vi.mock("../../lib/auth", async () => {
  const { useSyncExternalStore } = await import("react");
  return {
    useAuthState: () => {
      const { data } = useSyncExternalStore(session.subscribe, session.get);
      return data.signedIn
        ? { status: "signed-in", user: data.user, claims: { admin: false, advertiser: false } }
        : { status: "signed-out" };
    },
  };
});
vi.mock("../../components/page-meta", () => ({ PageMeta: () => null }));

const { emailForSignInKey, SignupPage } = await import("./signup-page");

const user = { uid: "u1", getIdToken: async () => "token" } as unknown as User;
/** What a successful sign-in does besides answering: Auth now reports the user. */
const signedIn = async () => {
  session.set(user);
  return { user };
};
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
  fetch = vi.spyOn(globalThis, "fetch").mockResolvedValue(answer(201, { created: true }));
});
afterEach(() => {
  cleanup();
  fetch.mockRestore();
});

function renderSignup() {
  const router = createMemoryRouter(
    [
      { path: "/signup", element: <SignupPage /> },
      { path: "/dashboard", element: <p>The dashboard</p> },
    ],
    { initialEntries: ["/signup"] },
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

  const typeAndSignIn = (email: string) => {
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: email } });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
  };

  test("after a mistyped e-mail, the retry finishes the sign-in with the link instead of sending a new one", async () => {
    firebaseAuth.signInWithEmailLink
      .mockRejectedValueOnce(
        firebaseError("auth/invalid-email", "The email provided does not match the sign-in email address."),
      )
      .mockImplementationOnce(signedIn);
    const router = renderSignup();
    expect(screen.getByRole("heading", { name: "Confirm your e-mail" })).toBeTruthy();

    typeAndSignIn("wrong@test.example");
    const error = await screen.findByText(
      "The email provided does not match the sign-in email address. (auth/invalid-email).",
    );
    expect(error.classList.contains("message-error")).toBe(true);
    expect(screen.getByRole("heading", { name: "Confirm your e-mail" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Continue with Email" })).toBeNull();

    typeAndSignIn("dana@test.example");
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
    typeAndSignIn("dana@test.example");
    await screen.findByText("The action code is invalid. (auth/invalid-action-code).");
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
    typeAndSignIn("dana@test.example");
    await screen.findByText("The account could not be created.");
    expect(router.state.location.pathname).toBe("/signup");
  });
});
