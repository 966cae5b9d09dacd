import { afterEach, expect, test, vi } from "vitest";
import type { User } from "firebase/auth";
import {
  fetchAffiliatePage,
  fetchConversionReport,
  fetchIntegration,
  fetchOverdueRefunds,
  fetchPayoutHistory,
  recordPayout,
  type ListFilters,
} from "./advertiser-api";
import { fetchEveryAffiliate } from "./every-affiliate";
import { summaryRowFixture } from "./summary-row-fixture";

const user = { getIdToken: async () => "id-token" } as unknown as User;

function answer(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

const everyone: ListFilters = { search: "", pending: false, highRisk: false, ready: false, order: "pending-first" };

afterEach(() => {
  vi.unstubAllGlobals();
});

test("a page's filters travel in the query string: only those set, the search trimmed", async () => {
  const fetch = vi.fn<typeof globalThis.fetch>(async () => answer({ affiliates: [], next: null, matching: 0 }));
  vi.stubGlobal("fetch", fetch);
  await fetchAffiliatePage(user, everyone, null, 100);
  await fetchAffiliatePage(
    user,
    { search: "  jane d ", pending: true, highRisk: true, ready: false, order: "balance" },
    "abc_-",
    20,
  );
  expect(fetch.mock.calls.map(([path]) => path)).toEqual([
    "/api/affiliates?limit=100&order=pending-first",
    "/api/affiliates?limit=20&order=balance&q=jane+d&pending=true&high_risk=true&after=abc_-",
  ]);
  expect(fetch.mock.calls[0]![1]!.headers).toEqual({ Authorization: "id-token" });
});

test("the other GETs send their query, typed by the contract, as they always did", async () => {
  const fetch = vi.fn<typeof globalThis.fetch>(async () => answer({}));
  vi.stubGlobal("fetch", fetch);
  await fetchConversionReport(user, "cutechat");
  await fetchIntegration(user, "creategirls");
  await fetchPayoutHistory(user, null);
  await fetchPayoutHistory(user, "1795694400000.INV-2026-000123");
  await fetchOverdueRefunds(user);
  expect(fetch.mock.calls.map(([path]) => path)).toEqual([
    "/api/conversion_report?advertiser=cutechat",
    "/api/integration?advertiser=creategirls",
    "/api/payout_history",
    "/api/payout_history?after=1795694400000.INV-2026-000123",
    "/api/overdue_refunds",
  ]);
  expect(fetch.mock.calls.map(([, init]) => [init!.method, init!.body])).toEqual(
    Array.from({ length: 5 }, () => ["GET", undefined]),
  );
});

test("a POST sends its body as JSON", async () => {
  const fetch = vi.fn<typeof globalThis.fetch>(async () => answer({ status: "recorded" }));
  vi.stubGlobal("fetch", fetch);
  await recordPayout(user, summaryRowFixture({ user_id: "u1", pending_payout: 240 }));
  const [path, init] = fetch.mock.calls[0]!;
  expect([path, init!.method, init!.body, init!.headers]).toEqual([
    "/api/record_payout",
    "POST",
    JSON.stringify({ user_id: "u1", payout_amount: 240 }),
    { Authorization: "id-token", "Content-Type": "application/json" },
  ]);
});

test("a whole list follows the cursors to the end, in pages of 500; a row that moved is kept once", async () => {
  const [a, b, c] = ["a", "b", "c"].map((user_id) => summaryRowFixture({ user_id }));
  const fetch = vi
    .fn<typeof globalThis.fetch>()
    .mockResolvedValueOnce(answer({ affiliates: [a, b], next: "cur1", matching: null }))
    // A page checked row by row can come back empty with a cursor to go on from.
    .mockResolvedValueOnce(answer({ affiliates: [], next: "cur2", matching: null }))
    .mockResolvedValueOnce(answer({ affiliates: [{ ...b, required_payout: 1 }, c], next: null, matching: null }));
  vi.stubGlobal("fetch", fetch);

  const rows = await fetchEveryAffiliate(user, { ...everyone, ready: true });
  expect(rows.map((row) => [row.user_id, row.required_payout])).toEqual([
    ["a", 5],
    ["b", 5],
    ["c", 5],
  ]);
  expect(fetch.mock.calls.map(([path]) => path)).toEqual([
    "/api/affiliates?limit=500&order=pending-first&ready=true",
    "/api/affiliates?limit=500&order=pending-first&ready=true&after=cur1",
    "/api/affiliates?limit=500&order=pending-first&ready=true&after=cur2",
  ]);
});

test("a refusal becomes an error with the server's message", async () => {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => answer({ error: "Only advertiser staff may do this." }, 403)),
  );
  await expect(fetchEveryAffiliate(user, everyone)).rejects.toMatchObject({
    status: 403,
    message: "Only advertiser staff may do this.",
  });
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response("<html>Bad gateway</html>", { status: 502 })),
  );
  await expect(fetchAffiliatePage(user, everyone, null, 1)).rejects.toThrow("The server answered 502.");
});
