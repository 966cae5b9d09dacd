import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import type { User } from "firebase/auth";
import { affiliateFixture } from "./affiliate-fixture";

const api = vi.hoisted(() => ({ fetchRecruits: vi.fn<(user: unknown) => Promise<unknown>>() }));
vi.mock("./dashboard-api", () => api);
/** Each advertiser's recruiter's share in force, per test (SPEC.md's settings otherwise). */
const shares = vi.hoisted(() => ({
  overrides: {} as Record<string, { rate: number; months: number; levels: number }>,
}));
vi.mock("../../lib/programme-settings", async () => {
  const { advertiserIds } = await import("@domain/advertisers");
  const { defaultSettings } = await import("@domain/programme-settings");
  return {
    useProgrammeSettings: () =>
      Object.fromEntries(
        advertiserIds.map((id) => [
          id,
          { ...defaultSettings(id), recruit_share: shares.overrides[id] ?? defaultSettings(id).recruit_share },
        ]),
      ),
  };
});
const { RecruitsSection } = await import("./recruits-section");

const user = { uid: "u1" } as User;
const answer = (recruits: unknown[] = []) => ({
  recruit_code: "u1",
  recruited: false,
  share: { rate: 0.05, months: 12, levels: 1 },
  count: recruits.length,
  total_earned: 0.9,
  recruits,
});

beforeEach(() => {
  vi.resetAllMocks();
  shares.overrides = {};
});
afterEach(cleanup);

describe("Your Recruits", () => {
  test("the recruit link with Copy, the share, and each recruit by alias with what they earned", async () => {
    api.fetchRecruits.mockResolvedValue(
      answer([
        { alias: "Recruit 2", level: 1, since: "2026-11-20T10:00:00.000Z", sales: 1, earned: 0.3, clawed_back: 0 },
        { alias: "Recruit 1", level: 1, since: "2026-11-01T10:00:00.000Z", sales: 2, earned: 0.6, clawed_back: 0 },
      ]),
    );
    render(
      <RecruitsSection user={user} affiliate={affiliateFixture({ uid: "u1", recruits_count: 2 })} readOnly={false} />,
    );
    const section = screen.getByRole("region", { name: "Your Recruits" });
    expect(within(section).getByText(`${window.location.origin}/signup?ref=u1`)).toBeTruthy();
    expect(within(section).getByRole("button", { name: "Copy your recruit link" })).toBeTruthy();
    const table = await within(section).findByRole("table", { name: "What each recruit earned you" });
    expect(within(table).getByRole("rowheader", { name: "Recruit 1" })).toBeTruthy();
    expect(table.textContent).toContain("$0.60");
    expect(section.textContent).toContain("you earn 5% of their commissions for 12 months from their sign-up.");
    expect(section.textContent).toContain("2 recruits, $0.90 earned for you.");
    expect(section.textContent).not.toContain("partner's invitation");
  });

  test("a recruit is told only that they joined through an invitation; no recruits yet says so", async () => {
    api.fetchRecruits.mockResolvedValue({ ...answer(), recruited: true });
    const affiliate = affiliateFixture({
      uid: "u1",
      recruited_by: { at: new Date(), chain: [{ uid: "someone", no: 4 }], ended_at: null },
    });
    render(<RecruitsSection user={user} affiliate={affiliate} readOnly={false} />);
    const section = screen.getByRole("region", { name: "Your Recruits" });
    expect(section.textContent).toContain("You joined through a partner's invitation.");
    expect(section.textContent).not.toContain("someone");
    await within(section).findByText(/No recruits yet/);
  });

  test("a failed load says so; staff viewing the dashboard see the link, and nothing is fetched", async () => {
    api.fetchRecruits.mockRejectedValue(new Error("offline"));
    render(<RecruitsSection user={user} affiliate={affiliateFixture({ uid: "u1" })} readOnly={false} />);
    await screen.findByText("Your recruits could not be loaded.");
    cleanup();
    api.fetchRecruits.mockClear();
    render(<RecruitsSection user={user} affiliate={affiliateFixture({ uid: "u1" })} readOnly />);
    expect(screen.getByRole("button", { name: "Copy your recruit link" })).toBeTruthy();
    expect(api.fetchRecruits).not.toHaveBeenCalled();
  });

  test("advertisers paying different shares are each named; one paying none is left out", () => {
    api.fetchRecruits.mockResolvedValue(answer());
    shares.overrides = {
      cutechat: { rate: 0.03, months: 6, levels: 1 },
      creategirls: { rate: 0, months: 12, levels: 1 },
    };
    render(<RecruitsSection user={user} affiliate={affiliateFixture({ uid: "u1" })} readOnly={false} />);
    expect(screen.getByRole("region", { name: "Your Recruits" }).textContent).toContain(
      "Invite other affiliates with your recruit link: you earn 5% of their Promptchan commissions for 12 months, 3% of their CuteChat commissions for 6 months, from their sign-up.",
    );
  });
});
