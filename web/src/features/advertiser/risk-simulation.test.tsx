import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, test, vi } from "vitest";
import type { User } from "firebase/auth";
import type { RiskSimulation } from "./advertiser-api";

const api = vi.hoisted(() => ({
  simulateRiskRule: vi.fn<(user: unknown, family: string, action: string, threshold?: number) => Promise<unknown>>(),
}));
vi.mock("./advertiser-api", () => api);
const { RiskRuleSimulation } = await import("./risk-simulation");

const user = { uid: "admin-1" } as User;

const simulation = (overrides: Partial<RiskSimulation> = {}): RiskSimulation => ({
  family: "refund_rate",
  action: "hold_new",
  threshold: 3,
  window_days: 90,
  from: "2026-08-30",
  to: "2026-11-27",
  affiliates: [
    {
      user_id: "uid-ana",
      name: "Ana Farming",
      email: "ana@example.com",
      since: "2026-10-28",
      evidence: "Last 30 days: 12 of 12 sales refunded or charged back (100%); the programme's rate is 8%.",
      amount: 144,
    },
    { user_id: "uid-ben", name: "", email: "ben@example.com", since: "2026-11-27", evidence: "Another.", amount: 12.5 },
  ],
  count: 2,
  total: 156.5,
  cut: false,
  limit: 200,
  note: null,
  ...overrides,
});

function renderRule(threshold: number | undefined, family: "refund_rate" | "self_referral" = "refund_rate") {
  const ui = (value: number | undefined) => (
    <MemoryRouter>
      <RiskRuleSimulation
        user={user}
        label="Refund and chargeback rate"
        rule={{ family, action: "hold_new", threshold: value }}
      />
    </MemoryRouter>
  );
  const view = render(ui(threshold));
  return { rerender: (value: number | undefined) => view.rerender(ui(value)) };
}

afterEach(() => {
  cleanup();
  api.simulateRiskRule.mockReset();
});

describe("simulating a risk rule on the settings page", () => {
  test("lists the affiliates caught, linked to their row, with each amount and the total, for the rule as edited", async () => {
    api.simulateRiskRule.mockResolvedValue(simulation());
    const { rerender } = renderRule(3);
    fireEvent.click(screen.getByRole("button", { name: "Simulate: Refund and chargeback rate" }));
    const result = await screen.findByRole("status", { name: "Simulation: Refund and chargeback rate" });
    expect(api.simulateRiskRule).toHaveBeenCalledWith(user, "refund_rate", "hold_new", 3);
    expect(result.textContent).toContain(
      "Hold new commissions at 3, 30 Aug 2026 to 27 Nov 2026: 2 affiliates caught, $156.50 held in all.",
    );
    expect(within(result).getByRole("link", { name: "Ana Farming" }).getAttribute("href")).toBe(
      "/advertiser?q=uid-ana",
    );
    // No name: the e-mail, as the staff lists show it.
    expect(within(result).getByRole("link", { name: "ben@example.com" })).toBeTruthy();
    expect(result.textContent).toContain("$144.00");
    expect(result.textContent).toContain("Held from 28 Oct 2026. Last 30 days: 12 of 12 sales");
    // Editing the threshold sets the result aside: it was of the rule before.
    rerender(4);
    expect(screen.queryByRole("status", { name: "Simulation: Refund and chargeback rate" })).toBeNull();
  });

  test("a flag lists who it would catch and holds nothing: no amounts", async () => {
    api.simulateRiskRule.mockResolvedValue(
      simulation({
        action: "flag",
        total: 0,
        affiliates: simulation().affiliates.map((row) => ({ ...row, amount: 0 })),
      }),
    );
    renderRule(3);
    fireEvent.click(screen.getByRole("button", { name: "Simulate: Refund and chargeback rate" }));
    const result = await screen.findByRole("status", { name: "Simulation: Refund and chargeback rate" });
    expect(result.textContent).toContain(
      "Flag only at 3, 30 Aug 2026 to 27 Nov 2026: 2 affiliates caught, nothing held",
    );
    expect(result.textContent).toContain("Caught from 28 Oct 2026. Last 30 days");
    expect(result.textContent).not.toContain("$");
  });

  test("says when nobody would have been caught, and when the list was cut", async () => {
    api.simulateRiskRule.mockResolvedValue(simulation({ affiliates: [], count: 0, total: 0 }));
    renderRule(50);
    fireEvent.click(screen.getByRole("button", { name: "Simulate: Refund and chargeback rate" }));
    expect(await screen.findByText("No affiliate would have been caught in the last 90 days.")).toBeTruthy();

    cleanup();
    api.simulateRiskRule.mockResolvedValue(simulation({ cut: true }));
    renderRule(3);
    fireEvent.click(screen.getByRole("button", { name: "Simulate: Refund and chargeback rate" }));
    expect(await screen.findByText("The list was cut at 200 affiliates: more may be caught.")).toBeTruthy();
  });

  test("shows the server's refusal; self-referral is simulated too, with the note on how", async () => {
    api.simulateRiskRule.mockRejectedValue(new Error("threshold: must be at least 1."));
    renderRule(0.5);
    fireEvent.click(screen.getByRole("button", { name: "Simulate: Refund and chargeback rate" }));
    expect((await screen.findByRole("alert")).textContent).toContain("threshold: must be at least 1.");

    cleanup();
    const note =
      "The customers named by the window's sign-ups and sales are compared with each affiliate's identity as it is today.";
    api.simulateRiskRule.mockResolvedValue(simulation({ family: "self_referral", threshold: null, note }));
    renderRule(undefined, "self_referral");
    fireEvent.click(screen.getByRole("button", { name: "Simulate: Refund and chargeback rate" }));
    expect(await screen.findByText(note)).toBeTruthy();
    expect(api.simulateRiskRule).toHaveBeenLastCalledWith(user, "self_referral", "hold_new", undefined);
    expect(screen.queryByText(/cannot be simulated/)).toBeNull();
  });
});
