import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import type { User } from "firebase/auth";
import { landingPages } from "@domain/landing-pages";
import { defaultSettings, settingsForApi } from "@domain/programme-settings";
import { riskFamilies, riskFamilyInfo } from "@domain/risk-rules";
import { createQueryClient } from "../../lib/query-client";
import type { AdvertiserSettingsView } from "./advertiser-api";

const api = vi.hoisted(() => ({
  fetchProgrammeSettings: vi.fn<(user: unknown) => Promise<unknown>>(),
  saveProgrammeSettings:
    vi.fn<(user: unknown, advertiser: string, version: number, settings: unknown) => Promise<unknown>>(),
}));
vi.mock("./advertiser-api", () => api);
const { ProgrammeSettingsPanel } = await import("./programme-settings-panel");

const user = { uid: "admin-1" } as User;

const promptchan: AdvertiserSettingsView = {
  advertiser: "promptchan",
  version: 2,
  settings: settingsForApi({ ...defaultSettings("promptchan"), commission_rate: 0.55, minimum_payout_cents: 15_000 }),
  history: [
    {
      version: 2,
      effective_from: "2026-11-21T10:00:00Z",
      changed_by: { uid: "admin-1", email: "admin@demo.test" },
      changes: [{ field: "minimum_payout", from: 200, to: 150 }],
      settings: settingsForApi({
        ...defaultSettings("promptchan"),
        commission_rate: 0.55,
        minimum_payout_cents: 15_000,
      }),
    },
    {
      version: 1,
      effective_from: "2026-11-20T10:00:00Z",
      changed_by: { uid: "admin-1", email: "admin@demo.test" },
      changes: [{ field: "commission_rate", from: 0.6, to: 0.55 }],
      settings: settingsForApi({ ...defaultSettings("promptchan"), commission_rate: 0.55 }),
    },
    {
      version: 0,
      effective_from: "1970-01-01T00:00:00Z",
      changed_by: null,
      changes: [],
      settings: settingsForApi(defaultSettings("promptchan")),
    },
  ],
};
const others = (["cutechat", "creategirls"] as const).map((advertiser) => ({
  advertiser,
  version: 0,
  settings: settingsForApi(defaultSettings(advertiser)),
  history: [],
}));

function renderPanel(isAdmin: boolean) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ProgrammeSettingsPanel user={user} isAdmin={isAdmin} />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole("button", { name: "View" }));
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

/** The save's confirmation (jsdom has no showModal, so the open dialog counts as hidden). */
const confirmDialog = () => screen.getByRole("dialog", { hidden: true });
const confirmSave = () =>
  fireEvent.click(within(confirmDialog()).getByRole("button", { name: "Save settings", hidden: true }));

beforeEach(() => {
  vi.resetAllMocks();
  api.fetchProgrammeSettings.mockResolvedValue({ advertisers: [promptchan, ...others] });
});
afterEach(cleanup);

