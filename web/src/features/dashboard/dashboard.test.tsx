import { cleanup, fireEvent, queries, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import type { User } from "firebase/auth";
import type { AffiliateDoc, InvoiceSnapshot, TrackerTotals } from "@domain/model";
import { affiliateFixture as affiliate, completeDetails as complete } from "./affiliate-fixture";
import { LinksSection } from "./links-section";
import { PayoutSection } from "./payout-section";
import { AllTime, LastSevenDays } from "./stat-cards";
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
        now={now}
        affiliate={affiliate({
          recent_days: {
            "2026-11-14": { clicks: 100, sign_ups: 100, sales: 100, earnings_cents: 100_000 },
            "2026-11-15": { clicks: 3, sign_ups: 1, sales: 1, earnings_cents: 1_199 },
            "2026-11-21": { clicks: 2, sign_ups: 0, sales: 1, earnings_cents: 600 },
          },
        })}
      />,
    );
    expect(value("Earnings", container)).toBe("$17.99");
    expect(value("Clicks", container)).toBe("5");
    expect(value("Sign-ups", container)).toBe("1");
    expect(value("Sales", container)).toBe("2");
  });

  /** The All Time cards' figures, by label. */
  function allTime(changes: Partial<AffiliateDoc>): Record<string, string | null | undefined> {
    const { container } = render(<AllTime affiliate={affiliate(changes)} />);
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

describe("the payout section", () => {
  /** The refusal beside Request Payout, and whether the button is disabled. */
  const refusal = () => screen.queryByRole("alert")?.textContent;
  const requestButton = () => screen.getByRole("button", { name: "Request Payout" }) as HTMLButtonElement;

  test("SPEC.md's refusals show in the page beside a disabled Request Payout, never as a browser alert", () => {
    const alert = vi.spyOn(window, "alert");
    const cases: [Partial<AffiliateDoc>, string][] = [
      [
        { ...complete, total_earnings_cents: 19_999 },
        "Minimum payout is $200. Your current available balance is less than the required amount.",
      ],
      [
        { ...complete, total_earnings_cents: 50_000, payout_pending: true },
        "You already have a pending payout in progress. Please wait until the payout is complete.",
      ],
      [
        { ...complete, total_earnings_cents: 50_000, last_payout: new Date("2026-11-16T00:00:00Z") },
        "You have already recieved a payout in the last 30 days. Next payout possible from 16 December 2026.",
      ],
    ];
    vi.useFakeTimers({ now, toFake: ["Date"] });
    for (const [state, message] of cases) {
      render(<PayoutSection user={user} affiliate={affiliate(state)} readOnly={false} />);
      expect(refusal()).toBe(message);
      expect(requestButton().disabled).toBe(true);
      expect(requestButton().getAttribute("aria-describedby")).toBe(screen.getByRole("alert").id);
      cleanup();
    }
    vi.useRealTimers();
    expect(alert).not.toHaveBeenCalled();
    alert.mockRestore();
  });

  test("the programme's own rules (admins' settings) decide, and the section states them", () => {
    const rules = { minimumCents: 10_000, intervalDays: 14 };
    vi.useFakeTimers({ now, toFake: ["Date"] });
    const paidTenDaysAgo = {
      ...complete,
      total_earnings_cents: 15_000,
      last_payout: new Date(now.getTime() - 10 * 86_400_000),
    };
    render(<PayoutSection user={user} affiliate={affiliate(paidTenDaysAgo)} rules={rules} readOnly={false} />);
    expect(screen.getByText(/^Minimum payout \$100, one payout every 14 days\./)).toBeTruthy();
    expect(refusal()).toMatch(/^You have already recieved a payout in the last 14 days\. Next payout possible from /);
    cleanup();
    render(
      <PayoutSection
        user={user}
        affiliate={affiliate({ ...complete, total_earnings_cents: 15_000 })}
        rules={rules}
        readOnly={false}
      />,
    );
    expect(refusal()).toBeUndefined();
    expect(requestButton().disabled).toBe(false);
    cleanup();
    render(
      <PayoutSection
        user={user}
        affiliate={affiliate({ ...complete, total_earnings_cents: 15_000 })}
        rules={{ ...rules, minimumCents: 25_050 }}
        readOnly={false}
      />,
    );
    expect(refusal()).toBe(
      "Minimum payout is $250.50. Your current available balance is less than the required amount.",
    );
    vi.useRealTimers();
  });

  test("a $12 balance hears about the $200 minimum first, not about missing details", () => {
    render(<PayoutSection user={user} affiliate={affiliate({ total_earnings_cents: 1_200 })} readOnly={false} />);
    expect(refusal()).toBe("Minimum payout is $200. Your current available balance is less than the required amount.");
    expect(screen.getByLabelText(/^Full Name/).getAttribute("aria-invalid")).toBeNull();
  });

  test("missing details are named and highlighted; VAT/Tax is marked as needed for payouts", () => {
    render(
      <PayoutSection
        user={user}
        affiliate={affiliate({ ...complete, tax: "", total_earnings_cents: 50_000 })}
        readOnly={false}
      />,
    );
    const tax = screen.getByLabelText(/^VAT\/Tax/);
    expect(screen.getByText("(needed for payouts)")).toBeTruthy();
    expect(tax.hasAttribute("required")).toBe(false);
    expect(refusal()).toBe("Please complete all fields before requesting a payout. Missing: VAT/Tax.");
    expect(tax.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByLabelText(/^Full Name/).getAttribute("aria-invalid")).toBeNull();
    expect(requestButton().disabled).toBe(true);

    // Typing the missing field clears the refusal at once: the form as typed is what a request sends.
    fireEvent.change(tax, { target: { value: "PT123" } });
    expect(refusal()).toBeUndefined();
    expect(tax.getAttribute("aria-invalid")).toBeNull();
    expect(requestButton().disabled).toBe(false);
  });

  test("the details form marks required fields and refuses incomplete details with SPEC.md's prefix", () => {
    const fetch = vi.spyOn(globalThis, "fetch");
    render(<PayoutSection user={user} affiliate={affiliate()} readOnly={false} />);
    expect(screen.getByLabelText(/^Full Name/).hasAttribute("required")).toBe(true);
    expect(screen.getByLabelText(/^VAT\/Tax/).hasAttribute("required")).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Update Details" }));
    expect(screen.getByText(/^Failed to update details: Required: Full Name, Country, City, Address/)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    fetch.mockRestore();
  });

  test("each payout method asks for its own fields; a routing number loses focus on the wheel", () => {
    render(<PayoutSection user={user} affiliate={affiliate(complete)} readOnly={false} />);
    expect(screen.getByLabelText(/^Wise Account Email/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Payout Method/), { target: { value: "Crypto (TRON)" } });
    expect(screen.queryByLabelText(/^Wise Account Email/)).toBeNull();
    expect(screen.getByLabelText(/^TRON Address/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Payout Method/), { target: { value: "Wire Transfer" } });
    const routing = screen.getByLabelText(/^Fedwire Routing Number/) as HTMLInputElement;
    expect(screen.getByLabelText(/^Account Type/)).toBeTruthy();
    routing.focus();
    expect(document.activeElement).toBe(routing);
    fireEvent.wheel(routing);
    expect(document.activeElement).not.toBe(routing);
  });

  test("a payout the server refuses shows 'Failed to request payout: ' and the server's error", async () => {
    const fetch = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValue(Response.json({ error: "You already have a pending payout in progress." }, { status: 409 }));
    render(
      <PayoutSection
        user={user}
        affiliate={affiliate({ ...complete, total_earnings_cents: 50_000 })}
        readOnly={false}
      />,
    );
    fireEvent.click(screen.getByRole("button", { name: "Request Payout" }));
    const message = await screen.findByText("Failed to request payout: You already have a pending payout in progress.");
    expect(message.classList.contains("message-error")).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [path, init] = fetch.mock.calls[0]!;
    expect(path).toBe("/api/request_payout");
    expect(JSON.parse(String(init?.body))).toMatchObject({ price: "500.00", name: "Dana" });
    expect((screen.getByRole("button", { name: "Request Payout" }) as HTMLButtonElement).disabled).toBe(false);
    fetch.mockRestore();
  });

  const latest = {
    invoice_number: "INV-2026-000007",
    issued_at: new Date("2026-11-01T00:00:00Z"),
    due_at: new Date("2026-11-15T00:00:00Z"),
    period: "October 2026",
    amount_cents: 25_000,
    payee: {},
  } as InvoiceSnapshot;
  const renderPending = () =>
    render(
      <PayoutSection
        user={user}
        affiliate={affiliate({
          ...complete,
          total_earnings_cents: 25_200,
          latest_invoice: latest,
          payout_pending: true,
          pending_payout_id: latest.invoice_number,
        })}
        readOnly={false}
      />,
    );

  test("a pending payout is shown apart from the available balance, and Request Payout says why it is off", () => {
    const { container } = renderPending();
    expect(value("Available balance", container)).toBe("$2.00");
    expect(value("Pending payout", container)).toBe("$250.00");
    expect(screen.getByText(/Payout pending: \$250\.00 requested on 1 November 2026/)).toBeTruthy();
    expect(requestButton().disabled).toBe(true);
    expect(refusal()).toBe("You already have a pending payout in progress. Please wait until the payout is complete.");
  });

  test("commission in its hold period shows apart, with when it matures, and is not payable yet", () => {
    const inTenDays = new Date(Date.now() + 10 * 86_400_000);
    const day = inTenDays.toISOString().slice(0, 10);
    const { container } = render(
      <PayoutSection
        user={user}
        affiliate={affiliate({ ...complete, total_earnings_cents: 30_000, held: { [day]: 15_000 } })}
        readOnly={false}
      />,
    );
    expect(value("Available balance", container)).toBe("$150.00");
    expect(value("In hold", container)).toBe("$150.00");
    const date = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" }).format(inTenDays);
    expect(screen.getByText(new RegExp(`\\$150\\.00 becomes available on ${date}\\.`))).toBeTruthy();
    expect(requestButton().disabled).toBe(true);
    expect(refusal()).toBe(
      "Minimum payout is $200. Your current available balance is less than the required amount. $150.00 more is still in its hold period.",
    );
  });

  test("nothing in hold: no In hold figure and no maturity note", () => {
    const { container } = render(
      <PayoutSection
        user={user}
        affiliate={affiliate({ ...complete, total_earnings_cents: 30_000 })}
        readOnly={false}
      />,
    );
    expect(value("Available balance", container)).toBe("$300.00");
    expect(value("In hold", container)).toBeUndefined();
    expect(screen.queryByText(/becomes available on/)).toBeNull();
    expect(requestButton().disabled).toBe(false);
  });

  test("once paid, the last payout shows its amount and date, and no pending amount", () => {
    const { container } = render(
      <PayoutSection
        user={user}
        affiliate={affiliate({
          ...complete,
          total_earnings_cents: 25_200,
          total_payouts_cents: 25_000,
          latest_invoice: latest,
          last_payout: new Date("2026-11-23T10:00:00Z"),
        })}
        readOnly={false}
      />,
    );
    expect(value("Available balance", container)).toBe("$2.00");
    expect(value("Pending payout", container)).toBeUndefined();
    expect(screen.getByText(/^Last payout \$250\.00, paid on 23 November 2026\./)).toBeTruthy();
  });

  test("while a payout is pending, the details form says changes apply from the next payout", () => {
    const note =
      /Your pending payout goes to the details on its invoice \(INV-2026-000007\)\. Changes you save now apply from your next payout\./;
    renderPending();
    expect(screen.getByText(note)).toBeTruthy();
    cleanup();
    render(
      <PayoutSection user={user} affiliate={affiliate({ ...complete, latest_invoice: latest })} readOnly={false} />,
    );
    expect(screen.queryByText(note)).toBeNull();
  });

  test("an invoice download that is not a PDF says SPEC.md's 'Received content is not a PDF' in the page", async () => {
    const fetch = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValue(new Response("<!doctype html><p>Sign in</p>", { headers: { "Content-Type": "text/html" } }));
    renderPending();
    fireEvent.click(screen.getByRole("button", { name: "Download invoice INV-2026-000007" }));
    await screen.findByText("Received content is not a PDF");
    expect(screen.getAllByRole("alert").map((alert) => alert.textContent)).toContain("Received content is not a PDF");
    const [path, init] = fetch.mock.calls[0]!;
    expect(path).toBe("/api/download_invoice");
    expect(JSON.parse(String(init?.body))).toEqual({ invoice_number: "INV-2026-000007" });
    fetch.mockRestore();
  });

  test("read-only (the admin viewing an affiliate) offers no actions", () => {
    render(<PayoutSection user={user} affiliate={affiliate(complete)} readOnly />);
    expect(screen.queryByRole("button", { name: "Request Payout" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Update Details" })).toBeNull();
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
