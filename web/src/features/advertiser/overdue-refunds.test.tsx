import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import type { User } from "firebase/auth";
import { QueryClientProvider } from "@tanstack/react-query";
import { createQueryClient } from "../../lib/query-client";
import type { OverdueRefund, OverdueRefunds } from "@domain/overdue-refunds";

const api = vi.hoisted(() => ({
  fetchOverdueRefunds: vi.fn<(user: unknown) => Promise<OverdueRefunds>>(),
}));
vi.mock("./advertiser-api", () => api);

const { OverdueRefunds: Section } = await import("./overdue-refunds");

// The section with the API calls' cache the signed-in area provides, a fresh one per test.
let queryClient = createQueryClient();
const OverdueRefundsSection = () => (
  <QueryClientProvider client={queryClient}>
    <Section user={{ uid: "staff-1" } as User} />
  </QueryClientProvider>
);

afterEach(() => {
  cleanup();
  queryClient = createQueryClient();
  api.fetchOverdueRefunds.mockReset();
});

const monthOld: OverdueRefund = {
  advertiser_id: "promptchan",
  sale_id: "sale-typo",
  uid: "affiliate-1",
  first_received_at: "2026-09-20T08:30:00.000Z",
  refunds: [
    { type: "refund", event_id: "r-1", amount: 12.5, occurred_at: "2026-09-20T08:00:00.000Z" },
    { type: "chargeback", event_id: "cb-1", amount: null, occurred_at: "2026-09-22T09:00:00.000Z" },
  ],
};
const undated: OverdueRefund = {
  advertiser_id: "cutechat",
  sale_id: "sale-lost",
  uid: "affiliate-2",
  first_received_at: null,
  refunds: [{ type: "refund", event_id: "r-2", amount: 30, occurred_at: "2026-08-01T12:00:00.000Z" }],
};

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole("cell")
    .map((cell) => cell.textContent);

test("says how many sales' refunds have waited past the bound, and lists them, longest waiting first, on View", async () => {
  api.fetchOverdueRefunds.mockResolvedValueOnce({ older_than_days: 7, count: 2, pending: [undated, monthOld] });
  render(<OverdueRefundsSection />);

  const section = await screen.findByRole("region", { name: "Refunds waiting for their sale" });
  expect(
    within(section).getByText("Refunds for 2 sales have waited over 7 days: the sales have not arrived."),
  ).toBeTruthy();
  expect(within(section).queryByRole("table")).toBeNull();

  fireEvent.click(within(section).getByRole("button", { name: "View" }));
  const rows = within(section).getAllByRole("row").slice(1);
  expect(rows.map((row) => cellsOf(row).slice(0, 4))).toEqual([
    ["Before this was recorded", "cutechat", "sale-lost", "affiliate-2"],
    ["20 Sept 2026, 08:30 UTC", "promptchan", "sale-typo", "affiliate-1"],
  ]);
  expect(
    within(rows[1]!)
      .getAllByRole("listitem")
      .map((item) => item.textContent),
  ).toEqual([
    "Refund r-1: $12.50, 20 Sept 2026, 08:00 UTC",
    "Chargeback cb-1: all that is left, 22 Sept 2026, 09:00 UTC",
  ]);
  expect(screen.queryByText(/Showing the/)).toBeNull();

  fireEvent.click(within(section).getByRole("button", { name: "Hide" }));
  expect(within(section).queryByRole("table")).toBeNull();
});

test("one sale is counted in the singular", async () => {
  api.fetchOverdueRefunds.mockResolvedValueOnce({ older_than_days: 7, count: 1, pending: [monthOld] });
  render(<OverdueRefundsSection />);
  await screen.findByText("Refunds for 1 sale have waited over 7 days: the sale has not arrived.");
});

test("when more are waiting than listed, says the list is the longest waiting of them", async () => {
  api.fetchOverdueRefunds.mockResolvedValueOnce({ older_than_days: 7, count: 120, pending: [undated, monthOld] });
  render(<OverdueRefundsSection />);
  fireEvent.click(await screen.findByRole("button", { name: "View" }));
  expect(screen.getByText("Showing the 2 longest waiting of 120.")).toBeTruthy();
});

test("a quiet line when none has waited past the bound", async () => {
  api.fetchOverdueRefunds.mockResolvedValueOnce({ older_than_days: 7, count: 0, pending: [] });
  render(<OverdueRefundsSection />);
  await screen.findByText("No refund has waited over 7 days for its sale.");
  expect(screen.queryByRole("region")).toBeNull();
  expect(screen.queryByRole("button")).toBeNull();
});

test("nothing when asking fails, which is only logged", async () => {
  const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
  api.fetchOverdueRefunds.mockRejectedValueOnce(new Error("offline"));
  const { container } = render(<OverdueRefundsSection />);
  await vi.waitFor(() => expect(logged).toHaveBeenCalledWith("Loading the overdue refunds failed:", expect.any(Error)));
  expect(container.textContent).toBe("");
  logged.mockRestore();
});
