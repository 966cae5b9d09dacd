import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import type { User } from "firebase/auth";
import { affiliateView } from "./affiliate-view";
import { summaryRowFixture } from "./summary-row-fixture";

const api = vi.hoisted(() => ({
  issuePayouts: vi.fn<(user: unknown, userIds: string[]) => Promise<unknown>>(),
}));
vi.mock("./advertiser-api", () => api);
const { ReadyPayouts } = await import("./ready-payouts");

const user = { uid: "staff-1" } as User;
const destination = {
  method: "Wise" as const,
  fields: [["Wise Account Email", "ana@wise.test"]] as [string, string][],
};
const views = [
  summaryRowFixture({
    user_id: "ana",
    name: "Ana Ready",
    payable: 240,
    held: 60,
    payout_ready: true,
    ready_destination: destination,
  }),
  summaryRowFixture({
    user_id: "bo",
    name: "Bo Ready",
    payable: 500,
    payout_ready: true,
    ready_destination: destination,
  }),
  summaryRowFixture({ user_id: "cy", name: "Cy Pending", payout_pending: true, pending_payout: 300 }),
].map(affiliateView);

beforeEach(() => vi.resetAllMocks());
afterEach(cleanup);

/** The open dialog (jsdom has no showModal, so it counts as hidden). */
const dialog = () => screen.getByRole("dialog", { hidden: true });

describe("ready to pay, not requested", () => {
  test("lists only the affiliates who could be paid, with what is available, in hold, and where it would go", () => {
    render(<ReadyPayouts user={user} views={views} onIssued={() => {}} />);
    const table = screen.getByRole("region", { name: "Ready to pay" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((row) => within(row).getAllByRole("cell")[1]!.textContent)).toEqual(["Ana Ready", "Bo Ready"]);
    expect(within(rows[0]!).getByText("$240.00")).toBeTruthy();
    expect(within(rows[0]!).getByText("$60.00")).toBeTruthy();
    expect(within(rows[0]!).getByText("ana@wise.test")).toBeTruthy();
    expect(screen.getByText(/2 affiliates have the minimum payout or more available/)).toBeTruthy();
  });

  test("issuing the chosen ones asks first, then says what was issued and what was skipped, and why", async () => {
    api.issuePayouts.mockResolvedValue({
      items: [
        { user_id: "ana", status: "issued", invoice_number: "INV-2026-000009", amount: 240, reason: null },
        {
          user_id: "bo",
          status: "skipped",
          invoice_number: null,
          amount: null,
          reason: "A payout is already pending.",
        },
      ],
    });
    const onIssued = vi.fn();
    render(<ReadyPayouts user={user} views={views} onIssued={onIssued} />);
    fireEvent.click(screen.getByLabelText("All 2"));
    fireEvent.click(screen.getByRole("button", { name: "Issue 2 payouts" }));
    expect(within(dialog()).getByText(/Issue 2 payouts \(\$740\.00\)\?/)).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole("button", { name: "Issue payouts", hidden: true }));
    await waitFor(() => expect(api.issuePayouts).toHaveBeenCalledWith(user, ["ana", "bo"]));
    const result = await screen.findByRole("status");
    expect(result.textContent).toContain("Issued 1 payout ($240.00): they are now among the payouts due. Skipped 1:");
    expect(result.textContent).toContain("Bo Ready: A payout is already pending.");
    expect(onIssued).toHaveBeenCalledTimes(1);
  });

  test("nobody ready: says so, with nothing to choose", () => {
    render(<ReadyPayouts user={user} views={[views[2]!]} onIssued={() => {}} />);
    expect(screen.getByText("No other affiliate can be paid now.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Issue/ })).toBeNull();
  });
});
