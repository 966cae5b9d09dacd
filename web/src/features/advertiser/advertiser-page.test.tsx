import { useState } from "react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import type { User } from "firebase/auth";
import { sortRows, type SummaryRow } from "@domain/advertiser-summary";
import { matchesSearch } from "@domain/summary-keys";
import { QueryClientProvider } from "@tanstack/react-query";
import { notPdfMessage } from "../../lib/api";
import { createQueryClient } from "../../lib/query-client";
import type { AffiliatePage, ListFilters } from "./advertiser-api";
import { affiliateView } from "./affiliate-view";
import { summaryRowFixture } from "./summary-row-fixture";

const api = vi.hoisted(() => ({
  checkAdvertiser: vi.fn<() => Promise<boolean>>(),
  fetchAffiliatePage:
    vi.fn<(user: unknown, filters: ListFilters, after: string | null, limit: number) => Promise<AffiliatePage>>(),
  recordPayout: vi.fn<(user: unknown, row: SummaryRow) => Promise<unknown>>(),
  exportInvoice: vi.fn<() => Promise<void>>(),
  fetchPayoutHistory: vi.fn(async () => ({ payouts: [], next: null })),
  fetchOverdueRefunds: vi.fn(async () => ({ older_than_days: 7, count: 0, pending: [] })),
  fetchConversionReport: vi.fn<(user: unknown, advertiser: string) => Promise<unknown>>(),
  payBatch: vi.fn<(user: unknown, userIds: string[]) => Promise<unknown>>(),
  setSuspension: vi.fn<(user: unknown, row: SummaryRow, suspended: boolean, reason: string) => Promise<unknown>>(),
}));
vi.mock("./advertiser-api", () => api);
const signedIn = vi.hoisted(() => ({
  status: "signed-in",
  user: { uid: "staff-1" } as User,
  claims: { admin: false, advertiser: true },
}));
vi.mock("../../lib/auth", () => ({ useSignedIn: () => signedIn }));
vi.mock("../../components/page-meta", () => ({ PageMeta: () => null }));

const sections = await import("./advertiser-page");

/** The affiliates the fake GET /api/affiliates serves. */
let programme: SummaryRow[] = [];

/**
 * GET /api/affiliates over `programme`, as the server answers it: filtered, searched and ordered, a page
 * of `limit` rows after the cursor (here the index to start from), the programme's counts on the first.
 */
async function fakeAffiliatePage(
  _user: unknown,
  filters: ListFilters,
  after: string | null,
  limit: number,
): Promise<AffiliatePage> {
  const matching = sortRows(programme, filters.order).filter(
    (row) =>
      (!filters.pending || row.payout_pending) &&
      (!filters.ready || row.payout_ready) &&
      (!filters.highRisk || affiliateView(row).highRisk) &&
      matchesSearch({ uid: row.user_id, name: row.name, email: row.email }, filters.search),
  );
  const start = after === null ? 0 : Number(after);
  const end = start + limit;
  return {
    affiliates: matching.slice(start, end),
    next: end < matching.length ? String(end) : null,
    matching: filters.ready ? null : matching.length,
    shared_payout_destinations: {},
    ...(after === null
      ? {
          totals: {
            affiliates: programme.length,
            pending_payouts: programme.filter((row) => row.payout_pending).length,
          },
        }
      : {}),
  };
}

/** The calls for the list itself, in pages of 100 (the payouts panel fetches its whole lists in pages of 500). */
const listCalls = () => api.fetchAffiliatePage.mock.calls.filter(([, , , limit]) => limit === 100);

/** The console's routes as routes.tsx has them (each section at its own address). */
const consoleRoutes = [
  {
    path: "/advertiser",
    Component: sections.AdvertiserPage,
    children: [
      { index: true, Component: sections.AffiliatesSection },
      { path: "payouts", Component: sections.PayoutsSection },
      { path: "integration", Component: sections.IntegrationSection },
      { path: "reports", Component: sections.ReportsSection },
      { path: "settings", Component: sections.SettingsSection },
    ],
  },
  { path: "/dashboard", element: <p>The dashboard</p> },
];

