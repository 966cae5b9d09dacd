import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { everyListFilter, indexFor, listShape } from "./affiliate-list.js";

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
});
