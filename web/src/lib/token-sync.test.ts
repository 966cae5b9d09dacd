import { describe, expect, test, vi } from "vitest";
import { startTokenSync, type TokenSource } from "./token-sync";

function fakeAuth() {
  let listener: Parameters<TokenSource["onIdTokenChanged"]>[0] = () => undefined;
  const unsubscribe = vi.fn();
  const source: TokenSource = {
    onIdTokenChanged(callback) {
      listener = callback;
      return unsubscribe;
    },
  };
  return {
    source,
    unsubscribe,
    emit: (token: string | null) => listener(token ? { getIdToken: async () => token } : null),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("startTokenSync", () => {
  test("POSTs each fresh token and DELETEs on sign-out", async () => {
    const auth = fakeAuth();
    const send = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => new Response(null, { status: 204 }));
    startTokenSync(auth.source, "https://sync.example/session", send);

    auth.emit("token-1");
    await settle();
    auth.emit("token-2"); // a refresh
    await settle();
    auth.emit(null);
    await settle();

    expect(send.mock.calls.map(([url, init]) => [url, init?.method, init?.body])).toEqual([
      ["https://sync.example/session", "POST", JSON.stringify({ token: "token-1" })],
      ["https://sync.example/session", "POST", JSON.stringify({ token: "token-2" })],
      ["https://sync.example/session", "DELETE", undefined],
    ]);
    expect((send.mock.calls[0]![1]!.headers as Record<string, string>).Authorization).toBe("token-1");
  });

  test("does nothing when no URL is configured", async () => {
    const auth = fakeAuth();
    const send = vi.fn();
    const stop = startTokenSync(auth.source, undefined, send);
    auth.emit("token-1");
    await settle();
    expect(send).not.toHaveBeenCalled();
    stop();
  });

  test("a failing sync is logged, never thrown", async () => {
    const auth = fakeAuth();
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    startTokenSync(auth.source, "https://sync.example/session", async () => Promise.reject(new Error("offline")));
    auth.emit("token-1");
    await settle();
    expect(logged).toHaveBeenCalledWith("Token sync failed:", expect.any(Error));
    logged.mockRestore();
  });

  test("stopping unsubscribes", () => {
    const auth = fakeAuth();
    startTokenSync(auth.source, "https://sync.example/session", vi.fn())();
    expect(auth.unsubscribe).toHaveBeenCalled();
  });
});
