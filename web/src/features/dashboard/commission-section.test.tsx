import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { advertiserIds } from "@domain/advertisers";
import { defaultSettings } from "@domain/programme-settings";
import type { RateChange } from "@domain/promised-terms";
import { affiliateFixture } from "./affiliate-fixture";

/** The advertiser documents' promise (rates_lowered_at) and rate history the section reads, per test. */
const promise: { loweredAt: Date | null; changes: RateChange[] | undefined } = { loweredAt: null, changes: [] };
vi.mock("../../lib/programme-settings", () => ({
  useProgrammeSettings: () => Object.fromEntries(advertiserIds.map((id) => [id, defaultSettings(id)])),
  useRatesLoweredAt: () => promise.loweredAt,
  useRateHistory: () => promise.changes,
}));
const { CommissionSection } = await import("./commission-section");

afterEach(() => {
  cleanup();
  promise.loweredAt = null;
  promise.changes = [];
});

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

  describe("promised terms", () => {
    const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
    const renewals = (rate: number) => Object.fromEntries(Array.from({ length: 12 }, (_, i) => [String(i + 1), rate]));
    const start: RateChange = {
      version: 0,
      effective_from: new Date(0),
      commission_rate: 0.6,
      repeat_rates: renewals(0.5),
      everyone_from: null,
    };
    // Lowered for new affiliates on 1 March; lowered again for everyone on 1 June, from a notice date far ahead.
    const newOnly: RateChange = { ...start, version: 1, effective_from: day("2026-03-01"), commission_rate: 0.5 };
    const everyone: RateChange = {
      ...start,
      version: 2,
      effective_from: day("2026-06-01"),
      commission_rate: 0.4,
      repeat_rates: renewals(0.3),
      everyone_from: day("2099-01-01"),
    };

    test("an affiliate who joined before a lowered rate keeps theirs, sees the notice ahead and their history", () => {
      promise.loweredAt = everyone.effective_from;
      promise.changes = [start, newOnly, everyone];
      render(<CommissionSection affiliate={affiliateFixture()} advertiser="promptchan" />);
      expect([value("First sales"), value("Renewals")]).toEqual(["60%", "50% on the first 12"]);
      expect(screen.getByRole("note").textContent).toBe(
        "From 1 Jan 2099 your rates become first sales 40%, renewals 30% on the first 12. Sales before then keep the rates you have now.",
      );
      const history = within(screen.getByText("Your terms history").closest("details")!).getAllByRole("listitem");
      expect(history.map((item) => item.textContent)).toEqual([
        "1 Jun 2026 The programme's rates changed to first sales 40%, renewals 30% on the first 12 for affiliates joining from then; you keep first sales 60%, renewals 50% on the first 12.",
        "1 Mar 2026 The programme's rates changed to first sales 50%, renewals 50% on the first 12 for affiliates joining from then; you keep first sales 60%, renewals 50% on the first 12.",
        "1 Jan 2026 You joined: first sales 60%, renewals 50% on the first 12.",
      ]);
    });

    test("while the history loads the rates wait; an affiliate who joined after the change earns the programme's", () => {
      promise.loweredAt = newOnly.effective_from;
      promise.changes = undefined;
      render(<CommissionSection affiliate={affiliateFixture()} advertiser="promptchan" />);
      expect(value("First sales")).toBe("…");
      cleanup();
      render(
        <CommissionSection affiliate={affiliateFixture({ created_at: day("2026-04-01") })} advertiser="promptchan" />,
      );
      expect(value("First sales")).toBe("60%");
      expect(screen.queryByText("Your terms history")).toBeNull();
    });
  });
});
