/**
 * The shape of the advertiser list's Firestore query for each combination of its filters and orders
 * (issue 20): which fields it filters and orders by, and so which composite index it needs. The functions
 * build the query from it (advertiser/affiliate-pages.ts); a unit test checks firestore.indexes.json holds
 * the index of every shape, so no combination fails in production for want of one.
 */
import { isColumnOrder, summaryOrders, type ColumnOrder, type SummaryOrder } from "./advertiser-summary.js";
import type { AffiliateDoc } from "./model.js";
import { searchKeyOf } from "./summary-keys.js";

/**
 * The affiliate's stored total each column order sorts by. Every affiliate document holds each as a number
 * from its creation (model.ts's newAffiliate; later writes are increments), as an ordered query needs: it
 * leaves out a document that lacks the field.
 */
export const columnOrderFields = {
  clicks: "total_clicks",
  sign_ups: "total_sign_ups",
  sales: "total_sales",
  earnings: "total_earnings_cents",
} as const satisfies Record<ColumnOrder, keyof AffiliateDoc>;

export type ListField = "payout_pending" | "owed_cents" | "risk_margin_cents" | (typeof columnOrderFields)[ColumnOrder];

export interface ListFilters {
  search: string;
  pending: boolean;
  highRisk: boolean;
  ready: boolean;
  order: SummaryOrder;
}

export interface ListShape {
  /** The search: `search_keys` array-contains the search's key. */
  contains: { field: "search_keys" } | null;
  /** Equality filters: payout_pending (true for the pending filter, false for ready). */
  equals: "payout_pending"[];
  /** Range filters: ready's balance, HIGH RISK's margin and sign-ups. */
  ranges: { field: ListField; op: ">" | ">=" }[];
  /** The fields the query is ordered by, each descending, before the uid (ascending) breaks ties. */
  orderedBy: ListField[];
}

/** The fields an order sorts by, before any range filter's. */
function orderFields(order: SummaryOrder): ListField[] {
  if (isColumnOrder(order)) return [columnOrderFields[order]];
  return order === "pending-first" ? ["payout_pending", "owed_cents"] : ["owed_cents"];
}

/**
 * The query's shape. Pending-first is SPEC.md §4's order (pending payouts, then balance descending);
 * balance is the order after a payout is recorded; a column order (issue 32) is that total descending. A
 * range filter's fields are ordered by too (after the order's own, each once), as Firestore requires of a
 * query with ranges on several fields.
 */
export function listShape({ search, pending, highRisk, ready, order }: ListFilters): ListShape {
  const ranges: ListShape["ranges"] = [];
  if (ready) ranges.push({ field: "owed_cents", op: ">=" });
  if (highRisk) ranges.push({ field: "risk_margin_cents", op: ">" }, { field: "total_sign_ups", op: ">" });
  const orderedBy = [...new Set([...orderFields(order), ...ranges.map((range) => range.field)])];
  return {
    contains: searchKeyOf(search) === null ? null : { field: "search_keys" },
    equals: pending || ready ? ["payout_pending"] : [],
    ranges,
    orderedBy,
  };
}

export interface IndexField {
  fieldPath: string;
  order?: "ASCENDING" | "DESCENDING";
  arrayConfig?: "CONTAINS";
}

/**
 * The composite index a shape needs, as firestore.indexes.json writes it, or null when Firestore's
 * automatic single-field indexes serve it: the array-contains field, equality fields not ordered by, then
 * the order.
 */
export function indexFor(shape: ListShape): IndexField[] | null {
  const fields: IndexField[] = [
    ...(shape.contains ? [{ fieldPath: shape.contains.field, arrayConfig: "CONTAINS" as const }] : []),
    ...shape.equals
      .filter((field) => !shape.orderedBy.includes(field))
      .map((field) => ({ fieldPath: field, order: "ASCENDING" as const })),
    ...shape.orderedBy.map((field) => ({ fieldPath: field, order: "DESCENDING" as const })),
  ];
  return fields.length > 1 ? fields : null;
}

/**
 * Every combination of the list's filters and orders the functions query (the search as present or not;
 * pending and ready together answer nothing without a query).
 */
export function everyListFilter(): ListFilters[] {
  const flags = [false, true];
  const all = flags.flatMap((searching) =>
    flags.flatMap((pending) =>
      flags.flatMap((highRisk) =>
        flags.flatMap((ready) =>
          summaryOrders.map((order) => ({
            search: searching ? "jane" : "",
            pending,
            highRisk,
            ready,
            order,
          })),
        ),
      ),
    ),
  );
  return all.filter((filters) => !(filters.pending && filters.ready));
}
