import { readFileSync } from "node:fs";
import path from "node:path";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, test } from "vitest";
import { Table, type Column } from "./table";

// The component's own stylesheet (unit tests load no CSS): its phone rules are applied below.
const tableCss = readFileSync(path.join(import.meta.dirname, "table.module.css"), "utf8");

afterEach(() => {
  cleanup();
  document.head.querySelectorAll("style[data-test]").forEach((style) => style.remove());
});

interface Payout {
  invoice: string;
  amount: string;
  status: "Pending" | "Paid";
}

const payouts: Payout[] = [
  { invoice: "INV-2", amount: "$252.00", status: "Pending" },
  { invoice: "INV-1", amount: "$300.00", status: "Paid" },
];

const columns: Column<Payout>[] = [
  { header: "Chosen", hideHeader: true, cell: (row) => <input type="checkbox" aria-label={`Choose ${row.invoice}`} /> },
  { header: "Invoice", rowHeader: true, cell: (row) => row.invoice },
  { header: "Amount", number: true, cell: (row) => row.amount },
  {
    header: "Status",
    wide: true,
    className: (row) => (row.status === "Pending" ? "pending" : undefined),
    cell: (row) => row.status,
  },
];

function renderTable() {
  render(<Table caption="Your payouts" columns={columns} rows={payouts} rowKey={(row) => row.invoice} />);
  return screen.getByRole("table", { name: "Your payouts" });
}

/** The media rule that lays the table out on a phone, its rules applied as if the screen were one. */
function asOnAPhone(): void {
  const style = document.createElement("style");
  style.dataset.test = "";
  style.textContent = tableCss;
  document.head.append(style);
  const phone = [...style.sheet!.cssRules].find(
    (rule): rule is CSSMediaRule => rule instanceof CSSMediaRule && rule.conditionText.includes("max-width: 40rem"),
  );
  expect(phone, "the phone's media rule").toBeDefined();
  const unconditional = document.createElement("style");
  unconditional.dataset.test = "";
  unconditional.textContent = [...phone!.cssRules].map((rule) => rule.cssText).join("\n");
  document.head.append(unconditional);
}

describe("Table", () => {
  test("one header per column and one row per item, each value in its column", () => {
    const table = renderTable();
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((header) => header.textContent),
    ).toEqual(["Chosen", "Invoice", "Amount", "Status"]);
    const [, first, second] = within(table).getAllByRole("row");
    expect(within(first!).getByRole("rowheader").textContent).toBe("INV-2");
    expect(
      within(first!)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["", "$252.00", "Pending"]);
    expect(
      within(second!)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["", "$300.00", "Paid"]);
    expect(within(first!).getByRole("checkbox", { name: "Choose INV-2" })).toBeTruthy();
    // A header for screen readers only stays in the table's header, out of sight.
    expect(within(table).getByRole("columnheader", { name: "Chosen" }).firstElementChild!.className).toBe(
      "visually-hidden",
    );
  });

  test("figures are marked as numbers, and a column's class can follow its row", () => {
    const table = renderTable();
    expect(within(table).getByRole("columnheader", { name: "Amount" }).classList.contains("number")).toBe(true);
    const [pending, paid] = within(table).getAllByText(/^(Pending|Paid)$/);
    expect(pending!.classList.contains("pending")).toBe(true);
    expect(pending!.classList.contains("wide")).toBe(true);
    expect(paid!.classList.contains("pending")).toBe(false);
  });

  test("on a phone each row is a card: every value under its header's label, the header row out of sight", () => {
    const table = renderTable();
    expect(table.classList.contains("cards")).toBe(true);
    for (const row of within(table).getAllByRole("row").slice(1)) {
      const cells = within(row).getAllByRole("cell");
      // The labels the card shows: each column's header, but for a column whose header is hidden.
      expect(cells.map((cell) => cell.dataset.label)).toEqual([undefined, "Amount", "Status"]);
    }

    asOnAPhone();
    const [header, row] = within(table).getAllByRole("row");
    expect(getComputedStyle(row!).display).toBe("grid");
    expect(getComputedStyle(header!.parentElement!).position).toBe("absolute");
    const amount = within(row!).getAllByRole("cell")[1]!;
    expect(getComputedStyle(amount).textAlign).toBe("left");
    expect(getComputedStyle(within(row!).getByRole("rowheader")).gridColumn).toBe("1 / -1");
    // The label comes from each cell's data-label, and is for the eye only (an empty alternative text).
    const label = [...document.styleSheets]
      .flatMap((sheet) => [...sheet.cssRules])
      .find((rule): rule is CSSStyleRule => rule instanceof CSSStyleRule && rule.selectorText.includes("::before"));
    expect(label?.selectorText).toMatch(/\.cards tbody td\[data-label\]::before/);
    expect(label?.cssText).toContain('attr(data-label) / ""');
  });
});
