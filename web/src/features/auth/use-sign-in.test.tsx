import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, test, vi, type MockInstance } from "vitest";

// Firebase Auth and its loader are mocked at the module boundary: the hook's flow is what is tested.
const firebaseAuth = vi.hoisted(() => ({
  GoogleAuthProvider: class GoogleAuthProvider {},
  isSignInWithEmailLink: vi.fn<() => boolean>(),
  sendSignInLinkToEmail: vi.fn<(auth: unknown, email: string, settings: { url: string }) => Promise<void>>(),
  signInWithEmailLink: vi.fn<(auth: unknown, email: string, link: string) => Promise<{ user: unknown }>>(),
  signInWithPopup: vi.fn<(auth: unknown, provider: unknown) => Promise<{ user: unknown }>>(),
}));
vi.mock("firebase/auth", () => firebaseAuth);
vi.mock("../../lib/firebase", () => ({ loadAuth: async () => ({ name: "the auth instance" }) }));

const { emailForSignInKey, useSignIn } = await import("./use-sign-in");

const user = (claims: Record<string, boolean>) => ({
  uid: "u1",
  getIdToken: async () => "token",
  getIdTokenResult: async () => ({ claims }),
});

/** The hook inside a router (it navigates), with where the router is now. */
function renderSignIn(linkPath = "/login") {
  const where = { path: "/login" };
  function Where() {
    where.path = useLocation().pathname;
    return null;
  }
  const wrapper = ({ children }: { children: ReactNode }) => {
    const router = createMemoryRouter(
      [
        {
          path: "*",
          element: (
            <>
              {children}
              <Where />
            </>
          ),
        },
      ],
      { initialEntries: ["/login"] },
    );
    return <RouterProvider router={router} />;
  };
  return { ...renderHook(() => useSignIn(linkPath), { wrapper }), where };
}

let fetch: MockInstance<typeof globalThis.fetch>;
beforeEach(() => {
  vi.resetAllMocks();
  window.localStorage.clear();
  firebaseAuth.isSignInWithEmailLink.mockReturnValue(false);
  fetch = vi.spyOn(globalThis, "fetch").mockResolvedValue(Response.json({ status: "created" }, { status: 201 }));
});
afterEach(() => {
  cleanup();
  fetch.mockRestore();
});

describe("useSignIn", () => {
  test("an address without its domain is refused at once, with no request", async () => {
    const { result } = renderSignIn();
    await act(() => result.current.continueWithEmail(" dana@ "));
    expect(result.current.phase).toEqual({
      kind: "error",
      message: "Enter your e-mail address in full, like name@example.com.",
    });
    expect(firebaseAuth.sendSignInLinkToEmail).not.toHaveBeenCalled();
  });

  test("a link is sent back to the page it was asked from, and the address kept until it is used", async () => {
    firebaseAuth.sendSignInLinkToEmail.mockResolvedValue(undefined);
    const { result } = renderSignIn("/login");
    await act(() => result.current.continueWithEmail("  dana@test.example "));
    expect(result.current.phase).toEqual({ kind: "sent", email: "dana@test.example" });
    const [, email, settings] = firebaseAuth.sendSignInLinkToEmail.mock.calls[0]!;
    expect(email).toBe("dana@test.example");
    expect(settings.url).toBe(`${window.location.origin}/login`);
    expect(window.localStorage.getItem(emailForSignInKey)).toBe("dana@test.example");
  });

  test("Google, then the account, then the dashboard; staff go to the advertiser page without one", async () => {
    firebaseAuth.signInWithPopup.mockResolvedValue({ user: user({}) });
    const affiliate = renderSignIn();
    await act(() => affiliate.result.current.continueWithGoogle());
    expect(affiliate.where.path).toBe("/dashboard");
    expect(fetch).toHaveBeenCalledTimes(1);
    cleanup();

    firebaseAuth.signInWithPopup.mockResolvedValue({ user: user({ advertiser: true }) });
    const staff = renderSignIn();
    await act(() => staff.result.current.continueWithGoogle());
    expect(staff.where.path).toBe("/advertiser");
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  test("a link opened on another device asks for the address, and finishes the sign-in with it", async () => {
    firebaseAuth.isSignInWithEmailLink.mockReturnValue(true);
    firebaseAuth.signInWithEmailLink.mockResolvedValue({ user: user({}) });
    const { result, where } = renderSignIn();
    // Checked once Firebase Auth is loaded, after the first render (the page is prerendered).
    await waitFor(() => expect(result.current.phase).toEqual({ kind: "need-email" }));
    expect(result.current.askingForEmail).toBe(true);
    await act(() => result.current.continueWithEmail("dana@test.example"));
    expect(firebaseAuth.signInWithEmailLink.mock.calls[0]![1]).toBe("dana@test.example");
    expect(firebaseAuth.sendSignInLinkToEmail).not.toHaveBeenCalled();
    expect(where.path).toBe("/dashboard");
  });

  test("a refused account is said in the server's words, and the page stays", async () => {
    firebaseAuth.signInWithPopup.mockResolvedValue({ user: user({}) });
    fetch.mockResolvedValue(Response.json({ error: "The account could not be created." }, { status: 500 }));
    const { result, where } = renderSignIn();
    await act(() => result.current.continueWithGoogle());
    expect(result.current.phase).toEqual({ kind: "error", message: "The account could not be created." });
    expect(where.path).toBe("/login");
  });
});
