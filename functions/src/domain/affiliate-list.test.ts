import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { sortRows, summaryOrders } from "./advertiser-summary.js";
import { columnOrderFields, everyListFilter, indexFor, listShape } from "./affiliate-list.js";

interface StoredIndex {
  collectionGroup: string;
  queryScope: string;
  fields: unknown[];
}

const stored = (
  JSON.parse(readFileSync(new URL("../../../firestore.indexes.json", import.meta.url), "utf8")) as {
    indexes: StoredIndex[];
  }
).indexes.filter((index) => index.collectionGroup === "affiliates");

describe("the advertiser list's queries", () => {
  test("firestore.indexes.json holds the composite index of every combination of filters and order, and no other", () => {
    const needed = new Set(
      everyListFilter().flatMap((filters) => {
        const index = indexFor(listShape(filters));
        return index ? [JSON.stringify(index)] : [];
      }),
    );
    expect(needed.size).toBeGreaterThan(5);
    expect(new Set(stored.map((index) => JSON.stringify(index.fields)))).toEqual(needed);
    expect(stored.every((index) => index.queryScope === "COLLECTION")).toBe(true);
  });

  test("SPEC.md's order: pending first then balance, descending; balance alone after a payout", () => {
    const base = { search: "", pending: false, highRisk: false, ready: false };
    expect(listShape({ ...base, order: "pending-first" }).orderedBy).toEqual(["payout_pending", "owed_cents"]);
    expect(listShape({ ...base, order: "balance" }).orderedBy).toEqual(["owed_cents"]);
    // The unfiltered balance order needs no composite index: Firestore's own single-field index serves it.
    expect(indexFor(listShape({ ...base, order: "balance" }))).toBeNull();
  });

  test("a search is an array-contains first in its index; HIGH RISK's ranges are ordered by after the balance", () => {
    const shape = listShape({ search: " Jane ", pending: false, highRisk: true, ready: false, order: "pending-first" });
    expect(indexFor(shape)).toEqual([
      { fieldPath: "search_keys", arrayConfig: "CONTAINS" },
      { fieldPath: "payout_pending", order: "DESCENDING" },
      { fieldPath: "owed_cents", order: "DESCENDING" },
      { fieldPath: "risk_margin_cents", order: "DESCENDING" },
      { fieldPath: "total_sign_ups", order: "DESCENDING" },
    ]);
    expect(listShape({ search: "   ", pending: false, highRisk: false, ready: false, order: "balance" }).contains).toBe(
      null,
    );
  });

  test("pending and ready filter payout_pending by equality; ready adds a range on the balance", () => {
    const ready = listShape({ search: "", pending: false, highRisk: false, ready: true, order: "balance" });
    expect(ready).toMatchObject({ equals: ["payout_pending"], ranges: [{ field: "owed_cents", op: ">=" }] });
    expect(indexFor(ready)).toEqual([
      { fieldPath: "payout_pending", order: "ASCENDING" },
      { fieldPath: "owed_cents", order: "DESCENDING" },
    ]);
    expect(everyListFilter().some((filters) => filters.pending && filters.ready)).toBe(false);
  });

  test("every order is combined with every filter, and pending-first stays the first order", () => {
    const all = everyListFilter();
    expect(summaryOrders[0]).toBe("pending-first");
    for (const order of summaryOrders) {
      // Searching or not, times pending, HIGH RISK and ready (less pending with ready): 2 × 6.
      expect(all.filter((filters) => filters.order === order)).toHaveLength(12);
    }
  });
});

describe("the column orders (issue 32): a total descending, then the uid", () => {
  const base = { search: "", pending: false, highRisk: false, ready: false };

  test("each orders by its stored total alone, served by the single-field index", () => {
    expect(columnOrderFields).toEqual({
      clicks: "total_clicks",
      sign_ups: "total_sign_ups",
      sales: "total_sales",
      earnings: "total_earnings_cents",
    });
    for (const [order, field] of Object.entries(columnOrderFields)) {
      const shape = listShape({ ...base, order: order as keyof typeof columnOrderFields });
      expect(shape).toEqual({ contains: null, equals: [], ranges: [], orderedBy: [field] });
      expect(indexFor(shape)).toBeNull();
    }
  });

  test("a filter's ranges are ordered by after the column; a field ranged and ordered by is ordered by once", () => {
    const ready = listShape({ ...base, ready: true, order: "clicks" });
    expect(ready).toMatchObject({ equals: ["payout_pending"], orderedBy: ["total_clicks", "owed_cents"] });
    expect(indexFor(ready)).toEqual([
      { fieldPath: "payout_pending", order: "ASCENDING" },
      { fieldPath: "total_clicks", order: "DESCENDING" },
      { fieldPath: "owed_cents", order: "DESCENDING" },
    ]);
    expect(listShape({ ...base, highRisk: true, order: "earnings" }).orderedBy).toEqual([
      "total_earnings_cents",
      "risk_margin_cents",
      "total_sign_ups",
    ]);
    // HIGH RISK ranges on sign-ups, which the sign-ups order already sorts by first.
    const risky = listShape({ ...base, highRisk: true, ready: true, order: "sign_ups" });
    expect(risky.ranges.map((range) => range.field)).toEqual(["owed_cents", "risk_margin_cents", "total_sign_ups"]);
    expect(risky.orderedBy).toEqual(["total_sign_ups", "owed_cents", "risk_margin_cents"]);
  });

  test("searched and pending: the search's array-contains, the pending equality, then the column", () => {
    expect(indexFor(listShape({ ...base, search: "jane", pending: true, order: "sales" }))).toEqual([
      { fieldPath: "search_keys", arrayConfig: "CONTAINS" },
      { fieldPath: "payout_pending", order: "ASCENDING" },
      { fieldPath: "total_sales", order: "DESCENDING" },
    ]);
  });

  test("sortRows puts rows in the column order, as the list answers them, and refuses rows without the column", () => {
    const row = (user_id: string, figures: { clicks: number; sign_ups: number; sales: number; earnings: number }) => ({
      user_id,
      payout_pending: user_id === "d",
      required_payout: 0,
      total_clicks: figures.clicks,
      total_sign_ups: figures.sign_ups,
      total_sales: figures.sales,
      total_earnings: figures.earnings,
    });
    const rows = [
      row("c", { clicks: 10, sign_ups: 1, sales: 0, earnings: 0.1 }),
      row("a", { clicks: 10, sign_ups: 3, sales: 2, earnings: 12.5 }),
      row("d", { clicks: 2, sign_ups: 3, sales: 7, earnings: 0.2 }),
      row("b", { clicks: 40, sign_ups: 0, sales: 2, earnings: 12.5 }),
    ];
    const ids = (order: (typeof summaryOrders)[number]) => sortRows(rows, order).map((r) => r.user_id);
    expect(ids("clicks")).toEqual(["b", "a", "c", "d"]);
    expect(ids("sign_ups")).toEqual(["a", "d", "c", "b"]);
    expect(ids("sales")).toEqual(["d", "a", "b", "c"]);
    expect(ids("earnings")).toEqual(["a", "b", "d", "c"]);
    expect(ids("pending-first")[0]).toBe("d");
    expect(() => sortRows([{ user_id: "x", payout_pending: false, required_payout: 0 }], "clicks")).toThrow(/clicks/);
  });
});
