import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { afterEach, expect, test, vi } from "vitest";
import type { User } from "firebase/auth";
import { createQueryClient } from "../../lib/query-client";

const api = vi.hoisted(() => ({
  fetchGroups: vi.fn<(user: unknown) => Promise<unknown>>(),
  fetchRewardRules: vi.fn<(user: unknown) => Promise<unknown>>(),
  saveRewardRules: vi.fn<(user: unknown, rules: unknown) => Promise<unknown>>(),
}));
vi.mock("./advertiser-api", () => api);
const { RewardRulesPanel } = await import("./reward-rules-panel");

afterEach(cleanup);

const user = { uid: "admin-1" } as User;
const groups = [
  { id: "default", name: "Default", version: 0 },
  { id: "gold", name: "Gold", version: 1 },
];
const rules = [
  {
    group_id: "default",
    version: 2,
    updated_at: "2026-11-27T07:00:00Z",
    tiers: [{ id: "t1", first_sales_30d: 20, lifetime_commission: 500, to_group: "gold" }],
    bonuses: [
      { id: "b1", name: "December push", first_sales: 20, starts_on: "2026-12-01", ends_on: "2026-12-31", amount: 100 },
    ],
  },
];

function renderPanel(isAdmin: boolean) {
  api.fetchGroups.mockResolvedValue(groups);
  api.fetchRewardRules.mockResolvedValue(rules);
  api.saveRewardRules.mockResolvedValue({});
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RewardRulesPanel user={user} isAdmin={isAdmin} />
    </QueryClientProvider>,
  );
}

test("staff see each group's tiers and bonuses in words, and cannot edit them", async () => {
  renderPanel(false);
  const list = await screen.findByRole("list", { name: "Default's tiers and bonuses" });
  expect(list.textContent).toContain("Tier: 20 first sales in 30 days or $500.00 lifetime commission: to Gold");
  expect(list.textContent).toContain("Bonus: December push: $100.00 for 20 first sales, 2026-12-01 to 2026-12-31");
  expect(screen.queryByRole("button", { name: "Edit tiers and bonuses" })).toBeNull();
});

test("an admin edits a group's: the ids and the version loaded go back with the change", async () => {
  renderPanel(true);
  fireEvent.click(await screen.findByRole("button", { name: "Edit tiers and bonuses" }));
  fireEvent.change(screen.getByLabelText("First sales in 30 days"), { target: { value: "12" } });
  fireEvent.click(screen.getByRole("button", { name: "Add bonus" }));
  fireEvent.change(screen.getByLabelText("Name", { selector: "#bonus-1-name" }), { target: { value: "January" } });
  fireEvent.change(screen.getByLabelText("First sales", { selector: "#bonus-1-first-sales" }), {
    target: { value: "5" },
  });
  fireEvent.change(screen.getByLabelText("From (yyyy-mm-dd)", { selector: "#bonus-1-from" }), {
    target: { value: "2027-01-01" },
  });
  fireEvent.change(screen.getByLabelText("To (yyyy-mm-dd)", { selector: "#bonus-1-to" }), {
    target: { value: "2027-01-31" },
  });
  fireEvent.change(screen.getByLabelText("Amount ($)", { selector: "#bonus-1-amount" }), { target: { value: "50" } });
  fireEvent.click(screen.getByRole("button", { name: "Save tiers and bonuses" }));
  await waitFor(() => expect(api.saveRewardRules).toHaveBeenCalled());
  expect(api.saveRewardRules.mock.calls[0]![1]).toEqual({
    group_id: "default",
    version: 2,
    tiers: [{ id: "t1", first_sales_30d: 12, lifetime_commission: 500, to_group: "gold" }],
    bonuses: [
      { id: "b1", name: "December push", first_sales: 20, starts_on: "2026-12-01", ends_on: "2026-12-31", amount: 100 },
      { name: "January", first_sales: 5, starts_on: "2027-01-01", ends_on: "2027-01-31", amount: 50 },
    ],
  });
});
