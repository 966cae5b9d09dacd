import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { advertiserIds } from "@domain/advertisers";
import { defaultSettings } from "@domain/programme-settings";
import { affiliateFixture } from "./affiliate-fixture";

vi.mock("../../lib/programme-settings", () => ({
  useProgrammeSettings: () => Object.fromEntries(advertiserIds.map((id) => [id, defaultSettings(id)])),
}));
const { CommissionSection } = await import("./commission-section");

afterEach(cleanup);

/** The section's value for a label. */
const value = (label: string) =>
  within(screen.getByRole("region", { name: "Your Commission" })).getByText(label).nextSibling?.textContent;

describe("Your Commission (issue 34)", () => {
  test("an affiliate never moved is in the default group and earns the programme's terms", () => {
    render(<CommissionSection affiliate={affiliateFixture()} advertiser="promptchan" />);
    expect(value("Commission group")).toBe("Default");
    expect(value("First sales")).toBe("60%");
    expect(value("Renewals")).toBe("50% on the first 12");
    expect(value("Held before payable")).toBe("30 days");
  });

  test("a group's terms for the advertiser, and a deal over them, with its end", () => {
    const vip = {
      id: "vip",
      name: "VIP",
      since: new Date("2026-11-01T00:00:00Z"),
      terms: {
        rates: { promptchan: { commission_rate: 0.7, repeat_rates: { "1": 0.55 } } },
        hold_days: 7,
        minimum_payout_cents: null,
      },
    };
    render(<CommissionSection affiliate={affiliateFixture({ group: vip })} advertiser="promptchan" />);
    expect([value("Commission group"), value("First sales"), value("Renewals"), value("Held before payable")]).toEqual([
      "VIP",
      "70%",
      "55% on the first renewal",
      "7 days",
    ]);
    cleanup();
    const deal = {
      rates: { cutechat: { commission_rate: 0.8 } },
      hold_days: null,
      minimum_payout_cents: null,
      starts_at: new Date(Date.now() - 86_400_000),
      ends_at: new Date("2099-12-31T00:00:00Z"),
    };
    render(<CommissionSection affiliate={affiliateFixture({ group: vip, deal })} advertiser="cutechat" />);
    expect([value("First sales"), value("Renewals"), value("Held before payable")]).toEqual([
      "80%",
      "50% on the first 12",
      "7 days",
    ]);
    expect(screen.getByText("Your individual deal applies until 31 Dec 2099.")).toBeTruthy();
  });
});
