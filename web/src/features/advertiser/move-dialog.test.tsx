import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { afterEach, expect, test, vi } from "vitest";
import type { User } from "firebase/auth";
import { createQueryClient } from "../../lib/query-client";

const api = vi.hoisted(() => ({ fetchGroups: vi.fn<(user: unknown) => Promise<unknown>>() }));
vi.mock("./advertiser-api", () => api);
const { MoveDialog } = await import("./move-dialog");

afterEach(cleanup);

const user = { uid: "staff-1" } as User;
const rates = (rate: number) => ({
  promptchan: { commission_rate: rate, repeat_rates: {}, hold_days: 30 },
  cutechat: { commission_rate: rate, repeat_rates: {}, hold_days: 30 },
  creategirls: { commission_rate: rate, repeat_rates: {}, hold_days: 30 },
});
const group = (id: string, name: string, rate: number) => ({
  id,
  name,
  version: 1,
  updated_at: null,
  terms: { rates: {}, hold_days: null, minimum_payout: null },
  in_force: rates(rate),
  members: 0,
});

// jsdom has no showModal, so the open dialog counts as hidden: its parts are found with hidden: true.
test("staff pick another group and say why; the current group is not offered, and a reason is required", async () => {
  api.fetchGroups.mockResolvedValue([
    group("default", "Default", 0.6),
    group("vip", "VIP", 0.7),
    group("gold", "Gold", 0.65),
  ]);
  const onConfirm = vi.fn<(affiliate: unknown, groupId: string, reason: string) => Promise<void>>().mockResolvedValue();
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MoveDialog
        user={user}
        affiliate={{
          user_id: "u1",
          name: "Dana Demo",
          email: "dana@test.example",
          group: { id: "default", name: "Default" },
        }}
        onClose={onClose}
        onConfirm={onConfirm}
      />
    </QueryClientProvider>,
  );
  expect(screen.getByText(/They are in Default\./)).toBeTruthy();
  const select = (await screen.findByRole("combobox", { name: "Group", hidden: true })) as HTMLSelectElement;
  await waitFor(() => expect([...select.options].map((option) => option.text)).toEqual(["VIP (70%)", "Gold (65%)"]));

  fireEvent.click(screen.getByRole("button", { name: "Move", hidden: true }));
  expect(await screen.findByText("Say why: it is kept with the move.")).toBeTruthy();
  expect(onConfirm).not.toHaveBeenCalled();

  fireEvent.change(select, { target: { value: "gold" } });
  fireEvent.change(screen.getByRole("textbox", { name: "Reason (kept in the audit)", hidden: true }), {
    target: { value: " Best month ever " },
  });
  fireEvent.click(screen.getByRole("button", { name: "Move", hidden: true }));
  await waitFor(() => expect(onClose).toHaveBeenCalled());
  expect(onConfirm).toHaveBeenCalledWith(expect.objectContaining({ user_id: "u1" }), "gold", "Best month ever");
});

test("with only the default group, the dialog says there is no other group yet and how to make one", async () => {
  api.fetchGroups.mockResolvedValue([group("default", "Default", 0.6)]);
  const onConfirm = vi.fn<(affiliate: unknown, groupId: string, reason: string) => Promise<void>>();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MoveDialog
        user={user}
        affiliate={{ user_id: "u1", name: "Dana Demo", email: "", group: { id: "default", name: "Default" } }}
        onClose={vi.fn()}
        onConfirm={onConfirm}
      />
    </QueryClientProvider>,
  );
  expect(
    await screen.findByText(
      "There is no other group yet: an admin creates one under Commission groups on the Settings tab (New group).",
    ),
  ).toBeTruthy();
  fireEvent.click(screen.getByRole("button", { name: "Move", hidden: true }));
  expect(onConfirm).not.toHaveBeenCalled();
});
