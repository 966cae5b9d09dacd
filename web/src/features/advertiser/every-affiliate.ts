/** A whole list of affiliates from GET /api/affiliates, page after page: for the payouts panel and the CSV. */
import type { User } from "firebase/auth";
import type { SummaryRow } from "@domain/advertiser-summary";
import { fetchAffiliatePage, type ListFilters } from "./advertiser-api";

/** The largest page the server gives. */
const wholeListPageSize = 500;

/**
 * Each affiliate once, where first seen: a row whose balance changed between two page calls can move
 * across the cut and come back on the next page.
 */
export function onceEach(rows: readonly SummaryRow[]): SummaryRow[] {
  const seen = new Set<string>();
  return rows.filter((row) => !seen.has(row.user_id) && seen.add(row.user_id));
}

/** Every affiliate the filters match, in order, each once. */
export async function fetchEveryAffiliate(user: User, filters: ListFilters): Promise<SummaryRow[]> {
  const rows: SummaryRow[] = [];
  let after: string | null = null;
  do {
    const page = await fetchAffiliatePage(user, filters, after, wholeListPageSize);
    rows.push(...page.affiliates);
    after = page.next;
  } while (after !== null);
  return onceEach(rows);
}
