import { afterEach, expect, test, vi } from "vitest";
import type { User } from "firebase/auth";
import { fetchSummary } from "./advertiser-api";
import { summaryRowFixture } from "./summary-row-fixture";

const user = { getIdToken: async () => "id-token" } as unknown as User;

function answer(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

test("follows the next-page cursor until the last page, sending the token raw; a moved row is kept once", async () => {
  const a = summaryRowFixture({ user_id: "a" });
  const b = summaryRowFixture({ user_id: "b" });
  const c = summaryRowFixture({ user_id: "c" });
  const fetch = vi
    .fn<typeof globalThis.fetch>()
    .mockResolvedValueOnce(answer([a, b], 200, { "X-Next-Cursor": "0.500.b" }))
    .mockResolvedValueOnce(answer([{ ...b, required_payout: 1 }, c]));
  vi.stubGlobal("fetch", fetch);

  expect((await fetchSummary(user)).map((row) => [row.user_id, row.required_payout])).toEqual([
    ["a", 5],
    ["b", 1],
    ["c", 5],
  ]);
  expect(fetch.mock.calls.map(([path]) => path)).toEqual(["/api/summary", "/api/summary?after=0.500.b"]);
  expect(fetch.mock.calls[0]![1]!.headers).toEqual({ Authorization: "id-token" });
});

test("a refusal becomes an error with the server's message", async () => {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => answer({ error: "Only advertiser staff may do this." }, 403)),
  );
  await expect(fetchSummary(user)).rejects.toMatchObject({
    status: 403,
    message: "Only advertiser staff may do this.",
  });
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response("<html>Bad gateway</html>", { status: 502 })),
  );
  await expect(fetchSummary(user)).rejects.toThrow("The server answered 502.");
});
