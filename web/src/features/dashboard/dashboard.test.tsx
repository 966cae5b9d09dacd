import { cleanup, fireEvent, queries, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import type { User } from "firebase/auth";
import type { AffiliateDoc, InvoiceSnapshot } from "@domain/model";
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

  test("All Time shows a balance floored at 0 after a clawback", () => {
    const { container } = render(
      <AllTime
        affiliate={affiliate({
          total_earnings_cents: 30_000,
          total_refunded_cents: 5_000,
          total_payouts_cents: 30_000,
          total_refunds: 1,
        })}
      />,
    );
    expect(value("Balance", container)).toBe("$0");
    expect(value("Total Earnings", container)).toBe("$300");
    expect(value("Payouts", container)).toBe("$300");
    expect(screen.getByText(/1 refund or chargeback took back \$50 of commission/)).toBeTruthy();
  });

  test("tracker cards are collapsible and show the funnel", () => {
    const { container } = render(
      <TrackerCards
        advertiser="promptchan"
        affiliate={affiliate({
          trackers: {
            promptchan: {
              "/tw": { clicks: 200, sign_ups: 20, sales: 5, earnings_cents: 6_000 },
              default: { clicks: 10, sign_ups: 0, sales: 0, earnings_cents: 0 },
            },
            cutechat: {},
            creategirls: {},
          },
          links: { promptchan: ["/tw"], cutechat: [], creategirls: [] },
        })}
      />,
    );
    const cards = container.querySelectorAll("details");
    expect([...cards].map((card) => card.querySelector("summary")?.firstElementChild?.textContent)).toEqual([
      "Default link",
      "/tw",
    ]);
    expect(cards[1]!.open).toBe(false);
    expect(cards[1]!.textContent).toContain("200 clicks → 20 sign-ups (10.0%) → 5 sales (25.0%) · $0.30 per click");
    expect(cards[0]!.textContent).toContain("$0.00 per click");
  });

  test("trackers that are no longer links show together, last, as Removed trackers", () => {
    const { container } = render(
      <TrackerCards
        advertiser="promptchan"
        affiliate={affiliate({
          trackers: {
            promptchan: {
              "/ig": { clicks: 5, sign_ups: 1, sales: 0, earnings_cents: 0 },
              removed: { clicks: 10, sign_ups: 2, sales: 1, earnings_cents: 600 },
              "/gone": { clicks: 1, sign_ups: 0, sales: 1, earnings_cents: 400 },
              default: { clicks: 3, sign_ups: 0, sales: 0, earnings_cents: 0 },
            },
            cutechat: {},
            creategirls: {},
          },
          links: { promptchan: ["/ig"], cutechat: [], creategirls: [] },
        })}
      />,
    );
    const cards = [...container.querySelectorAll("details")];
    expect(cards.map((card) => card.querySelector("summary")?.firstElementChild?.textContent)).toEqual([
      "Default link",
      "/ig",
      "Removed trackers",
    ]);
    expect(cards[2]!.querySelector("summary")?.textContent).toContain("$10 · 11 clicks");
  });

  test("earnings per click have two decimals, and two significant digits below a cent", () => {
    const { container } = render(
      <TrackerCards
        advertiser="promptchan"
        affiliate={affiliate({
          trackers: {
            promptchan: {
              "/a": { clicks: 3, sign_ups: 1, sales: 1, earnings_cents: 1_000 },
              "/b": { clicks: 300, sign_ups: 1, sales: 1, earnings_cents: 100 },
              "/c": { clicks: 8, sign_ups: 1, sales: 1, earnings_cents: 1 },
              "/d": { clicks: 0, sign_ups: 0, sales: 0, earnings_cents: 0 },
            },
            cutechat: {},
            creategirls: {},
          },
          links: { promptchan: ["/a", "/b", "/c", "/d"], cutechat: [], creategirls: [] },
        })}
      />,
    );
    const funnels = queries.getAllByLabelText(container, "Funnel").map((funnel) => funnel.textContent?.split(" · ")[1]);
    expect(funnels).toEqual(["$3.33 per click", "$0.0033 per click", "$0.0013 per click", "no clicks yet"]);
  });
});

describe("the payout section", () => {
  test("SPEC.md's alerts stop a payout request in the browser", () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => undefined);
    const cases: [Partial<AffiliateDoc>, string][] = [
      [{}, "Please complete all fields before requesting a payout."],
      [
        { ...complete, total_earnings_cents: 19_999 },
        "Minimum payout is $200. Your current available balance is less than the required amount.",
      ],
      [
        { ...complete, total_earnings_cents: 50_000, payout_pending: true },
        "You already have a pending payout in progress. Please wait until the payout is complete.",
      ],
      [
        { ...complete, total_earnings_cents: 50_000, last_payout: new Date(Date.now() - 5 * 86_400_000) },
        "You have already recieved a payout in the last 30 days.",
      ],
    ];
    for (const [state, message] of cases) {
      render(<PayoutSection user={user} affiliate={affiliate(state)} readOnly={false} />);
      fireEvent.click(screen.getByRole("button", { name: "Request Payout" }));
      expect(alert).toHaveBeenLastCalledWith(message);
      cleanup();
    }
    alert.mockRestore();
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
        affiliate={affiliate({ ...complete, latest_invoice: latest, payout_pending: true })}
        readOnly={false}
      />,
    );

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

  test("an invoice download that is not a PDF alerts SPEC.md's 'Received content is not a PDF'", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => undefined);
    const fetch = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValue(new Response("<!doctype html><p>Sign in</p>", { headers: { "Content-Type": "text/html" } }));
    renderPending();
    fireEvent.click(screen.getByRole("button", { name: "Download invoice INV-2026-000007" }));
    await vi.waitFor(() => expect(alert).toHaveBeenCalledWith("Received content is not a PDF"));
    const [path, init] = fetch.mock.calls[0]!;
    expect(path).toBe("/api/download_invoice");
    expect(JSON.parse(String(init?.body))).toEqual({ invoice_number: "INV-2026-000007" });
    fetch.mockRestore();
    alert.mockRestore();
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
        onAdvertiserChange={() => undefined}
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
