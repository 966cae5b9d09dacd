import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import type { User } from "firebase/auth";
import { QueryClientProvider } from "@tanstack/react-query";
import { createQueryClient } from "../../lib/query-client";
import type { PayoutHistoryPage, PayoutRecord } from "@domain/payout-history";

const api = vi.hoisted(() => ({
  fetchPayoutHistory: vi.fn<(user: unknown, after: string | null) => Promise<PayoutHistoryPage>>(),
}));
vi.mock("./advertiser-api", () => api);

const { PayoutHistory: History } = await import("./payout-history");

// The list with the API calls' cache the signed-in area provides, a fresh one per test.
let queryClient = createQueryClient();
const PayoutHistory = (props: Parameters<typeof History>[0]) => (
  <QueryClientProvider client={queryClient}>
    <History {...props} />
  </QueryClientProvider>
);

const user = { uid: "staff-1" } as User;

function payout(n: number): PayoutRecord {
  return {
    invoice_number: `INV-2026-${String(n).padStart(6, "0")}`,
    user_id: `affiliate-${n}`,
    name: `Affiliate ${n}`,
    company: "",
    amount: 200 + n,
    method: "Wise",
    requested_at: "2026-10-01T10:00:00.000Z",
    paid_at: "2026-10-02T10:00:00.000Z",
    recorded_by: { uid: "staff-1", email: "staff@example.com" },
  };
}

/** A promise the test settles itself. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}

const invoiceNumbers = () =>
  screen
    .getAllByRole("row")
    .slice(1)
    .map((row) => within(row).getAllByRole("cell")[2]!.textContent);

afterEach(() => {
  cleanup();
  queryClient = createQueryClient();
  api.fetchPayoutHistory.mockReset();
});

describe("PayoutHistory", () => {
  test("loads when opened, newest first, and appends the next page on Load more", async () => {
    api.fetchPayoutHistory
      .mockResolvedValueOnce({ payouts: [payout(3), payout(2)], next: "cursor-2" })
      .mockResolvedValueOnce({ payouts: [payout(1)], next: null });
    render(<PayoutHistory user={user} version={0} />);
    expect(api.fetchPayoutHistory).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole("button", { name: "View" }));
    await screen.findByText("INV-2026-000003");
    expect(invoiceNumbers()).toEqual(["INV-2026-000003", "INV-2026-000002"]);
    expect(screen.getAllByText("staff@example.com")).toHaveLength(2);

    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    await screen.findByText("INV-2026-000001");
    expect(api.fetchPayoutHistory).toHaveBeenLastCalledWith(user, "cursor-2");
    expect(invoiceNumbers()).toEqual(["INV-2026-000003", "INV-2026-000002", "INV-2026-000001"]);
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  test("says so when no payout is recorded", async () => {
    api.fetchPayoutHistory.mockResolvedValueOnce({ payouts: [], next: null });
    render(<PayoutHistory user={user} version={0} />);
    fireEvent.click(screen.getByRole("button", { name: "View" }));
    await screen.findByText("No payouts recorded yet.");
  });

  test("a page of the list before a reload is dropped, not mixed into the new list", async () => {
    const olderPage = deferred<PayoutHistoryPage>();
    api.fetchPayoutHistory
      .mockResolvedValueOnce({ payouts: [payout(3), payout(2)], next: "cursor-2" })
      .mockReturnValueOnce(olderPage.promise)
      .mockResolvedValueOnce({ payouts: [payout(4), payout(3)], next: "cursor-3" });
    const { rerender } = render(<PayoutHistory user={user} version={0} />);
    fireEvent.click(screen.getByRole("button", { name: "View" }));
    await screen.findByText("INV-2026-000002");

    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    // A payout is recorded meanwhile: the list starts over.
    rerender(<PayoutHistory user={user} version={1} />);
    await screen.findByText("INV-2026-000004");
    await act(async () => {
      olderPage.resolve({ payouts: [payout(1)], next: null });
      await olderPage.promise;
    });
    expect(invoiceNumbers()).toEqual(["INV-2026-000004", "INV-2026-000003"]);
    expect((screen.getByRole("button", { name: "Load more" }) as HTMLButtonElement).disabled).toBe(false);
  });
});
