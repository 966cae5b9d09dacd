import { cleanup, fireEvent, queries, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import type { User } from "firebase/auth";
import type { AffiliateDoc, TrackerTotals } from "@domain/model";
import { affiliateFixture as affiliate, completeDetails as complete } from "./affiliate-fixture";
import { LinksSection } from "./links-section";
import { AllTime, figuresOf, LastSevenDays } from "./stat-cards";
import { TrackerCards } from "./tracker-cards";

afterEach(cleanup);

const now = new Date("2026-11-21T12:00:00Z");
const user = { uid: "u1", getIdToken: async () => "token" } as unknown as User;

/** The figure shown beside a stat card's label, found by the label's text. */
const value = (label: string, section: HTMLElement) =>
  queries.queryByText(section, label, { exact: true })?.nextElementSibling?.textContent;

describe("the cards", () => {
  test("Last 7 Days adds up the days in the window only", () => {
    const { container } = render(
      <LastSevenDays
        shown={{
          stale: false,
          figures: figuresOf(
            affiliate({
              recent_days: {
                "2026-11-14": { clicks: 100, sign_ups: 100, sales: 100, earnings_cents: 100_000 },
                "2026-11-15": { clicks: 3, sign_ups: 1, sales: 1, earnings_cents: 1_199 },
                "2026-11-21": { clicks: 2, sign_ups: 0, sales: 1, earnings_cents: 600 },
              },
            }),
            now,
          ),
        }}
      />,
    );
    expect(value("Earnings", container)).toBe("$17.99");
    expect(value("Clicks", container)).toBe("5");
    expect(value("Sign-ups", container)).toBe("1");
    expect(value("Sales", container)).toBe("2");
  });

  /** The All Time cards' figures, by label. */
  function allTime(changes: Partial<AffiliateDoc>): Record<string, string | null | undefined> {
    const { container } = render(<AllTime shown={{ stale: false, figures: figuresOf(affiliate(changes), now) }} />);
    const labels = ["Balance", "Total Earnings", "Payouts", "Sign-ups", "Clicks", "Sales"];
    return Object.fromEntries(labels.map((label) => [label, value(label, container)]));
  }

  test("All Time shows a balance floored at 0 after a clawback", () => {
    const clawedBack = { total_earnings_cents: 30_000, total_refunded_cents: 5_000, total_payouts_cents: 30_000 };
    expect(allTime({ ...clawedBack, total_refunds: 1 })).toMatchObject({
      Balance: "$0.00",
      "Total Earnings": "$300.00",
      Payouts: "$300.00",
    });
    expect(screen.getByText(/1 refund or chargeback took back \$50\.00 of commission/)).toBeTruthy();
  });

  test("counts have thousands separators and money two decimals", () => {
    expect(
      allTime({ total_earnings_cents: 17_240, total_clicks: 1_313, total_sign_ups: 12_000, total_sales: 5 }),
    ).toEqual({
      Balance: "$172.40",
      "Total Earnings": "$172.40",
      Payouts: "$0.00",
      "Sign-ups": "12,000",
      Clicks: "1,313",
      Sales: "5",
    });
  });

  /** Promptchan's tracker cards for these figures, with these suffixes as live links. */
  function renderTrackers(promptchan: Record<string, TrackerTotals>, links: string[]): HTMLElement {
    const trackers = { promptchan, cutechat: {}, creategirls: {} };
    const { container } = render(
      <TrackerCards
        advertiser="promptchan"
        affiliate={affiliate({ trackers, links: { promptchan: links, cutechat: [], creategirls: [] } })}
      />,
    );
    return container;
  }

  test("tracker cards are collapsible and show the funnel", () => {
    const container = renderTrackers(
      {
        "/tw": { clicks: 200, sign_ups: 20, sales: 5, earnings_cents: 6_000 },
        default: { clicks: 10, sign_ups: 0, sales: 0, earnings_cents: 0 },
      },
      ["/tw"],
    );
    const cards = container.querySelectorAll("details");
    expect([...cards].map((card) => card.querySelector("summary")?.firstElementChild?.textContent)).toEqual([
      "Default link",
      "/tw",
    ]);
    expect(cards[1]!.open).toBe(false);
    expect(cards[1]!.textContent).toContain(
      "200 clicks → 20 sign-ups (10.0% of clicks) → 5 sales incl. renewals (0.25 per sign-up) · $0.30 per click",
    );
    expect(cards[0]!.textContent).toContain("$0.00 per click");
  });

  test("renewals never make the funnel read over 100%: sales are given per sign-up", () => {
    const container = renderTrackers(
      {
        default: { clicks: 1_313, sign_ups: 57, sales: 78, earnings_cents: 172_40 },
        "/old": { clicks: 2, sign_ups: 5, sales: 0, earnings_cents: 0 },
      },
      ["/old"],
    );
    const funnels = queries.getAllByLabelText(container, "Funnel").map((funnel) => funnel.textContent);
    expect(funnels[0]).toBe(
      "1,313 clicks → 57 sign-ups (4.3% of clicks) → 78 sales incl. renewals (1.37 per sign-up) · $0.13 per click",
    );
    // More sign-ups than counted clicks (sign-ups from before click tracking): no share is claimed.
    expect(funnels[1]).toBe("2 clicks → 5 sign-ups → 0 sales incl. renewals (0.00 per sign-up) · $0.00 per click");
    expect(funnels.join(" ")).not.toMatch(/\d{3,}\.\d%/);
  });

  test("trackers that are no longer links show together, last, as Removed trackers", () => {
    const container = renderTrackers(
      {
        "/ig": { clicks: 5, sign_ups: 1, sales: 0, earnings_cents: 0 },
        removed: { clicks: 10, sign_ups: 2, sales: 1, earnings_cents: 600 },
        "/gone": { clicks: 1, sign_ups: 0, sales: 1, earnings_cents: 400 },
        default: { clicks: 3, sign_ups: 0, sales: 0, earnings_cents: 0 },
      },
      ["/ig"],
    );
    const cards = [...container.querySelectorAll("details")];
    expect(cards.map((card) => card.querySelector("summary")?.firstElementChild?.textContent)).toEqual([
      "Default link",
      "/ig",
      "Removed trackers",
    ]);
    expect(cards[2]!.querySelector("summary")?.textContent).toContain("$10.00 · 11 clicks");
  });

  test("earnings per click have two decimals, and two significant digits below a cent", () => {
    const container = renderTrackers(
      {
        "/a": { clicks: 3, sign_ups: 1, sales: 1, earnings_cents: 1_000 },
        "/b": { clicks: 300, sign_ups: 1, sales: 1, earnings_cents: 100 },
        "/c": { clicks: 8, sign_ups: 1, sales: 1, earnings_cents: 1 },
        "/d": { clicks: 0, sign_ups: 0, sales: 0, earnings_cents: 0 },
      },
      ["/a", "/b", "/c", "/d"],
    );
    const funnels = queries.getAllByLabelText(container, "Funnel").map((funnel) => funnel.textContent?.split(" · ")[1]);
    expect(funnels).toEqual(["$3.33 per click", "$0.0033 per click", "$0.0013 per click", "no clicks yet"]);
  });
});

describe("the links section", () => {
  const domains = { promptchan: "https://p.example", cutechat: "https://c.example", creategirls: "https://g.example" };

  function renderLinks() {
    render(
      <LinksSection
        user={user}
        affiliate={affiliate({ ...complete, links: { promptchan: ["/tw"], cutechat: [], creategirls: [] } })}
        advertiser="promptchan"
        linkDomains={domains}
        readOnly={false}
      />,
    );
  }

  test("links follow SPEC.md's shape; a tracker is limited to 6 characters and previewed normalised", () => {
    renderLinks();
    expect(screen.getByText("https://p.example/m/u1")).toBeTruthy();
    expect(screen.getByText("https://p.example/m/u1/tw")).toBeTruthy();
    const input = screen.getByLabelText("Add a tracker") as HTMLInputElement;
    expect(input.maxLength).toBe(6);
    fireEvent.change(input, { target: { value: "Ti-K!" } });
    expect(screen.getByText("/tik")).toBeTruthy();
    fireEvent.change(input, { target: { value: "TW" } });
    expect(screen.getByText(/you already have it/)).toBeTruthy();
    expect((screen.getByRole("button", { name: "Add Tracker" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText("Landing page"), { target: { value: "/nsfw-ai" } });
    expect(screen.getByText("https://p.example/m/u1/tw?landing=%2Fnsfw-ai")).toBeTruthy();
    expect(screen.getByRole("option", { name: "NSFW AI (NSFW)" })).toBeTruthy();
    expect(screen.getByRole("option", { name: "AI Generator (SFW)" })).toBeTruthy();
  });

  /** navigator.clipboard as the test needs it; undefined is what an insecure page gets. */
  function withClipboard(writeText: ((text: string) => Promise<void>) | undefined) {
    const original = Object.getOwnPropertyDescriptor(navigator, "clipboard");
    Object.defineProperty(navigator, "clipboard", { configurable: true, value: writeText && { writeText } });
    return () => {
      if (original) Object.defineProperty(navigator, "clipboard", original);
      else Reflect.deleteProperty(navigator, "clipboard");
    };
  }

  test("Copy puts the link on the clipboard and says Copied!", async () => {
    const writeText = vi.fn(async () => undefined);
    const restore = withClipboard(writeText);
    renderLinks();
    fireEvent.click(screen.getByRole("button", { name: "Copy the /tw link" }));
    expect(await screen.findByText("Copied!")).toBeTruthy();
    // The name holds the words on the button in either state (WCAG 2.5.3).
    expect(screen.getByRole("button", { name: "Copied the /tw link" }).textContent).toBe("Copied!");
    expect(writeText).toHaveBeenCalledWith("https://p.example/m/u1/tw");
    restore();
  });

  test("a refused clipboard write selects the link and says how to copy it, without an error", async () => {
    const consoleError = vi.spyOn(console, "error");
    const restore = withClipboard(() =>
      Promise.reject(new DOMException("Write permission denied.", "NotAllowedError")),
    );
    renderLinks();
    fireEvent.click(screen.getByRole("button", { name: "Copy the /tw link" }));
    const status = await screen.findByRole("status");
    expect(status.textContent).toMatch(/did not allow copying: the link is selected, press Ctrl\+C/);
    expect(window.getSelection()?.toString()).toBe("https://p.example/m/u1/tw");
    expect(screen.queryByText("Copied!")).toBeNull();
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();
    restore();
  });

  test("without a clipboard at all (an insecure page), the link is selected the same way", async () => {
    const restore = withClipboard(undefined);
    renderLinks();
    fireEvent.click(screen.getByRole("button", { name: "Copy the Default link" }));
    await screen.findByRole("status");
    expect(window.getSelection()?.toString()).toBe("https://p.example/m/u1");
    restore();
  });
});