describe("programme settings", () => {
  test("shows the settings in force and the versions with who changed what", async () => {
    renderPanel(true);
    expect((await screen.findByLabelText("Commission rate (%)")) as HTMLInputElement).toHaveProperty("value", "55");
    expect(input("Hold period (days)").value).toBe("30");
    expect(input("Renewal 12").value).toBe("50");
    expect(screen.getByText("Commission rate: 60% → 55%")).toBeTruthy();
    expect(screen.getByText("Minimum payout: $200.00 → $150.00")).toBeTruthy();
    expect(input("Minimum payout ($)").value).toBe("150");
    expect(input("Days between payouts").value).toBe("30");
    expect(screen.getAllByText("admin@demo.test")).toHaveLength(2);
    expect(screen.getByText("The original terms")).toBeTruthy();
  });

  test("an admin's save sends the settings as rates and days, on top of the version loaded", async () => {
    api.saveProgrammeSettings.mockResolvedValue({
      version: 3,
      changed: true,
      message: "Saved as version 3: in force from now.",
    });
    renderPanel(true);
    fireEvent.change(await screen.findByLabelText("Commission rate (%)"), { target: { value: "45.5" } });
    fireEvent.change(input("Hold period (days)"), { target: { value: "14" } });
    fireEvent.click(screen.getByRole("button", { name: "Remove the last" }));
    fireEvent.click(screen.getByLabelText("AI Porn"));
    // The settings read again after the save are the new version's.
    const saved = { ...promptchan, version: 3, settings: { ...promptchan.settings, commission_rate: 0.455 } };
    api.fetchProgrammeSettings.mockResolvedValue({ advertisers: [saved, ...others] });
    fireEvent.click(screen.getByRole("button", { name: "Save settings" }));
    // Asked first, with what changes, old → new; nothing is sent until the yes.
    const dialog = confirmDialog();
    expect(document.getElementById(dialog.getAttribute("aria-labelledby")!)?.textContent).toBe(
      "Save Promptchan's settings?",
    );
    expect(
      within(dialog)
        .getAllByRole("listitem", { hidden: true })
        .map((item) => item.textContent),
    ).toEqual([
      "Commission rate: 55% → 45.5%",
      "Renewal rates: 50% on the first 12 → 50% on the first 11",
      "Hold period: 30 days → 14 days",
      `Landing pages: ${landingPages.length} of ${landingPages.length} → ${landingPages.length - 1} of ${landingPages.length}`,
    ]);
    expect(api.saveProgrammeSettings).not.toHaveBeenCalled();
    confirmSave();
    await waitFor(() => expect(api.saveProgrammeSettings).toHaveBeenCalledTimes(1));
    const [, advertiser, version, settings] = api.saveProgrammeSettings.mock.calls[0]!;
    expect(advertiser).toBe("promptchan");
    expect(version).toBe(2);
    expect(settings).toMatchObject({
      commission_rate: 0.455,
      hold_days: 14,
      attribution_window_days: 30,
      minimum_payout: 150,
      payout_interval_days: 30,
    });
    expect(Object.keys((settings as { repeat_rates: object }).repeat_rates)).toHaveLength(11);
    expect((settings as { landing_pages: string[] }).landing_pages).not.toContain("/ai-porn");
    // The form is made afresh for the new version, and still says the save went through.
    await waitFor(() => expect(api.fetchProgrammeSettings).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(input("Commission rate (%)").value).toBe("45.5"));
    expect((await screen.findByRole("status")).textContent).toBe("Saved as version 3: in force from now.");
  });

  test("settings out of range are refused in the page with the field and the reason, and not sent", async () => {
    renderPanel(true);
    fireEvent.change(await screen.findByLabelText("Commission rate (%)"), { target: { value: "120" } });
    fireEvent.click(screen.getByRole("button", { name: "Save settings" }));
    // Typed as a percentage, refused in percent (the API's own words speak of fractions).
    expect((await screen.findByRole("alert")).textContent).toBe("Commission rate: must be at most 100%.");
    fireEvent.change(input("Commission rate (%)"), { target: { value: "60" } });
    fireEvent.change(input("Renewal 3"), { target: { value: "-5" } });
    fireEvent.click(screen.getByRole("button", { name: "Save settings" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Renewal rates (renewal 3): must not be below 0%.");
    fireEvent.change(input("Renewal 3"), { target: { value: "50" } });
    fireEvent.change(input("Attribution window (days)"), { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Save settings" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Attribution window: must be a number of days.");
    fireEvent.change(input("Attribution window (days)"), { target: { value: "30" } });
    fireEvent.change(input("Minimum payout ($)"), { target: { value: "-1" } });
    fireEvent.click(screen.getByRole("button", { name: "Save settings" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Minimum payout: must not be below $0.");
    fireEvent.change(input("Minimum payout ($)"), { target: { value: "99.999" } });
    fireEvent.click(screen.getByRole("button", { name: "Save settings" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Minimum payout: must be in whole cents.");
    expect(api.saveProgrammeSettings).not.toHaveBeenCalled();
  });

  test("the server's refusal (someone saved meanwhile) is said in the page", async () => {
    api.saveProgrammeSettings.mockRejectedValue(new Error("The settings were changed since you loaded them."));
    renderPanel(true);
    fireEvent.change(await screen.findByLabelText("Commission rate (%)"), { target: { value: "50" } });
    fireEvent.click(screen.getByRole("button", { name: "Save settings" }));
    confirmSave();
    expect((await screen.findByRole("alert")).textContent).toBe("The settings were changed since you loaded them.");
  });

  test("a save that changes nothing says so and asks nothing", async () => {
    renderPanel(true);
    await screen.findByLabelText("Commission rate (%)");
    fireEvent.click(screen.getByRole("button", { name: "Save settings" }));
    expect((await screen.findByRole("status")).textContent).toBe("Nothing to save: these are the settings in force.");
    expect(screen.queryByRole("dialog", { hidden: true })).toBeNull();
    expect(api.saveProgrammeSettings).not.toHaveBeenCalled();
  });

  test("cancelling the save's question saves nothing and keeps what was typed", async () => {
    renderPanel(true);
    fireEvent.change(await screen.findByLabelText("Commission rate (%)"), { target: { value: "50" } });
    fireEvent.click(screen.getByRole("button", { name: "Save settings" }));
    fireEvent.click(within(confirmDialog()).getByRole("button", { name: "Cancel", hidden: true }));
    expect(screen.queryByRole("dialog", { hidden: true })).toBeNull();
    expect(api.saveProgrammeSettings).not.toHaveBeenCalled();
    expect(input("Commission rate (%)").value).toBe("50");
  });

  test("the payout rules are the whole programme's: set on the default advertiser, kept as they are on the others", async () => {
    api.saveProgrammeSettings.mockResolvedValue({ version: 1, changed: true, message: "Saved as version 1." });
    renderPanel(true);
    await screen.findByLabelText("Minimum payout ($)");
    fireEvent.click(screen.getByRole("radio", { name: "CuteChat" }));
    expect(
      await screen.findByText(/the minimum payout and the days between payouts are set under Promptchan/),
    ).toBeTruthy();
    expect(screen.queryByLabelText("Minimum payout ($)")).toBeNull();
    fireEvent.change(input("Hold period (days)"), { target: { value: "7" } });
    fireEvent.click(screen.getByRole("button", { name: "Save settings" }));
    confirmSave();
    await waitFor(() => expect(api.saveProgrammeSettings).toHaveBeenCalledTimes(1));
    const [, advertiser, , settings] = api.saveProgrammeSettings.mock.calls[0]!;
    expect(advertiser).toBe("cutechat");
    expect(settings).toMatchObject({ hold_days: 7, minimum_payout: 200, payout_interval_days: 30 });
  });

  test("the risk rules: a select per signal family and its threshold, saved with the settings", async () => {
    api.saveProgrammeSettings.mockResolvedValue({ version: 3, changed: true, message: "Saved as version 3." });
    renderPanel(true);
    const shared = (await screen.findByLabelText(
      "Payout destination shared with other affiliates",
    )) as HTMLSelectElement;
    const refunds = screen.getByLabelText("Refund and chargeback rate") as HTMLSelectElement;
    expect(shared.value).toBe("flag");
    expect(refunds.value).toBe("off");
    // Every family has its rule on the page, the newest too (on, flag only, by default).
    for (const family of riskFamilies) expect(screen.getByLabelText(riskFamilyInfo[family].label)).toBeTruthy();
    expect(
      (screen.getByLabelText("Signs in from the same device as other affiliates") as HTMLSelectElement).value,
    ).toBe("flag");
    fireEvent.change(shared, { target: { value: "hold_new" } });
    fireEvent.change(refunds, { target: { value: "hold_all" } });
    fireEvent.change(input("Times the programme's average rate"), { target: { value: "0.5" } });
    fireEvent.click(screen.getByRole("button", { name: "Save settings" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Risk rules (Refund and chargeback rate): must be at least 1.",
    );
    fireEvent.change(input("Times the programme's average rate"), { target: { value: "4" } });
    fireEvent.click(screen.getByRole("button", { name: "Save settings" }));
    expect(
      within(confirmDialog())
        .getAllByRole("listitem", { hidden: true })
        .map((item) => item.textContent),
    ).toEqual([
      "Risk rules: Payout destination shared with other affiliates: flag only; Signs in from the same device as other affiliates: flag only → Payout destination shared with other affiliates: hold new commissions; Signs in from the same device as other affiliates: flag only; Refund and chargeback rate: hold everything payable at 4",
    ]);
    confirmSave();
    await waitFor(() => expect(api.saveProgrammeSettings).toHaveBeenCalledTimes(1));
    const [, , , settings] = api.saveProgrammeSettings.mock.calls[0]!;
    expect((settings as { risk_rules: unknown }).risk_rules).toMatchObject({
      shared_destination: { enabled: true, action: "hold_new" },
      refund_rate: { enabled: true, action: "hold_all", threshold: 4 },
      self_referral: { enabled: false, action: "flag" },
      shared_device: { enabled: true, action: "flag" },
      traffic_quality: { enabled: false, threshold: 50 },
    });
  });

  test("the risk rules are the whole programme's: not offered on the other advertisers", async () => {
    renderPanel(true);
    await screen.findByLabelText("Payout destination shared with other affiliates");
    fireEvent.click(screen.getByRole("radio", { name: "CuteChat" }));
    await screen.findByText(/the minimum payout and the days between payouts are set under Promptchan/);
    expect(screen.queryByLabelText("Payout destination shared with other affiliates")).toBeNull();
  });

  test("advertiser staff read the settings as text, not as a form they cannot use", async () => {
    renderPanel(false);
    const summary = await screen.findByLabelText("Promptchan programme settings");
    expect(summary.tagName).toBe("DL");
    const shown = Object.fromEntries(
      within(summary)
        .getAllByRole("term")
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(shown).toMatchObject({
      "Commission rate": "55%",
      "Renewal rates": "50% on the first 12",
      "Hold period": "30 days",
      "Minimum payout": "$150.00",
    });
    expect(shown["Landing pages"]).toContain("AI Porn");
    expect(screen.queryByRole("textbox")).toBeNull();
    expect(screen.queryByRole("spinbutton")).toBeNull();
    expect(screen.queryByRole("button", { name: "Save settings" })).toBeNull();
    expect(screen.getByText(/Only an admin can change them/)).toBeTruthy();
    // The versions are there for staff too.
    expect(screen.getByText("Commission rate: 60% → 55%")).toBeTruthy();
  });
});