// The page with the API calls' cache the signed-in area provides, a fresh one per test, at `at`.
let queryClient = createQueryClient();
function AdvertiserPage({ at = "/advertiser" }: { at?: string }) {
  const [router] = useState(() => createMemoryRouter(consoleRoutes, { initialEntries: [at] }));
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}

const day = 86_400_000;
const pending = summaryRowFixture({
  user_id: "pending",
  name: "Wanda Wire",
  payout_pending: true,
  pending_payout: 240,
  total_earnings: 240,
  total_sign_ups: 600,
  required_payout: 240,
  latest_invoice: { invoice_number: "INV-2026-000001" } as SummaryRow["latest_invoice"],
});
const recentlyPaid = summaryRowFixture({
  user_id: "recent",
  name: "Rita Recent",
  payout_pending: true,
  pending_payout: 100,
  required_payout: 100,
  last_payout: new Date(Date.now() - 10 * day).toISOString(),
});
const risky = summaryRowFixture({
  user_id: "risky",
  name: "Henry Hotline",
  total_earnings: 300,
  total_sign_ups: 3,
  required_payout: 300,
});
const low = summaryRowFixture({ user_id: "low", name: "Lena Lowkey", total_earnings: 1, total_sign_ups: 100 });

// jsdom lays nothing out: give each card a height, as a browser would (the window is jsdom's 1024×768).
const layout = { offsetHeight: ["affiliate-list-item", 200] } as const;
const originals = new Map<string, PropertyDescriptor | undefined>();
beforeAll(() => {
  for (const [property, [className, size]] of Object.entries(layout)) {
    originals.set(property, Object.getOwnPropertyDescriptor(HTMLElement.prototype, property));
    Object.defineProperty(HTMLElement.prototype, property, {
      configurable: true,
      get(this: HTMLElement) {
        return this.classList.contains(className) ? size : 0;
      },
    });
  }
});
afterAll(() => {
  for (const [property, original] of originals) {
    if (original) Object.defineProperty(HTMLElement.prototype, property, original);
    else Reflect.deleteProperty(HTMLElement.prototype, property);
  }
});

beforeEach(() => {
  signedIn.claims = { admin: false, advertiser: true };
  queryClient = createQueryClient();
  vi.resetAllMocks();
  api.checkAdvertiser.mockResolvedValue(true);
  programme = [low, risky, recentlyPaid, pending];
  api.fetchAffiliatePage.mockImplementation(fakeAffiliatePage);
  api.fetchPayoutHistory.mockResolvedValue({ payouts: [], next: null });
});
afterEach(cleanup);

/** The record-payout dialog (jsdom has no showModal, so the open dialog counts as hidden), labelled by its title. */
function confirmDialog(): HTMLElement {
  const dialog = screen.getByRole("dialog", { hidden: true });
  expect(document.getElementById(dialog.getAttribute("aria-labelledby")!)?.textContent).toBe("Record this payout?");
  return dialog;
}
const card = (name: string) => screen.getByRole("article", { name });
const cardNames = () =>
  screen.getAllByRole("article").map((article) => within(article).getByRole("heading").textContent);

describe("who sees what", () => {
  test("a signed-in non-advertiser is told how to apply", async () => {
    api.checkAdvertiser.mockResolvedValue(false);
    render(<AdvertiserPage />);
    expect(await screen.findByText(/Contact us to apply to become an advertiser\./)).toBeTruthy();
    expect(api.fetchAffiliatePage).not.toHaveBeenCalled();
  });

  test("a failed check is logged and treated as not an advertiser", async () => {
    api.checkAdvertiser.mockRejectedValue(new Error("offline"));
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    render(<AdvertiserPage />);
    expect(await screen.findByText(/Contact us to apply/)).toBeTruthy();
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });

  test("staff with no affiliates see 'No user data at this time.'", async () => {
    programme = [];
    render(<AdvertiserPage />);
    expect(await screen.findByText("No user data at this time.")).toBeTruthy();
  });
});

