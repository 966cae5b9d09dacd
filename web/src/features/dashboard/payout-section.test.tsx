import { act, cleanup, fireEvent, queries, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi, type MockInstance } from "vitest";
import type { User } from "firebase/auth";
import type { AffiliateDoc, InvoiceSnapshot } from "@domain/model";
import { affiliateFixture as affiliate, completeDetails as complete } from "./affiliate-fixture";
import { PayoutSection } from "./payout-section";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const now = new Date("2026-11-21T12:00:00Z");
const user = { uid: "u1", getIdToken: async () => "token" } as unknown as User;
const validTron = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

/** The figure beside a label (a card's, or a term of the balance's split), found by the label's text. */
const value = (label: string, section: HTMLElement) =>
  queries.queryByText(section, label, { exact: true })?.nextElementSibling?.textContent;

/** The refusal beside Request Payout (a warning is an alert; a pending payout is said as a status). */
const refusal = () => document.getElementById("payout-refusal")?.textContent;
const requestButton = () => screen.getByRole("button", { name: "Request Payout" }) as HTMLButtonElement;
/** The request dialog: jsdom has no showModal, so its content is queried as hidden. */
const dialog = () => screen.queryByRole("dialog", { hidden: true });
const input = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
/** A field's own error: the text its control is described by. */
const described = (label: RegExp) => {
  const ids = input(label).getAttribute("aria-describedby");
  return ids ? document.getElementById(ids)?.textContent : undefined;
};

const latest = {
  invoice_number: "INV-2026-000007",
  issued_at: new Date("2026-11-01T00:00:00Z"),
  due_at: new Date("2026-11-15T00:00:00Z"),
  period: "October 2026",
  amount_cents: 25_000,
  payee: {},
} as InvoiceSnapshot;
const pendingState: Partial<AffiliateDoc> = {
  ...complete,
  total_earnings_cents: 25_200,
  latest_invoice: latest,
  payout_pending: true,
  pending_payout_id: latest.invoice_number,
};

const renderSection = (state: Partial<AffiliateDoc>, readOnly = false) =>
  render(<PayoutSection user={user} affiliate={affiliate(state)} readOnly={readOnly} />);

describe("the balance, in one vocabulary", () => {
  test("the section shows how the balance splits: available + in hold + pending payout = balance; paid apart", () => {
    const inTenDays = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const { container } = renderSection({
      ...pendingState,
      total_earnings_cents: 152_149,
      total_payouts_cents: 30_000,
      held: { [inTenDays]: 20_000 },
      latest_invoice: { ...latest, amount_cents: 100_000 },
    });
    const split = container.querySelector('dl[aria-label="Your balance"]')!;
    expect([...split.querySelectorAll("dt")].map((term) => term.textContent)).toEqual([
      "Available",
      "In hold",
      "Pending payout",
      "Balance",
      "Paid",
    ]);
    expect(value("Available", container)).toBe("$21.49");
    expect(value("In hold", container)).toBe("$200.00");
    expect(value("Pending payout", container)).toBe("$1,000.00");
    // The All Time card's balance, under the same name.
    expect(value("Balance", container)).toBe("$1,221.49");
    expect(value("Paid", container)).toBe("$300.00");
    // No other word for the same money.
    expect(container.textContent).not.toMatch(/Available balance|Pending \$/);
  });

  test("the issue's page: everything pending, nothing available, and the parts add up to the balance", () => {
    const { container } = renderSection({
      ...pendingState,
      total_earnings_cents: 102_149,
      latest_invoice: { ...latest, amount_cents: 102_149 },
    });
    expect(value("Available", container)).toBe("$0.00");
    expect(value("In hold", container)).toBe("$0.00");
    expect(value("Pending payout", container)).toBe("$1,021.49");
    expect(value("Balance", container)).toBe("$1,021.49");
    expect(value("Refunds to net", container)).toBeUndefined();
  });

  test("a refund after the request: the part still to net is shown, so the figures still add up", () => {
    const { container } = renderSection({ ...pendingState, total_refunded_cents: 5_000 });
    expect(value("Pending payout", container)).toBe("$250.00");
    expect(value("Refunds to net", container)).toBe("−$48.00");
    expect(value("Balance", container)).toBe("$202.00");
  });

  test("commission in hold shows with when it matures, and is not payable yet", () => {
    const inTenDays = new Date(Date.now() + 10 * 86_400_000);
    const { container } = renderSection({
      ...complete,
      total_earnings_cents: 30_000,
      held: { [inTenDays.toISOString().slice(0, 10)]: 15_000 },
    });
    expect(value("Available", container)).toBe("$150.00");
    expect(value("In hold", container)).toBe("$150.00");
    const date = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" }).format(inTenDays);
    expect(screen.getByText(new RegExp(`\\$150\\.00 becomes available on ${date}\\.`))).toBeTruthy();
    expect(requestButton().disabled).toBe(true);
    expect(refusal()).toBe(
      "Minimum payout is $200. Your current available balance is less than the required amount. $150.00 more is still in its hold period.",
    );
  });

  test("once paid, the last payout shows its amount and date; nothing is pending", () => {
    const { container } = renderSection({
      ...complete,
      total_earnings_cents: 25_200,
      total_payouts_cents: 25_000,
      latest_invoice: latest,
      last_payout: new Date("2026-11-23T10:00:00Z"),
    });
    expect(value("Available", container)).toBe("$2.00");
    expect(value("Pending payout", container)).toBe("$0.00");
    expect(value("Paid", container)).toBe("$250.00");
    expect(screen.getByText(/^Last payout \$250\.00, paid on 23 November 2026\./)).toBeTruthy();
  });
});

