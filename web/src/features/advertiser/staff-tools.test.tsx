import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import type { User } from "firebase/auth";

const api = vi.hoisted(() => ({
  adjustBalance: vi.fn<(user: unknown, body: unknown) => Promise<unknown>>(),
  setDeal: vi.fn(),
  fetchAffiliateHistory: vi.fn(),
}));
vi.mock("./advertiser-api", () => api);
const { AdjustDialog } = await import("./adjust-dialog");
const { dealSummary } = await import("./deal-dialog");
const { historyText, recordedBy } = await import("./history-dialog");

afterEach(cleanup);

const user = { uid: "staff-1" } as User;
const deal = (ends_at: string | null) => ({
  terms: { rates: { promptchan: { commission_rate: 0.725 } }, hold_days: 7, minimum_payout: 50 },
  starts_at: "2026-11-01T00:00:00.000Z",
  ends_at,
});

test("a deal in a line: its rates, hold and minimum, and its end", () => {
  expect(dealSummary(deal("2099-12-31T00:00:00.000Z"))).toBe(
    "Promptchan 72.5%, hold 7 days, minimum payout $50.00 · until 31 Dec 2099",
  );
  expect(dealSummary({ ...deal(null), terms: { rates: {}, hold_days: null, minimum_payout: null } })).toBe(
    "the group's terms · no end",
  );
});

test("history entries in a line: a move, a deal set and ended, an adjustment either way", () => {
  const common = { id: "x", at: "2026-11-27T10:00:00.000Z", reason: "Why", by: { uid: "s", email: "s@x" } };
  expect(
    historyText({
      kind: "move",
      ...common,
      from: { id: "default", name: "Default" },
      to: { id: "v", name: "VIP" },
      tier: null,
    }),
  ).toBe("Moved from Default to VIP");
  expect(historyText({ kind: "deal", ...common, deal: deal(null), previous: null })).toBe(
    "Deal set: Promptchan 72.5%, hold 7 days, minimum payout $50.00 · no end",
  );
  expect(historyText({ kind: "deal", ...common, deal: deal("2026-11-27T10:00:00.000Z"), previous: deal(null) })).toBe(
    "Deal ended",
  );
  expect(historyText({ kind: "adjustment", ...common, advertiser: "cutechat", amount: -12.5 })).toBe(
    "Balance adjusted −$12.50 (CuteChat)",
  );
  expect(historyText({ kind: "adjustment", ...common, advertiser: "promptchan", amount: 25 })).toBe(
    "Balance adjusted +$25.00 (Promptchan)",
  );
});

// jsdom has no showModal, so the open dialog counts as hidden: its parts are found with hidden: true.
test("the adjust dialog checks the amount and the reason, and sends the same key on a second submit", async () => {
  api.adjustBalance.mockRejectedValueOnce(new Error("Network down")).mockResolvedValue({});
  const onClose = vi.fn();
  const onAdjusted = vi.fn();
  const affiliate = { user_id: "u1", name: "Dana Demo", email: "", required_payout: 10 };
  render(<AdjustDialog user={user} affiliate={affiliate} onClose={onClose} onAdjusted={onAdjusted} />);
  const amount = screen.getByRole("textbox", { name: "Amount in dollars (negative takes back)", hidden: true });
  const submit = screen.getByRole("button", { name: "Adjust balance", hidden: true });
  fireEvent.change(amount, { target: { value: "1.005" } });
  fireEvent.click(submit);
  expect(await screen.findByText("Enter an amount of dollars other than 0, like 25 or -12.50.")).toBeTruthy();
  fireEvent.change(amount, { target: { value: "-2.50" } });
  fireEvent.click(submit);
  expect(await screen.findByText("Say why: the affiliate sees it.")).toBeTruthy();
  fireEvent.change(screen.getByRole("textbox", { name: /^Reason/, hidden: true }), { target: { value: " Refund " } });
  fireEvent.click(submit);
  expect(await screen.findByText("Network down")).toBeTruthy();
  fireEvent.click(submit);
  await waitFor(() => expect(onClose).toHaveBeenCalled());
  expect(onAdjusted).toHaveBeenCalled();
  const [first, second] = api.adjustBalance.mock.calls.map(([, body]) => body as Record<string, string>);
  expect(first).toMatchObject({ user_id: "u1", advertiser: "promptchan", amount: "-2.50", reason: "Refund" });
  expect(second!.idempotency_key).toBe(first!.idempotency_key);
});

test("who made a change: staff by e-mail, a tier reached, the migration", () => {
  const move = {
    kind: "move" as const,
    id: "m",
    at: "2026-11-27T10:00:00.000Z",
    reason: "Why",
    from: { id: "default", name: "Default" },
    to: { id: "gold", name: "Gold" },
  };
  expect(recordedBy({ ...move, by: { uid: "s", email: "s@x" }, tier: null })).toBe("s@x");
  expect(
    recordedBy({ ...move, by: { uid: "tier:default/t1", email: "" }, tier: { group_id: "default", tier_id: "t1" } }),
  ).toBe("a tier reached");
  expect(
    recordedBy({ kind: "deal", id: "d", at: move.at, reason: "Migrated", by: null, deal: null, previous: null }),
  ).toBe("migration");
});
