import { describe, expect, test } from "vitest";
import type { SummaryRow } from "../domain/advertiser-summary.js";
import { pageOfRows } from "./summary.js";

const row = (user_id: string, payout_pending: boolean, required_payout: number) =>
  ({ user_id, payout_pending, required_payout }) as SummaryRow;

const rows = [
  row("e", false, 5),
  row("a", true, 1),
  row("d", false, 5),
  row("b", true, 3),
  row("c", false, 9),
  row("f", false, 0),
];
const ids = (page: { rows: SummaryRow[] }) => page.rows.map((r) => r.user_id);

describe("summary pages", () => {
  test("the first page is the start of the pending-first order; the cursor leads through the rest", () => {
    const first = pageOfRows(rows, null, 4);
    expect(ids(first)).toEqual(["b", "a", "c", "d"]);
    expect(first).toMatchObject({ total: 6, next: "0.500.d" });
    const second = pageOfRows(rows, first.next, 4);
    expect(ids(second)).toEqual(["e", "f"]);
    expect(second.next).toBeNull();
  });

  test("one page holds everything when the limit allows; an exact fit says there is no next page", () => {
    expect(pageOfRows(rows, null, 10)).toMatchObject({ next: null, total: 6 });
    expect(pageOfRows(rows, null, 6).next).toBeNull();
    expect(pageOfRows([], null, 10)).toEqual({ rows: [], json: "[]", total: 0, next: null });
  });

  test("a page starts after the cursor's place even when that row has moved or gone", () => {
    // "d" was recorded a payout since: its cursor still marks where the previous page ended.
    const moved = rows.map((r) => (r.user_id === "d" ? row("d", false, 0) : r));
    expect(ids(pageOfRows(moved, "0.500.d", 10))).toEqual(["e", "d", "f"]);
    expect(ids(pageOfRows(rows, "0.0.zzz", 10))).toEqual([]);
  });

  test("a page stops before its JSON outgrows the byte budget, but always holds a row", () => {
    const size = JSON.stringify(rows[0]).length; // every row here serialises to about the same size
    const page = pageOfRows(rows, null, 10, 2 * size + 10);
    expect(ids(page)).toEqual(["b", "a"]);
    expect(page.next).toBe("1.100.a");
    expect(JSON.parse(page.json)).toEqual(page.rows);
    expect(ids(pageOfRows(rows, null, 10, 1))).toEqual(["b"]);
  });

  test("the JSON is the rows, byte for byte what JSON.stringify makes", () => {
    const page = pageOfRows(rows, null, 3);
    expect(page.json).toBe(JSON.stringify(page.rows));
  });

  test.each([undefined, 150])("walking every page visits each row once (byte budget %s)", (maxBytes) => {
    for (let limit = 1; limit <= 7; limit++) {
      const seen: string[] = [];
      let after: string | null = null;
      do {
        const page = pageOfRows(rows, after, limit, maxBytes);
        seen.push(...ids(page));
        after = page.next;
      } while (after !== null);
      expect(seen).toEqual(["b", "a", "c", "d", "e", "f"]);
    }
  });
});
