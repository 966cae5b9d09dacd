/**
 * Token sync (SPEC.md §7): when VITE_TOKEN_SYNC_URL is configured, the fresh ID token is POSTed to it after
 * sign-in and every token refresh, and a DELETE is sent on sign-out, so a companion service can keep a
 * session of its own. Off when the URL is unset. Failures are only logged (SPEC.md §8).
 */
export interface TokenSource {
  /** Calls back with the signed-in user on sign-in and each token refresh, and null on sign-out. */
  onIdTokenChanged(callback: (user: { getIdToken(): Promise<string> } | null) => void): () => void;
}

export function startTokenSync(
  source: TokenSource,
  url: string | undefined,
  send: typeof fetch = (...args) => fetch(...args),
): () => void {
  if (!url) return () => undefined;
  return source.onIdTokenChanged((user) => {
    void sync(user, url, send).catch((error: unknown) => console.error("Token sync failed:", error));
  });
}

async function sync(user: { getIdToken(): Promise<string> } | null, url: string, send: typeof fetch): Promise<void> {
  if (!user) {
    await send(url, { method: "DELETE", credentials: "include" });
    return;
  }
  const token = await user.getIdToken();
  await send(url, {
    method: "POST",
    credentials: "include",
    headers: { "Content-Type": "application/json", Authorization: token },
    body: JSON.stringify({ token }),
  });
}