describe("the console's sections", () => {
  test("each at its own address, one click away; the programme's counts on every one", async () => {
    render(<AdvertiserPage />);
    await screen.findByRole("article", { name: "Wanda Wire" });
    const tabs = within(screen.getByRole("navigation", { name: "Advertiser sections" })).getAllByRole("link");
    expect(tabs.map((tab) => [tab.textContent, tab.getAttribute("href")])).toEqual([
      ["Affiliates", "/advertiser"],
      ["Payouts", "/advertiser/payouts"],
      ["Risk", "/advertiser/risk"],
      ["Integration", "/advertiser/integration"],
      ["Reports", "/advertiser/reports"],
      ["Settings", "/advertiser/settings"],
    ]);
    expect(tabs[0]!.getAttribute("aria-current")).toBe("page");
    expect(await screen.findByText("4 affiliates · 2 payouts pending")).toBeTruthy();
    // Staff tools are no longer under the list: each section shows only its own.
    expect(screen.queryByRole("heading", { name: "Due payouts" })).toBeNull();

    fireEvent.click(tabs[1]!);
    expect(await screen.findByRole("heading", { name: "Due payouts" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Payout history" })).toBeTruthy();
    expect(screen.queryByRole("list", { name: "Affiliates" })).toBeNull();
    expect(screen.getByRole("link", { name: "Payouts" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByText("4 affiliates · 2 payouts pending")).toBeTruthy();

    fireEvent.click(screen.getByRole("link", { name: "Reports" }));
    expect(await screen.findByRole("heading", { name: "Conversion report" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Due payouts" })).toBeNull();
  });
});

describe("the list", () => {
  test("the admin's cards link to each affiliate's dashboard; staff cards do not", async () => {
    render(<AdvertiserPage />);
    await screen.findByRole("article", { name: "Wanda Wire" });
    expect(screen.queryByRole("link", { name: /dashboard$/ })).toBeNull();
    cleanup();

    signedIn.claims = { admin: true, advertiser: false };
    render(<AdvertiserPage />);
    const wanda = await screen.findByRole("article", { name: "Wanda Wire" });
    const link = within(wanda).getByRole("link", { name: "View Wanda Wire's dashboard" });
    expect(link.getAttribute("href")).toBe("/dashboard?uid=pending");
  });

  test("pending first then balance; HIGH RISK folded until opened; Payout only when allowed", async () => {
    render(<AdvertiserPage />);
    await screen.findByRole("article", { name: "Wanda Wire" });
    expect(cardNames()).toEqual(["Wanda Wire", "Rita Recent", "Henry Hotline", "Lena Lowkey"]);

    const henry = card("Henry Hotline");
    expect(within(henry).getByText("HIGH RISK")).toBeTruthy();
    expect(within(henry).queryByText("Balance")).toBeNull();
    fireEvent.click(within(henry).getByRole("button", { name: "Open" }));
    expect(within(card("Henry Hotline")).getByText("Balance")).toBeTruthy();
    expect(within(card("Henry Hotline")).getByText("$100.000 · HIGH RISK")).toBeTruthy();
    fireEvent.click(within(card("Henry Hotline")).getByRole("button", { name: "Collapse" }));
    expect(within(card("Henry Hotline")).queryByText("Balance")).toBeNull();

    const payout = (name: string) => within(card(name)).getByRole<HTMLButtonElement>("button", { name: "Payout" });
    expect(payout("Wanda Wire").disabled).toBe(false);
    expect(payout("Rita Recent").disabled).toBe(true); // paid 10 days ago
    expect(payout("Lena Lowkey").disabled).toBe(true); // nothing pending
    expect(within(card("Wanda Wire")).getByText("$0.400 · High Performance")).toBeTruthy();
    expect(within(card("Lena Lowkey")).getByText("Low Performance")).toBeTruthy();
  });

  test("a pending payout shows where to pay, as frozen at the request, each value copyable; a disabled Payout says why", async () => {
    const wire: SummaryRow = {
      ...pending,
      paypal_payout_account: "changed-since@wise.test",
      pending_destination: {
        method: "Wire Transfer",
        fields: [
          ["Account holder", "Wanda Wire Lda"],
          ["Bank Account Number", "000123456789"],
          ["Fedwire Routing Number", "021000021"],
        ],
      },
    };
    programme = [low, risky, recentlyPaid, wire];
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, "clipboard", { configurable: true, value: { writeText } });
    render(<AdvertiserPage />);
    const payTo = within(await screen.findByRole("article", { name: "Wanda Wire" })).getByRole("region", {
      name: "Pay to",
    });
    expect(within(payTo).getByRole("heading").textContent).toBe("Pay to: Wire Transfer");
    expect(within(payTo).getByText("000123456789")).toBeTruthy();
    expect(within(payTo).queryByText("changed-since@wise.test")).toBeNull();
    fireEvent.click(within(payTo).getByRole("button", { name: "Copy Bank Account Number" }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith("000123456789"));
    expect(await within(payTo).findByText("Copied!")).toBeTruthy();
    expect(within(card("Lena Lowkey")).queryByRole("region", { name: "Pay to" })).toBeNull();

    const reasonOf = (name: string) => {
      const button = within(card(name)).getByRole<HTMLButtonElement>("button", { name: "Payout" });
      return document.getElementById(button.getAttribute("aria-describedby") ?? "")?.textContent;
    };
    expect(reasonOf("Lena Lowkey")).toBe("No payout requested.");
    expect(reasonOf("Rita Recent")).toMatch(
      /^Paid in the last 30 days: the next payout can be recorded from \d{4}-\d{2}-\d{2}\.$/,
    );
    expect(reasonOf("Wanda Wire")).toBeUndefined();
    Reflect.deleteProperty(navigator, "clipboard");
  });

  test("recording a payout: confirmed, the pending amount sent, then refreshed and by balance only", async () => {
    const paid = { ...pending, payout_pending: false, pending_payout: null, required_payout: 0, total_payouts: 240 };
    paid.last_payout = new Date().toISOString();
    api.recordPayout.mockResolvedValue({ status: "recorded", row: paid });
    render(<AdvertiserPage />);
    await screen.findByRole("article", { name: "Wanda Wire" });

    programme = [low, risky, recentlyPaid, paid];
    fireEvent.click(within(card("Wanda Wire")).getByRole("button", { name: "Payout" }));
    const dialog = confirmDialog();
    expect(dialog.textContent).toContain("Record the payout of $240.00 to Wanda Wire as paid?");
    // The rating and why, where the decision is made: $240 over 600 sign-ups.
    expect(dialog.textContent).toContain("Rating: $0.400 per sign-up: ");
    expect(api.recordPayout).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Record payout", hidden: true }));
    });
    expect(screen.queryByRole("dialog", { hidden: true })).toBeNull();
    expect(api.recordPayout).toHaveBeenCalledWith(expect.anything(), pending);
    // Confirmed in place: the card says so and keeps its place; nothing moves until the staff member is done.
    expect(
      await within(screen.getByRole("list", { name: "Affiliates" })).findByText(/Payout of \$240\.00 recorded/),
    ).toBeTruthy();
    expect(screen.getByText(/^Payout recorded: \$240\.00\./)).toBeTruthy();
    expect(cardNames()).toEqual(["Wanda Wire", "Rita Recent", "Henry Hotline", "Lena Lowkey"]);
    expect(within(card("Wanda Wire")).getByRole<HTMLButtonElement>("button", { name: "Payout" }).disabled).toBe(true);
    const asked = listCalls().length;
    // Done: asked again, by balance only (SPEC.md §4), and the confirmation goes.
    fireEvent.click(screen.getByRole("button", { name: "Done" }));
    await waitFor(() => expect(cardNames()).toEqual(["Henry Hotline", "Rita Recent", "Lena Lowkey", "Wanda Wire"]));
    expect(listCalls().length).toBeGreaterThan(asked);
    expect(listCalls().at(-1)![1]).toMatchObject({ order: "balance" });
    expect(screen.getByText(/by balance$/)).toBeTruthy();
    expect(screen.queryByText(/Payout of \$240\.00 recorded/)).toBeNull();
  });

  test("a filter moves on from a recorded payout too: the list is then by balance only", async () => {
    const paid = { ...pending, payout_pending: false, pending_payout: null, required_payout: 0, total_payouts: 240 };
    api.recordPayout.mockResolvedValue({ status: "recorded", row: paid });
    render(<AdvertiserPage />);
    await screen.findByRole("article", { name: "Wanda Wire" });
    programme = [low, risky, recentlyPaid, paid];
    fireEvent.click(within(card("Wanda Wire")).getByRole("button", { name: "Payout" }));
    await act(async () => {
      fireEvent.click(within(confirmDialog()).getByRole("button", { name: "Record payout", hidden: true }));
    });
    await screen.findByText(/^Payout recorded/);
    fireEvent.click(screen.getByRole("checkbox", { name: "HIGH RISK only" }));
    await waitFor(() => expect(listCalls().at(-1)![1]).toMatchObject({ order: "balance", highRisk: true }));
    expect(screen.queryByText(/^Payout recorded/)).toBeNull();
  });

  test("cancelling the payout dialog records nothing", async () => {
    render(<AdvertiserPage />);
    await screen.findByRole("article", { name: "Wanda Wire" });
    fireEvent.click(within(card("Wanda Wire")).getByRole("button", { name: "Payout" }));
    fireEvent.click(within(confirmDialog()).getByRole("button", { name: "Cancel", hidden: true }));
    expect(screen.queryByRole("dialog", { hidden: true })).toBeNull();
    expect(api.recordPayout).not.toHaveBeenCalled();
  });

  test("a refused payout is only logged; the list is refreshed", async () => {
    api.recordPayout.mockRejectedValue(new Error("This payout was already recorded"));
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    render(<AdvertiserPage />);
    await screen.findByRole("article", { name: "Wanda Wire" });
    fireEvent.click(within(card("Wanda Wire")).getByRole("button", { name: "Payout" }));
    await act(async () => {
      fireEvent.click(within(confirmDialog()).getByRole("button", { name: "Record payout", hidden: true }));
    });
    await waitFor(() => expect(listCalls()).toHaveLength(2));
    expect(logged).toHaveBeenCalledWith("Recording the payout failed:", expect.any(Error));
    expect(screen.queryByRole("alert")).toBeNull();
    vi.restoreAllMocks();
  });

  test.each([
    [notPdfMessage, notPdfMessage],
    ["No invoice INV-2026-000001.", "Failed to export invoice: No invoice INV-2026-000001."],
  ])("an invoice export failure (%s) is an alert in the page", async (error, shown) => {
    api.exportInvoice.mockRejectedValue(new Error(error));
    render(<AdvertiserPage />);
    await screen.findByRole("article", { name: "Wanda Wire" });
    expect(
      within(card("Lena Lowkey")).getByRole<HTMLButtonElement>("button", { name: "Export Invoice" }).disabled,
    ).toBe(true);
    await act(async () => {
      fireEvent.click(within(card("Wanda Wire")).getByRole("button", { name: "Export Invoice" }));
    });
    expect(screen.getByRole("alert").textContent).toBe(shown);
  });

  test("search and filters", async () => {
    render(<AdvertiserPage />);
    await screen.findByRole("article", { name: "Wanda Wire" });
    fireEvent.change(screen.getByRole("searchbox"), { target: { value: "henry" } });
    await waitFor(() => expect(cardNames()).toEqual(["Henry Hotline"]));
    fireEvent.change(screen.getByRole("searchbox"), { target: { value: "" } });
    fireEvent.click(screen.getByRole("checkbox", { name: "Pending payouts only" }));
    await waitFor(() => expect(cardNames()).toEqual(["Wanda Wire", "Rita Recent"]));
    fireEvent.click(screen.getByRole("checkbox", { name: "HIGH RISK only" }));
    await waitFor(() => expect(screen.getByText("No affiliates match.")).toBeTruthy());
    expect(screen.getByRole("status").textContent).toContain("Showing 0 of 4");
  });

  test("100,000 affiliates: a page of rows is fetched, only the cards in view are in the page, more come on scrolling", async () => {
    programme = Array.from({ length: 100_000 }, (_, i) =>
      summaryRowFixture({ user_id: `u${String(i).padStart(6, "0")}`, name: `Affiliate ${i}` }),
    );
    render(<AdvertiserPage />);
    await screen.findByRole("article", { name: "Affiliate 0" });
    expect(screen.getAllByRole("article").length).toBeLessThan(30);
    expect(screen.getByRole("status").textContent).toContain("Showing 100,000 of 100,000");
    expect(screen.getByText("100,000 affiliates · 0 payouts pending")).toBeTruthy();
    expect(listCalls()).toHaveLength(1);
    // Scrolled to the end of the first page: the next is asked for, after the first's cursor.
    const scrollTo = (y: number) => Object.defineProperty(window, "scrollY", { value: y, configurable: true });
    const height = Number(/height: (\d+)px/.exec(screen.getByRole("list").getAttribute("style")!)![1]);
    await act(async () => {
      scrollTo(height - window.innerHeight);
      window.dispatchEvent(new Event("scroll"));
    });
    await waitFor(() => expect(listCalls()).toHaveLength(2));
    expect(listCalls()[1]![2]).toBe("100");
    // The first row of the second page follows the last of the first.
    expect(await screen.findByRole("article", { name: "Affiliate 100" })).toBeTruthy();
    scrollTo(0);
  });
});

describe("suspending an affiliate", () => {
  /** The open dialog, by its title (jsdom has no showModal, so it counts as hidden). */
  function dialogTitled(title: string): HTMLElement {
    const dialog = screen.getByRole("dialog", { hidden: true });
    expect(document.getElementById(dialog.getAttribute("aria-labelledby")!)?.textContent).toBe(title);
    return dialog;
  }

  test("asks why, sends the reason, and shows the card suspended", async () => {
    api.setSuspension.mockImplementation(async (_user, row, suspended) => ({
      user_id: row.user_id,
      fraud_user: suspended,
      changed: true,
      row: { ...row, fraud_user: suspended },
    }));
    render(<AdvertiserPage />);
    const lena = await screen.findByRole("article", { name: "Lena Lowkey" });
    fireEvent.click(within(lena).getByRole("button", { name: "Suspend Lena Lowkey" }));
    const dialog = dialogTitled("Suspend Lena Lowkey?");
    // No reason: refused in the dialog, nothing sent.
    fireEvent.click(within(dialog).getByRole("button", { name: "Suspend", hidden: true }));
    expect(within(dialog).getByRole("alert", { hidden: true }).textContent).toBe(
      "Say why: the affiliate is told the reason.",
    );
    expect(api.setSuspension).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByRole("textbox", { hidden: true }), {
      target: { value: "  Bot sign-ups  " },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Suspend", hidden: true }));
    await waitFor(() => expect(screen.queryByRole("dialog", { hidden: true })).toBeNull());
    expect(api.setSuspension).toHaveBeenCalledWith(signedIn.user, low, true, "Bot sign-ups");
    const suspended = card("Lena Lowkey");
    expect(within(suspended).getByText("Suspended")).toBeTruthy();
    expect(within(suspended).getByRole("button", { name: "Reinstate Lena Lowkey" })).toBeTruthy();
  });

  test("a refusal stays in the dialog", async () => {
    api.setSuspension.mockRejectedValue(new Error("Only advertiser staff may do this."));
    render(<AdvertiserPage />);
    const lena = await screen.findByRole("article", { name: "Lena Lowkey" });
    fireEvent.click(within(lena).getByRole("button", { name: "Suspend Lena Lowkey" }));
    const dialog = dialogTitled("Suspend Lena Lowkey?");
    fireEvent.change(within(dialog).getByRole("textbox", { hidden: true }), { target: { value: "Fraud" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Suspend", hidden: true }));
    expect((await within(dialog).findByRole("alert", { hidden: true })).textContent).toBe(
      "Only advertiser staff may do this.",
    );
    expect(within(card("Lena Lowkey")).queryByText("Suspended")).toBeNull();
  });
});

describe("the programme's conversion report", () => {
  test("loads when opened, per advertiser, with the best page and links", async () => {
    api.fetchConversionReport.mockImplementation(async (_user, advertiser) => ({
      advertiser,
      affiliates: 7,
      totals: { clicks: 1_000, sign_ups: 100, first_sales: advertiser === "promptchan" ? 25 : 0 },
      landings:
        advertiser === "promptchan"
          ? [
              { key: "/ai-porn", clicks: 400, sign_ups: 60, first_sales: 20 },
              { key: "default", clicks: 600, sign_ups: 40, first_sales: 5 },
            ]
          : [],
      top_trackers: [
        {
          key: "u1:/tw",
          uid: "u1",
          email: "dana@demo.test",
          name: "Dana Demo",
          tracker: "/tw",
          clicks: 90,
          sign_ups: 9,
          first_sales: 3,
        },
      ],
      min_tracker_clicks: 20,
    }));
    render(<AdvertiserPage at="/advertiser/reports" />);
    const panel = (await screen.findByRole("heading", { name: "Conversion report" })).closest("section")!;
    expect(api.fetchConversionReport).not.toHaveBeenCalled();
    fireEvent.click(within(panel).getByRole("button", { name: "View" }));
    const byPage = await within(panel).findByRole("table", { name: "By landing page" });
    expect(within(byPage).getAllByRole("row")[1]!.textContent).toBe("AI PornBest400602015.0%5.0%");
    expect(
      within(panel).getByText(
        /1,000 clicks → 100 sign-ups \(10\.0%\) → 25 first sales \(2\.5% of clicks\), from 7 affiliates\./,
      ),
    ).toBeTruthy();
    expect(within(panel).getByRole("rowheader", { name: "Dana Demo · /tw" })).toBeTruthy();

    fireEvent.click(within(panel).getByRole("radio", { name: "CuteChat" }));
    expect(await within(panel).findByText("No clicks through CuteChat links yet.")).toBeTruthy();
    expect(api.fetchConversionReport).toHaveBeenLastCalledWith(signedIn.user, "cutechat");
  });
});

describe("due payouts", () => {
  test("closed, the lead says whether anyone else could be paid; opened, it counts them", async () => {
    const ready = summaryRowFixture({ user_id: "ready", name: "Rae Ready", payable: 120, payout_ready: true });
    programme = [pending, ready, low];
    render(<AdvertiserPage at="/advertiser/payouts" />);
    const panel = (await screen.findByRole("heading", { name: "Due payouts" })).closest("section")!;
    expect(
      (await within(panel).findByText(/^1 requested payout waiting to be paid/)).textContent!.endsWith(
        " Some affiliates could be paid without having asked.",
      ),
    ).toBe(true);
    // One row of the ready list tells it; the whole lists wait for the panel.
    expect(api.fetchAffiliatePage).toHaveBeenCalledWith(
      signedIn.user,
      expect.objectContaining({ ready: true }),
      null,
      1,
    );
    fireEvent.click(within(panel).getByRole("button", { name: "View" }));
    await within(panel).findByRole("region", { name: "Ready to pay" });
    expect(within(panel).getByText(/^1 requested payout waiting to be paid/).textContent).toMatch(
      / 1 more affiliate could be paid without having asked\.$/,
    );
  });

  test("closed, with nobody ready, the lead says only what is due", async () => {
    programme = [low];
    render(<AdvertiserPage at="/advertiser/payouts" />);
    const panel = (await screen.findByRole("heading", { name: "Due payouts" })).closest("section")!;
    await waitFor(() => expect(api.fetchAffiliatePage).toHaveBeenCalledWith(signedIn.user, expect.anything(), null, 1));
    expect(within(panel).getByText("No payout is waiting to be paid.")).toBeTruthy();
  });

  test("choose, export for the bank, record in one go; what was skipped says why", async () => {
    const wise = {
      ...pending,
      email: "wanda@demo.test",
      pending_destination: {
        method: "Wise" as const,
        fields: [["Wise Account Email", "wanda.wise@demo.test"]] as [string, string][],
      },
    };
    programme = [low, risky, recentlyPaid, wise];
    api.payBatch.mockResolvedValue({
      id: "b".repeat(20),
      created_at: new Date().toISOString(),
      completed_at: new Date().toISOString(),
      items: [
        { user_id: "pending", invoice_number: "INV-2026-000001", amount_cents: 24_000, status: "paid", reason: null },
        {
          user_id: "recent",
          invoice_number: null,
          amount_cents: 0,
          status: "skipped",
          reason: "This affiliate was already paid in the last 30 days.",
        },
      ],
    });
    const saved: { name: string; text: string }[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      void blob.text().then((text) => saved.push({ name: "", text }));
      return "blob:x";
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    render(<AdvertiserPage at="/advertiser/payouts" />);
    const panel = (await screen.findByRole("heading", { name: "Due payouts" })).closest("section")!;
    // Closed, it counts from the list's first page and fetches no whole list (pages of 500).
    expect(await within(panel).findByText(/^2 requested payouts waiting to be paid/)).toBeTruthy();
    expect(api.fetchAffiliatePage.mock.calls.filter(([, , , limit]) => limit === 500)).toEqual([]);
    fireEvent.click(within(panel).getByRole("button", { name: "View" }));
    const table = await within(panel).findByRole("region", { name: "Payouts due" });
    expect(api.fetchAffiliatePage.mock.calls.filter(([, , , limit]) => limit === 500)).toHaveLength(2);
    expect(within(table).getAllByRole("row")).toHaveLength(3);
    fireEvent.click(within(panel).getByRole("checkbox", { name: "Choose Wanda Wire" }));
    expect(within(panel).getByText("1 chosen · $240.00")).toBeTruthy();
    fireEvent.click(within(panel).getByRole("button", { name: "Wise batch CSV" }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.text).toBe(
      "name,recipientEmail,paymentReference,receiverType,amountCurrency,amount,sourceCurrency,targetCurrency\r\n" +
        "Wanda Wire,wanda.wise@demo.test,INV-2026-000001,PERSON,target,240.00,USD,USD\r\n",
    );

    fireEvent.click(within(panel).getByRole("checkbox", { name: "All 2" }));
    fireEvent.click(within(panel).getByRole("button", { name: "Record 2 as paid" }));
    const dialog = screen.getByRole("dialog", { hidden: true });
    expect(dialog.textContent).toContain("Record 2 payouts ($340.00) as paid?");
    fireEvent.click(within(dialog).getByRole("button", { name: "Record as paid", hidden: true }));
    await waitFor(() => expect(api.payBatch).toHaveBeenCalledWith(signedIn.user, ["pending", "recent"]));
    const result = await within(panel).findByText(/^Recorded 1 payout as paid/);
    expect(result.textContent).toBe("Recorded 1 payout as paid ($240.00). Skipped 1:");
    expect(within(panel).getByText("Rita Recent: This affiliate was already paid in the last 30 days.")).toBeTruthy();
  });
});
