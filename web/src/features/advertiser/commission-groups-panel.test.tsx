import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { afterEach, expect, test, vi } from "vitest";
import type { User } from "firebase/auth";
import { createQueryClient } from "../../lib/query-client";

const api = vi.hoisted(() => ({
  fetchGroups: vi.fn<(user: unknown) => Promise<unknown>>(),
  saveGroup: vi.fn<(user: unknown, edit: unknown, name: string, terms: unknown) => Promise<unknown>>(),
}));
vi.mock("./advertiser-api", () => api);
const { CommissionGroupsPanel } = await import("./commission-groups-panel");

afterEach(cleanup);

const user = { uid: "admin-1" } as User;
const renewals = { "1": 0.5, "2": 0.5 };
const inForce = (rate: number, hold: number) => ({
  promptchan: { commission_rate: rate, repeat_rates: renewals, hold_days: hold },
  cutechat: { commission_rate: 0.6, repeat_rates: renewals, hold_days: hold },
  creategirls: { commission_rate: 0.6, repeat_rates: renewals, hold_days: hold },
});
const groups = [
  {
    id: "default",
    name: "Default",
    version: 0,
    updated_at: null,
    terms: { rates: {}, hold_days: null, minimum_payout: null },
    in_force: inForce(0.6, 30),
    members: 12,
  },
  {
    id: "vip",
    name: "VIP",
    version: 3,
    updated_at: "2026-11-27T07:00:00Z",
    terms: {
      rates: { promptchan: { commission_rate: 0.7, repeat_rates: { "1": 0.55 } } },
      hold_days: 7,
      minimum_payout: null,
    },
    in_force: inForce(0.7, 7),
    members: 2,
  },
];

function renderPanel(isAdmin: boolean) {
  api.fetchGroups.mockResolvedValue(groups);
  api.saveGroup.mockResolvedValue({});
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CommissionGroupsPanel user={user} isAdmin={isAdmin} />
    </QueryClientProvider>,
  );
}

test("staff see every group with its affiliates and what it pays now, and cannot change them", async () => {
  renderPanel(false);
  const vip = (await screen.findByRole("rowheader", { name: "VIP" })).closest("tr")!;
  expect([...vip.querySelectorAll("td")].map((cell) => cell.textContent)).toEqual(["2", "70%", "60%", "60%", "7 days"]);
  expect(screen.queryByRole("button", { name: "New group" })).toBeNull();
  expect(screen.queryByRole("button", { name: "Edit VIP" })).toBeNull();
});

test("an admin creates a group: a blank rate or hold is the programme's, renewals the programme's in force", async () => {
  renderPanel(true);
  fireEvent.click(await screen.findByRole("button", { name: "New group" }));
  const form = screen.getByRole("form", { name: "New commission group" });
  fireEvent.change(within(form).getByLabelText(/^Name/), { target: { value: "Gold" } });
  fireEvent.change(within(form).getByLabelText(/^Promptchan first-sale rate/), { target: { value: "65" } });
  fireEvent.click(within(form).getByRole("button", { name: "Save group" }));
  await waitFor(() =>
    expect(api.saveGroup).toHaveBeenCalledWith(user, null, "Gold", {
      rates: { promptchan: { commission_rate: 0.65, repeat_rates: renewals } },
      hold_days: null,
      minimum_payout: null,
    }),
  );
});

test("an admin edits a group on the version loaded, keeping its own renewal rates", async () => {
  renderPanel(true);
  fireEvent.click(await screen.findByRole("button", { name: "Edit VIP" }));
  const form = screen.getByRole("form", { name: "Edit VIP" });
  expect((within(form).getByLabelText("Hold (days)") as HTMLInputElement).value).toBe("7");
  fireEvent.change(within(form).getByLabelText(/^Promptchan first-sale rate/), { target: { value: "72.5" } });
  fireEvent.change(within(form).getByLabelText("Minimum payout ($)"), { target: { value: "150" } });
  fireEvent.click(within(form).getByRole("button", { name: "Save group" }));
  await waitFor(() =>
    expect(api.saveGroup).toHaveBeenCalledWith(user, { id: "vip", version: 3 }, "VIP", {
      rates: { promptchan: { commission_rate: 0.725, repeat_rates: { "1": 0.55 } } },
      hold_days: 7,
      minimum_payout: 150,
    }),
  );
});
