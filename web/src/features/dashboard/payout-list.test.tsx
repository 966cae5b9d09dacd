import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import type { User } from "firebase/auth";
import type { InvoiceSnapshot, PayoutDoc } from "@domain/model";
import type * as UseAffiliate from "./use-affiliate";

// The list with its Firestore read replaced: the live query is the e2e tests' business.
const reads = vi.hoisted(() => ({ payouts: [] as PayoutDoc[], asked: [] as [string, number][] }));
vi.mock("./use-affiliate", async (importOriginal) => ({
  ...(await importOriginal<typeof UseAffiliate>()),
  usePayouts: (uid: string, count: number) => {
    reads.asked.push([uid, count]);
    return { status: "success", data: reads.payouts.slice(0, count) };
  },
}));

const { PayoutList } = await import("./payout-list");

afterEach(() => {
  cleanup();
  reads.asked = [];
});

const user = { uid: "u1", getIdToken: async () => "token" } as unknown as User;

/** A payout as stored; one recorded before payout_audit still names its recorder (until the migration). */
type StoredPayout = PayoutDoc & { recorded_by?: { uid: string; email: string } | null };

function payout(n: number, change: Partial<StoredPayout> = {}): StoredPayout {
  const number = `INV-2026-${String(n).padStart(6, "0")}`;
  return {
    uid: "u1",
    amount_cents: 25_000 + n,
    status: "paid",
    method: "Wise",
    requested_at: new Date(Date.UTC(2026, 10, 30 - n)),
    paid_at: new Date(Date.UTC(2026, 11, 1)),
    recorded_by: { uid: "staff-1", email: "staff@demo.test" },
    invoice: { invoice_number: number } as InvoiceSnapshot,
    ...change,
  };
}

const rows = () =>
  screen
    .getAllByRole("row")
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    );

test("lists the affiliate's payouts: requested, paid, amount, method, status, invoice; never who recorded it", () => {
  reads.payouts = [
    payout(1, { status: "pending", paid_at: null, recorded_by: null, method: "Crypto (TRON)" }),
    payout(2, { amount_cents: 123_456_78 }),
  ];
  render(<PayoutList user={user} uid="u1" />);
  expect(screen.getAllByRole("columnheader").map((header) => header.textContent)).toEqual([
    "Requested",
    "Paid",
    "Amount",
    "Method",
    "Status",
    "Invoice",
  ]);
  expect(rows()).toEqual([
    ["29 Nov 2026", "—", "$250.01", "Crypto (TRON)", "Pending", "INV-2026-000001"],
    ["28 Nov 2026", "1 Dec 2026", "$123,456.78", "Wise", "Paid", "INV-2026-000002"],
  ]);
  expect(document.body.textContent).not.toContain("staff");
  expect(reads.asked.at(-1)).toEqual(["u1", 10]);
});

test("a page at a time: Show older asks for the next ten", () => {
  reads.payouts = Array.from({ length: 12 }, (_, i) => payout(i + 1));
  render(<PayoutList user={user} uid="u1" />);
  expect(rows()).toHaveLength(10);
  fireEvent.click(screen.getByRole("button", { name: "Show older" }));
  expect(rows()).toHaveLength(12);
  expect(reads.asked.at(-1)).toEqual(["u1", 20]);
  expect(screen.queryByRole("button", { name: "Show older" })).toBeNull();
});

test("no payouts yet says what will appear", () => {
  reads.payouts = [];
  render(<PayoutList user={user} uid="u1" />);
  expect(screen.getByText(/No payouts yet: each payout you request is listed here/)).toBeTruthy();
});

test("an invoice downloads through download_invoice; a failure says why in the page", async () => {
  reads.payouts = [payout(7)];
  const fetch = vi
    .spyOn(globalThis, "fetch")
    .mockResolvedValue(new Response("<!doctype html>", { headers: { "Content-Type": "text/html" } }));
  render(<PayoutList user={user} uid="u1" />);
  fireEvent.click(screen.getByRole("button", { name: "Invoice INV-2026-000007 (PDF)" }));
  expect((await screen.findByRole("alert")).textContent).toBe("Received content is not a PDF");
  const [path, init] = fetch.mock.calls[0]!;
  expect(path).toBe("/api/download_invoice");
  expect(JSON.parse(String(init?.body))).toEqual({ invoice_number: "INV-2026-000007" });
  fetch.mockRestore();
});
