import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { MemoryRouter } from "react-router-dom";
import type { User } from "firebase/auth";
import { QueryClientProvider } from "@tanstack/react-query";
import { createQueryClient } from "../../lib/query-client";
import type { RiskCaseRow, RiskCaseView } from "./advertiser-api";

const api = vi.hoisted(() => ({
  fetchRiskCases: vi.fn<(user: unknown) => Promise<{ cases: RiskCaseRow[]; open: number }>>(),
  fetchRiskCase: vi.fn<(user: unknown, caseId: string) => Promise<RiskCaseView>>(),
  resolveRiskCase: vi.fn(),
  setSuspension: vi.fn(),
}));
vi.mock("./advertiser-api", () => api);

const { RiskCases, resolveQuestion } = await import("./risk-section");

let queryClient = createQueryClient();
const user = { uid: "staff-1" } as User;

function show(url = "/advertiser/risk") {
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <RiskCases user={user} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function caseRow(overrides: Partial<RiskCaseRow> = {}): RiskCaseRow {
  return {
    case_id: "case-fred",
    user_id: "uid-fred",
    name: "Fred Fraudster",
    email: "fred@demo.test",
    status: "open",
    action: "hold_new",
    families: ["shared_destination"],
    family_labels: ["Payout destination shared with other affiliates"],
    opened_at: "2026-11-20T10:00:00.000Z",
    updated_at: "2026-11-20T10:00:00.000Z",
    event_count: 1,
    case_held: 120.5,
    at_stake: 120.5,
    ...overrides,
  };
}

const henry = caseRow({
  case_id: "case-henry",
  user_id: "uid-henry",
  name: "Henry Hotline",
  email: "henry@demo.test",
  action: "flag",
  case_held: 0,
  at_stake: 0,
});

function caseView(row: RiskCaseRow): RiskCaseView {
  return {
    ...row,
    events: [
      {
        key: "shared_destination:abc:uid-henry",
        family: "shared_destination",
        action: "hold_new",
        at: "2026-11-20T10:00:00.000Z",
        evidence: {
          detail: "Uses the same payout destination as affiliate uid-henry.",
          other_uid: "uid-henry",
          destination_kind: "wise",
        },
      },
    ],
    resolution: null,
    affiliate: {
      fraud_user: false,
      balance: 320.5,
      held: 50,
      case_held: 120.5,
      payable: 150,
      total_earnings: 400,
      total_refunded: 79.5,
      total_payouts: 0,
      total_sales: 7,
      total_refunds: 2,
      total_sign_ups: 30,
      total_clicks: 900,
      total_filtered_clicks: 12,
    },
  };
}

/** The open dialog (jsdom has no showModal, so it counts as hidden), checked by its title. */
function dialogNamed(title: string): HTMLElement {
  const dialog = screen.getByRole("dialog", { hidden: true });
  expect(document.getElementById(dialog.getAttribute("aria-labelledby")!)?.textContent).toBe(title);
  return dialog;
}

afterEach(() => {
  cleanup();
  queryClient = createQueryClient();
  for (const mock of Object.values(api)) mock.mockReset();
});

describe("the Risk section", () => {
  test("says so when no case is open", async () => {
    api.fetchRiskCases.mockResolvedValue({ cases: [], open: 0 });
    show();
    expect(await screen.findByText("No open cases")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Release/ })).toBeNull();
  });

  test("lists the open cases as the server orders them, each with who, why, since when and the money", async () => {
    api.fetchRiskCases.mockResolvedValue({ cases: [caseRow(), henry], open: 2 });
    show();
    const cards = await screen.findAllByRole("article");
    expect(cards.map((card) => within(card).getByRole("heading", { level: 3 }).textContent)).toEqual([
      "Fred Fraudster",
      "Henry Hotline",
    ]);
    const fred = cards[0]!;
    expect(within(fred).getByText("fred@demo.test · uid-fred")).toBeTruthy();
    expect(within(fred).getByText("Payout destination shared with other affiliates")).toBeTruthy();
    expect(within(fred).getByText("Hold new commissions")).toBeTruthy();
    expect(within(fred).getAllByText("$120.50")).toHaveLength(2);
    expect(within(cards[1]!).getByText("Flag only")).toBeTruthy();
    expect(screen.getByText("2 open cases, the most money at stake first.")).toBeTruthy();
    // The evidence is asked for only when a case is opened.
    expect(api.fetchRiskCase).not.toHaveBeenCalled();
  });

  test("an opened case shows its evidence, linking the other affiliate's row and case, and the figures", async () => {
    api.fetchRiskCases.mockResolvedValue({ cases: [caseRow(), henry], open: 2 });
    api.fetchRiskCase.mockResolvedValue(caseView(caseRow()));
    show();
    const fred = (await screen.findAllByRole("article"))[0]!;
    fireEvent.click(within(fred).getByRole("button", { name: "Show evidence" }));
    expect(await within(fred).findByText("Uses the same payout destination as affiliate uid-henry.")).toBeTruthy();
    expect(api.fetchRiskCase).toHaveBeenCalledWith(user, "case-fred");
    expect(within(fred).getByText("Wise account")).toBeTruthy();
    expect(within(fred).getByRole("link", { name: "Henry Hotline" }).getAttribute("href")).toBe(
      "/advertiser?q=uid-henry",
    );
    expect(within(fred).getByRole("link", { name: "their case" }).getAttribute("href")).toBe(
      "/advertiser/risk?case=case-henry",
    );
    expect(within(fred).getByText("Filtered clicks (bots)")).toBeTruthy();
    expect(within(fred).getByText("$150.00")).toBeTruthy();
  });

  test("a shared sign-in device's evidence: the family as staff read it, the line and the other affiliate", async () => {
    const row = caseRow({
      action: "flag",
      families: ["shared_device"],
      family_labels: ["Signs in from the same device as other affiliates"],
    });
    const view = caseView(row);
    api.fetchRiskCases.mockResolvedValue({ cases: [row, henry], open: 2 });
    api.fetchRiskCase.mockResolvedValue({
      ...view,
      events: [
        {
          key: "shared_device:f00d",
          family: "shared_device",
          action: "flag",
          at: "2026-11-20T10:00:00.000Z",
          evidence: {
            detail: "Signs in from the same device (address and browser) as affiliate uid-henry, within 30 days.",
            other_uid: "uid-henry",
          },
        },
      ],
    });
    show();
    const fred = (await screen.findAllByRole("article"))[0]!;
    fireEvent.click(within(fred).getByRole("button", { name: "Show evidence" }));
    expect(
      await within(fred).findByText(
        "Signs in from the same device (address and browser) as affiliate uid-henry, within 30 days.",
      ),
    ).toBeTruthy();
    expect(within(fred).getAllByText("Signs in from the same device as other affiliates").length).toBeGreaterThan(1);
    expect(within(fred).getByRole("link", { name: "Henry Hotline" }).getAttribute("href")).toBe(
      "/advertiser?q=uid-henry",
    );
    // No destination kind for a device: only the other affiliate.
    expect(within(fred).queryByText("Shared")).toBeNull();
  });

  test("a link to one case (?case=) opens it", async () => {
    api.fetchRiskCases.mockResolvedValue({ cases: [caseRow(), henry], open: 2 });
    api.fetchRiskCase.mockResolvedValue(caseView(henry));
    show("/advertiser/risk?case=case-henry");
    const henryCard = (await screen.findAllByRole("article"))[1]!;
    expect(within(henryCard).getByRole("button", { name: "Hide evidence" })).toBeTruthy();
    expect(api.fetchRiskCase).toHaveBeenCalledWith(user, "case-henry");
    expect(document.activeElement).toBe(henryCard);
  });

  test("Release asks first, with what happens to how much and a required reason; the answer stays in place", async () => {
    api.fetchRiskCases.mockResolvedValue({ cases: [caseRow()], open: 1 });
    api.resolveRiskCase.mockResolvedValue({
      case_id: "case-fred",
      user_id: "uid-fred",
      status: "released",
      changed: true,
      held: 120.5,
      suspension_offered: false,
      message: "Released: $120.50 of held commission is back on its normal hold timeline.",
    });
    show();
    fireEvent.click(await screen.findByRole("button", { name: "Release Fred Fraudster's case" }));
    const dialog = dialogNamed("Release Fred Fraudster's case?");
    expect(within(dialog).getByText(/^\$120\.50 of commission held by this case goes back/)).toBeTruthy();

    fireEvent.click(within(dialog).getByRole("button", { name: "Release $120.50", hidden: true }));
    expect(await within(dialog).findByText("Say why: the reason is kept with the case.")).toBeTruthy();
    expect(api.resolveRiskCase).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByLabelText("Reason (kept with the case)"), {
      target: { value: " Same household, checked " },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Release $120.50", hidden: true }));
    expect(
      await screen.findByText("Released: $120.50 of held commission is back on its normal hold timeline."),
    ).toBeTruthy();
    expect(api.resolveRiskCase).toHaveBeenCalledWith(user, "case-fred", "release", "Same household, checked");
    expect(screen.queryByRole("dialog", { hidden: true })).toBeNull();
    expect(screen.getByText("Released")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Release/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /Suspend/ })).toBeNull();
    expect(screen.getByText("0 open cases, the most money at stake first.")).toBeTruthy();
  });

  test("after Confirm fraud, suspension is offered through the suspension dialog", async () => {
    api.fetchRiskCases.mockResolvedValue({ cases: [caseRow()], open: 1 });
    api.resolveRiskCase.mockResolvedValue({
      case_id: "case-fred",
      user_id: "uid-fred",
      status: "confirmed",
      changed: true,
      held: 120.5,
      suspension_offered: true,
      message: "Fraud confirmed: $120.50 of held commission cancelled.",
    });
    api.setSuspension.mockResolvedValue({});
    show();
    fireEvent.click(await screen.findByRole("button", { name: "Confirm fraud by Fred Fraudster" }));
    const dialog = dialogNamed("Confirm fraud by Fred Fraudster?");
    expect(within(dialog).getByText(/cancelled for good, counted as clawed back/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText("Reason (kept with the case)"), {
      target: { value: "Same person as Henry" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel $120.50", hidden: true }));
    expect(await screen.findByText("Fraud confirmed: $120.50 of held commission cancelled.")).toBeTruthy();
    expect(api.resolveRiskCase).toHaveBeenCalledWith(user, "case-fred", "confirm", "Same person as Henry");

    fireEvent.click(screen.getByRole("button", { name: "Suspend Fred Fraudster" }));
    const suspend = dialogNamed("Suspend Fred Fraudster?");
    fireEvent.change(within(suspend).getByLabelText("Reason (sent to the affiliate)"), {
      target: { value: "Fraud confirmed" },
    });
    fireEvent.click(within(suspend).getByRole("button", { name: "Suspend", hidden: true }));
    expect(await screen.findByText("Fred Fraudster is suspended.")).toBeTruthy();
    expect(api.setSuspension).toHaveBeenCalledWith(
      user,
      { user_id: "uid-fred", name: "Fred Fraudster", email: "fred@demo.test", fraud_user: false },
      true,
      "Fraud confirmed",
    );
    expect(screen.queryByRole("button", { name: "Suspend Fred Fraudster" })).toBeNull();
  });

  test("a refusal (another staff member resolved it the other way) is said in the dialog", async () => {
    api.fetchRiskCases.mockResolvedValue({ cases: [caseRow()], open: 1 });
    api.resolveRiskCase.mockRejectedValue(
      new Error("This case was already confirmed by a@b.c: it cannot be released now."),
    );
    show();
    fireEvent.click(await screen.findByRole("button", { name: "Release Fred Fraudster's case" }));
    const dialog = screen.getByRole("dialog", { hidden: true });
    fireEvent.change(within(dialog).getByLabelText("Reason (kept with the case)"), { target: { value: "ok" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Release $120.50", hidden: true }));
    expect(await within(dialog).findByRole("alert", { hidden: true })).toBeTruthy();
    expect(within(dialog).getByText(/already confirmed/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Release Fred Fraudster's case" })).toBeTruthy();
  });

  test("under hold_all the question says the payable balance is no longer held back", () => {
    const row = caseRow({ action: "hold_all", case_held: 100, at_stake: 350 });
    expect(resolveQuestion(row, "release")).toContain("Fred Fraudster's payable $250.00 is no longer held back");
    expect(resolveQuestion(caseRow(), "confirm")).not.toContain("payable");
  });

  test("a case that holds nothing says so, and its buttons name no amount", async () => {
    expect(resolveQuestion(henry, "release")).toBe(
      "This case holds no commission: releasing it closes the case and changes nothing of Henry Hotline's money.",
    );
    expect(resolveQuestion(henry, "confirm")).toContain("nothing is cancelled");
    api.fetchRiskCases.mockResolvedValue({ cases: [henry], open: 1 });
    show();
    fireEvent.click(await screen.findByRole("button", { name: "Confirm fraud by Henry Hotline" }));
    const dialog = dialogNamed("Confirm fraud by Henry Hotline?");
    expect(within(dialog).getByRole("button", { name: "Confirm fraud", hidden: true })).toBeTruthy();
  });
});
