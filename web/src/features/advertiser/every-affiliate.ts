/** A whole list of affiliates from GET /api/affiliates, page after page: for the payouts panel and the CSV. */
import type { User } from "firebase/auth";
import type { SummaryRow } from "@domain/advertiser-summary";
import { fetchAffiliatePage, type ListFilters } from "./advertiser-api";

/** The largest page the server gives. */
const wholeListPageSize = 500;

/** Every affiliate the filters match, in order, each once (a row can move across pages between two calls). */
export async function fetchEveryAffiliate(user: User, filters: ListFilters): Promise<SummaryRow[]> {
  const rows = new Map<string, SummaryRow>();
  let after: string | null = null;
  do {
    const page = await fetchAffiliatePage(user, filters, after, wholeListPageSize);
    for (const row of page.affiliates) if (!rows.has(row.user_id)) rows.set(row.user_id, row);
    after = page.next;
  } while (after !== null);
  return [...rows.values()];
}