describe("Request Payout", () => {
  test("SPEC.md's refusals show in the page beside a disabled Request Payout, never as a browser alert", () => {
    const alert = vi.spyOn(window, "alert");
    const cases: [Partial<AffiliateDoc>, string, string][] = [
      [
        { ...complete, total_earnings_cents: 19_999 },
        "Minimum payout is $200. Your current available balance is less than the required amount.",
        "alert",
      ],
      [
        { ...complete, total_earnings_cents: 50_000, last_payout: new Date("2026-11-16T00:00:00Z") },
        "You have already recieved a payout in the last 30 days. Next payout possible from 16 December 2026.",
        "alert",
      ],
      // A pending payout is a state, not a warning: SPEC.md's words, said as a status.
      [
        { ...pendingState, total_earnings_cents: 50_000 },
        "You already have a pending payout in progress. Please wait until the payout is complete.",
        "status",
      ],
    ];
    vi.useFakeTimers({ now, toFake: ["Date"] });
    for (const [state, message, role] of cases) {
      renderSection(state);
      expect(refusal()).toBe(message);
      expect(document.getElementById("payout-refusal")?.getAttribute("role")).toBe(role);
      expect(requestButton().disabled).toBe(true);
      expect(requestButton().getAttribute("aria-describedby")).toBe("payout-refusal");
      cleanup();
    }
    expect(alert).not.toHaveBeenCalled();
  });

  test("under a risk review that holds: the review's message beside a disabled Request Payout, the held part shown (issue 33)", () => {
    vi.useFakeTimers({ now, toFake: ["Date"] });
    const { container } = renderSection({
      ...complete,
      total_earnings_cents: 50_000,
      risk_case: { id: "c1", action: "hold_new", families: ["shared_destination"], opened_at: now },
      risk_held: { promptchan: { "2026-12-05": 15_000 } },
    });
    expect(refusal()).toBe(
      "Your account is under review, so new commissions are held and payouts are paused until the review ends. Contact us if you have questions.",
    );
    expect(requestButton().disabled).toBe(true);
    const split = container.querySelector("dl[aria-label='Your balance']") as HTMLElement;
    expect(value("Under review", split)).toBe("$150.00");
    expect(value("Available", split)).toBe("$350.00");
    expect(value("Balance", split)).toBe("$500.00");
  });

  test("the programme's own rules (admins' settings) decide, and the section states them", () => {
    const rules = { minimumCents: 10_000, intervalDays: 14 };
    vi.useFakeTimers({ now, toFake: ["Date"] });
    const state = { ...complete, total_earnings_cents: 15_000 };
    const lastPayout = new Date(now.getTime() - 10 * 86_400_000);
    render(
      <PayoutSection
        user={user}
        affiliate={affiliate({ ...state, last_payout: lastPayout })}
        rules={rules}
        readOnly={false}
      />,
    );
    expect(screen.getByText(/^Minimum payout \$100, one payout every 14 days\./)).toBeTruthy();
    expect(refusal()).toMatch(/^You have already recieved a payout in the last 14 days\. Next payout possible from /);
    cleanup();
    render(<PayoutSection user={user} affiliate={affiliate(state)} rules={rules} readOnly={false} />);
    expect(refusal()).toBeUndefined();
    expect(requestButton().disabled).toBe(false);
    cleanup();
    render(
      <PayoutSection
        user={user}
        affiliate={affiliate(state)}
        rules={{ ...rules, minimumCents: 25_050 }}
        readOnly={false}
      />,
    );
    expect(refusal()).toBe(
      "Minimum payout is $250.50. Your current available balance is less than the required amount.",
    );
  });

  test("Request Payout asks first, naming the amount, where it goes and the invoice's details; Cancel sends nothing", () => {
    const fetch = vi.spyOn(globalThis, "fetch");
    renderSection({ ...complete, total_earnings_cents: 50_000, held: { "2999-01-01": 4_000 } });
    expect(dialog()).toBeNull();
    fireEvent.click(requestButton());
    const asked = within(dialog()!);
    expect(asked.getByText("Request this payout?")).toBeTruthy();
    const term = (label: string) => asked.getByText(label, { exact: true }).nextElementSibling?.textContent;
    expect(term("Amount")).toBe("$460.00 ($40.00 in hold is paid in a later payout)");
    expect(term("Paid to")).toBe("WiseWise Account Email: dana@wise.test");
    expect(term("Invoice to")).toBe("DanaDana LdaRua 11100 LisbonPortugalVAT/Tax: PT1");
    expect(term("Confirmation to")).toBe("dana@demo.test");
    fireEvent.click(asked.getByRole("button", { name: "Cancel", hidden: true }));
    expect(dialog()).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  test("confirming requests the payout to the saved details and ends in one success state with the invoice link", async () => {
    const fetch = vi.spyOn(globalThis, "fetch").mockResolvedValue(
      new Response("%PDF-1.7 test", {
        headers: {
          "Content-Type": "application/pdf",
          "Content-Disposition": 'attachment; filename="INV-2026-000008.pdf"',
        },
      }),
    );
    const createObjectURL = vi.fn(() => "blob:invoice");
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click");
    const { rerender } = renderSection({ ...complete, total_earnings_cents: 50_000 });
    // Unsaved typing is not what is paid to, and does not change what Request Payout may do.
    fireEvent.change(input(/^Wise Account Email/), { target: { value: "" } });
    expect(requestButton().disabled).toBe(false);
    fireEvent.click(requestButton());
    expect(within(dialog()!).getByText(/Your unsaved changes to the payout details are not used/)).toBeTruthy();
    fireEvent.click(within(dialog()!).getByRole("button", { name: "Request $500.00", hidden: true }));

    const done = await screen.findByText(/^Payout requested: \$500\.00 to Wise \(dana@wise\.test\)\./);
    expect(dialog()).toBeNull();
    const link = within(done).getByRole("link", { name: "Download invoice INV-2026-000008 (PDF)" });
    expect(link.getAttribute("href")).toBe("blob:invoice");
    expect(link.getAttribute("download")).toBe("INV-2026-000008.pdf");
    // SPEC.md §4: confirmed, the invoice PDF is downloaded once, and the link keeps it at hand.
    expect(click).toHaveBeenCalledTimes(1);
    // Focus moves in an effect, which runs after the commit that showed the text: waited for, not assumed.
    await waitFor(() => expect(document.activeElement).toBe(document.getElementById("payout-requested")));
    const [path, init] = fetch.mock.calls[0]!;
    expect(path).toBe("/api/request_payout");
    expect(JSON.parse(String(init?.body))).toMatchObject({ price: "500.00", paypalEmail: "dana@wise.test" });

    // The live document says the payout is pending: still one state, and no refusal contradicting it.
    const requested = { ...latest, invoice_number: "INV-2026-000008", amount_cents: 50_000 };
    rerender(
      <PayoutSection
        user={user}
        affiliate={affiliate({
          ...complete,
          total_earnings_cents: 50_000,
          payout_pending: true,
          pending_payout_id: requested.invoice_number,
          latest_invoice: requested,
        })}
        readOnly={false}
      />,
    );
    expect(screen.getByText(/^Payout requested: /)).toBeTruthy();
    expect(refusal()).toBeUndefined();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByText(/^Payout pending:/)).toBeNull();
    expect(requestButton().disabled).toBe(true);
    expect(requestButton().getAttribute("aria-describedby")).toBe("payout-requested");

    // Paid (staff recorded it): the success state gives way to the last payout, and its file is let go.
    rerender(
      <PayoutSection
        user={user}
        affiliate={affiliate({
          ...complete,
          total_earnings_cents: 50_000,
          total_payouts_cents: 50_000,
          last_payout: new Date(),
          latest_invoice: requested,
        })}
        readOnly={false}
      />,
    );
    expect(screen.queryByText(/^Payout requested: /)).toBeNull();
    expect(screen.getByText(/^Last payout \$500\.00, paid on /)).toBeTruthy();
    cleanup();
    expect(revokeObjectURL).toHaveBeenCalledWith("blob:invoice");
  });

  test("a payout the server refuses says 'Failed to request payout: ' and the server's error, in the dialog", async () => {
    const fetch = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValue(Response.json({ error: "You already have a pending payout in progress." }, { status: 409 }));
    renderSection({ ...complete, total_earnings_cents: 50_000 });
    fireEvent.click(requestButton());
    fireEvent.click(within(dialog()!).getByRole("button", { name: "Request $500.00", hidden: true }));
    const message = await within(dialog()!).findByText(
      "Failed to request payout: You already have a pending payout in progress.",
    );
    expect(message.classList.contains("message-error")).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(/^Payout requested/)).toBeNull();
    fireEvent.click(within(dialog()!).getByRole("button", { name: "Cancel", hidden: true }));
    expect(screen.queryByText(/^Failed to request payout/)).toBeNull();
    expect(requestButton().disabled).toBe(false);
  });

  test("a pending payout is said once, beside a disabled Request Payout", () => {
    renderSection(pendingState);
    expect(screen.getByText(/Payout pending: \$250\.00 requested on 1 November 2026/)).toBeTruthy();
    expect(requestButton().disabled).toBe(true);
    expect(refusal()).toBe("You already have a pending payout in progress. Please wait until the payout is complete.");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  test("an invoice download that is not a PDF says SPEC.md's 'Received content is not a PDF' in the page", async () => {
    const fetch = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValue(new Response("<!doctype html><p>Sign in</p>", { headers: { "Content-Type": "text/html" } }));
    renderSection(pendingState);
    fireEvent.click(screen.getByRole("button", { name: "Download invoice INV-2026-000007" }));
    await screen.findByText("Received content is not a PDF");
    expect(screen.getAllByRole("alert").map((alert) => alert.textContent)).toContain("Received content is not a PDF");
    const [path, init] = fetch.mock.calls[0]!;
    expect(path).toBe("/api/download_invoice");
    expect(JSON.parse(String(init?.body))).toEqual({ invoice_number: "INV-2026-000007" });
  });

  test("read-only (the admin viewing an affiliate) offers no actions", () => {
    renderSection(complete, true);
    expect(screen.queryByRole("button", { name: "Request Payout" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Update Details" })).toBeNull();
  });
});

describe("the payout details form", () => {
  let fetch: MockInstance<typeof globalThis.fetch>;
  beforeEach(() => {
    fetch = vi.spyOn(globalThis, "fetch").mockResolvedValue(Response.json({ status: "updated", message: "" }));
  });
  const update = () => fireEvent.click(screen.getByRole("button", { name: "Update Details" }));

  test("a $12 balance hears about the $200 minimum first, and no field is marked", () => {
    renderSection({ total_earnings_cents: 1_200 });
    expect(refusal()).toBe("Minimum payout is $200. Your current available balance is less than the required amount.");
    expect(input(/^Full Name/).getAttribute("aria-invalid")).toBeNull();
  });

  test("the fields a payout still needs are named in the refusal and marked on the form, each with its reason", () => {
    renderSection({ ...complete, tax: "", total_earnings_cents: 50_000 });
    expect(screen.getByText("(needed for payouts)")).toBeTruthy();
    expect(input(/^VAT\/Tax/).hasAttribute("required")).toBe(false);
    expect(refusal()).toBe("Please complete all fields before requesting a payout. Missing: VAT/Tax.");
    expect(input(/^VAT\/Tax/).getAttribute("aria-invalid")).toBe("true");
    expect(described(/^VAT\/Tax/)).toBe("VAT/Tax is needed for a payout.");
    expect(input(/^Full Name/).getAttribute("aria-invalid")).toBeNull();
    expect(requestButton().disabled).toBe(true);

    // Typed, not yet saved: the mark goes, the refusal says what saves it.
    fireEvent.change(input(/^VAT\/Tax/), { target: { value: "PT123" } });
    expect(input(/^VAT\/Tax/).getAttribute("aria-invalid")).toBeNull();
    expect(refusal()).toBe(
      "Please complete all fields before requesting a payout. Missing: VAT/Tax. Update Details saves what you have typed.",
    );
  });

  test("every error shows on its own field at once, focus goes to the first, nothing is sent", () => {
    renderSection({});
    expect(input(/^Full Name/).hasAttribute("required")).toBe(true);
    fireEvent.change(input(/^Invoice Email/), { target: { value: "not-an-email" } });
    update();
    expect(fetch).not.toHaveBeenCalled();
    expect(described(/^Full Name/)).toBe("Full Name is required.");
    expect(described(/^Invoice Email/)).toBe("Invoice Email must be an e-mail address.");
    expect(described(/^Wise Account Email/)).toBe("Wise Account Email is required.");
    for (const label of [/^Full Name/, /^Company/, /^Country/, /^Invoice Email/, /^Wise Account Email/]) {
      expect(input(label).getAttribute("aria-invalid")).toBe("true");
    }
    // VAT/Tax is not needed to save: not marked, its hint stays.
    expect(input(/^VAT\/Tax/).getAttribute("aria-invalid")).toBeNull();
    expect(described(/^VAT\/Tax/)).toBe("Not needed to save, but a payout needs it.");
    expect(document.activeElement).toBe(input(/^Full Name/));
    expect(screen.getByText("Failed to update details: 8 fields need attention above.")).toBeTruthy();

    // Changing a field clears its error alone.
    fireEvent.change(input(/^Full Name/), { target: { value: "Dana" } });
    expect(input(/^Full Name/).getAttribute("aria-invalid")).toBeNull();
    expect(described(/^Full Name/)).toBeUndefined();
    expect(input(/^Invoice Email/).getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Failed to update details: 7 fields need attention above.")).toBeTruthy();
  });

  test("a TRON error does not outlive the switch to Wire Transfer, and the half-typed address is not sent", async () => {
    renderSection({ ...complete, payout_type: "Crypto (TRON)", tron_address: validTron });
    fireEvent.change(input(/^TRON Address/), { target: { value: "TRON-nope" } });
    update();
    expect(described(/^TRON Address/)).toBe(
      "TRON Address is not a valid TRON address (34 characters starting with T).",
    );
    expect(document.activeElement).toBe(input(/^TRON Address/));

    fireEvent.change(input(/^Payout Method/), { target: { value: "Wire Transfer" } });
    expect(screen.queryByText(/not a valid TRON address/)).toBeNull();
    expect(screen.queryByText(/fields? needs? attention/)).toBeNull();
    fireEvent.change(input(/^Fedwire Routing Number/), { target: { value: "021000021" } });
    fireEvent.change(input(/^Bank Account Number/), { target: { value: "12345678" } });
    update();
    await screen.findByText("Details successfully updated.");
    const [path, init] = fetch.mock.calls[0]!;
    expect(path).toBe("/api/update_paypal_account");
    // The address as saved goes with the request, not the one half typed before switching.
    expect(JSON.parse(String(init?.body))).toMatchObject({
      payoutType: "Wire Transfer",
      fedwireRoutingNumber: "021000021",
      tronAddress: validTron,
    });

    // Back to TRON: the saved address, and no error.
    fireEvent.change(input(/^Payout Method/), { target: { value: "Crypto (TRON)" } });
    expect(input(/^TRON Address/).value).toBe(validTron);
    expect(input(/^TRON Address/).getAttribute("aria-invalid")).toBeNull();
  });

  test("a refusal from the server keeps SPEC.md's prefix", async () => {
    fetch.mockResolvedValue(
      Response.json({ error: "Company contains characters that are not allowed." }, { status: 400 }),
    );
    renderSection(complete);
    fireEvent.change(input(/^Company/), { target: { value: "Dana Media" } });
    expect(screen.getByText(/^Unsaved changes: a payout request uses your saved details/)).toBeTruthy();
    update();
    await screen.findByText("Failed to update details: Company contains characters that are not allowed.");
  });

  test("once saved, the form is no longer unsaved", async () => {
    renderSection(complete);
    fireEvent.change(input(/^Company/), { target: { value: "  Dana Media  " } });
    update();
    await screen.findByText("Details successfully updated.");
    expect(input(/^Company/).value).toBe("Dana Media");
    expect(screen.queryByText(/^Unsaved changes/)).toBeNull();
    expect(JSON.parse(String(fetch.mock.calls[0]![1]?.body))).toMatchObject({ company: "  Dana Media  " });
  });

  test("each payout method asks for its own fields; a routing number loses focus on the wheel", () => {
    renderSection(complete);
    expect(input(/^Wise Account Email/)).toBeTruthy();
    fireEvent.change(input(/^Payout Method/), { target: { value: "Crypto (TRON)" } });
    expect(screen.queryByLabelText(/^Wise Account Email/)).toBeNull();
    expect(input(/^TRON Address/)).toBeTruthy();
    fireEvent.change(input(/^Payout Method/), { target: { value: "Wire Transfer" } });
    const routing = input(/^Fedwire Routing Number/);
    expect(input(/^Account Type/)).toBeTruthy();
    act(() => routing.focus());
    expect(document.activeElement).toBe(routing);
    fireEvent.wheel(routing);
    expect(document.activeElement).not.toBe(routing);
  });

  test("Bank Transfer (IBAN): IBAN and SWIFT/BIC required, errors in a marketer's words, saved as typed", async () => {
    renderSection(complete);
    fireEvent.change(input(/^Payout Method/), { target: { value: "Bank Transfer (IBAN)" } });
    expect(input(/^IBAN/).hasAttribute("required")).toBe(true);
    expect(input(/^SWIFT\/BIC/).hasAttribute("required")).toBe(true);
    expect(input(/^Account Holder Name/).hasAttribute("required")).toBe(false);
    fireEvent.change(input(/^IBAN/), { target: { value: "DE89 3704 0044 0532 0130 01" } });
    update();
    expect(fetch).not.toHaveBeenCalled();
    expect(described(/^IBAN/)).toBe("This IBAN's check digits do not match: check it for a typo.");
    expect(described(/^SWIFT\/BIC/)).toBe("SWIFT/BIC is required.");
    expect(document.activeElement).toBe(input(/^IBAN/));

    fireEvent.change(input(/^IBAN/), { target: { value: "de89 3704 0044 0532 0130 00" } });
    fireEvent.change(input(/^SWIFT\/BIC/), { target: { value: "cobadeff" } });
    update();
    await screen.findByText("Details successfully updated.");
    expect(JSON.parse(String(fetch.mock.calls[0]![1]?.body))).toMatchObject({
      payoutType: "Bank Transfer (IBAN)",
      iban: "de89 3704 0044 0532 0130 00",
      swiftBIC: "cobadeff",
    });
    // Shown back as stored, in groups of four, and nothing left unsaved.
    expect(input(/^IBAN/).value).toBe("DE89 3704 0044 0532 0130 00");
    expect(input(/^SWIFT\/BIC/).value).toBe("COBADEFF");
    expect(screen.queryByText(/^Unsaved changes/)).toBeNull();
  });

  test("the wire's SWIFT/BIC stays optional beside the IBAN method's required one", () => {
    renderSection(complete);
    fireEvent.change(input(/^Payout Method/), { target: { value: "Wire Transfer" } });
    expect(input(/^SWIFT\/BIC/).hasAttribute("required")).toBe(false);
  });

  test("while a payout is pending, the form says changes apply from the next payout", () => {
    const note =
      /Your pending payout goes to the details on its invoice \(INV-2026-000007\)\. Changes you save now apply from your next payout\./;
    renderSection(pendingState);
    expect(screen.getByText(note)).toBeTruthy();
    cleanup();
    renderSection({ ...complete, latest_invoice: latest });
    expect(screen.queryByText(note)).toBeNull();
  });
});

describe("under a review that holds money (issue 33)", () => {
  const review = {
    risk_case: {
      id: "case-1",
      action: "hold_new" as const,
      families: ["shared_destination" as const],
      opened_at: new Date("2026-11-19T09:00:00Z"),
    },
    risk_held: { promptchan: { "2099-01-01": 6_000 } },
  };

  test("a notice says what it means for their payout, why in plain words, how much is held and how to reach staff", () => {
    const { container } = renderSection({ ...complete, total_earnings_cents: 56_000, ...review });
    const notice = screen.getByRole("region", { name: "Your account is under review" });
    expect(notice.textContent).toContain(
      "Your account is under review, so new commissions are held and payouts are paused until the review ends.",
    );
    expect(notice.textContent).toContain("Since 19 Nov 2026, $60.00 of commission is held by the review.");
    expect(within(notice).getByRole("listitem").textContent).toBe(
      "Your payout account is also used by another affiliate account.",
    );
    const mail = within(notice).getByRole("link");
    expect(mail.getAttribute("href")).toMatch(/^mailto:.+@.+/);
    // Never a rule's threshold, family or action name.
    expect(notice.textContent).not.toMatch(/threshold|hold_new|shared_destination|\d+ ?%|times/i);
    // The split shows it as its own part: the balance is still available + in hold + under review.
    const split = container.querySelector<HTMLElement>('dl[aria-label="Your balance"]')!;
    expect(value("Under review", split)).toBe("$60.00");
    expect(value("Available", split)).toBe("$500.00");
    expect(value("Balance", split)).toBe("$560.00");
    // And the request is refused with the review's reason.
    expect(requestButton().disabled).toBe(true);
  });

  test("a case that only flags shows nothing, and the split has no such part", () => {
    const { container } = renderSection({
      ...complete,
      ...review,
      risk_case: { ...review.risk_case, action: "flag" },
      risk_held: {},
    });
    expect(screen.queryByRole("region", { name: "Your account is under review" })).toBeNull();
    const split = container.querySelector<HTMLElement>('dl[aria-label="Your balance"]')!;
    expect(value("Under review", split)).toBeUndefined();
  });
});
