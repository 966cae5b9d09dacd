/**
 * GET /api/summary's data: every affiliate's summary row, read from the affiliate documents alone (a field
 * mask of the aggregates, never a ledger), in SPEC.md §4's order, a page at a time.
 */
import type { QueryDocumentSnapshot } from "firebase-admin/firestore";
import {
  parseSummaryCursor,
  sortKey,
  sortRows,
  summaryCursor,
  summaryRow,
  summarySourceFields,
  type SummaryRow,
} from "../domain/advertiser-summary.js";
import { reviveDates, withAffiliateDefaults, type AffiliateDoc } from "../domain/model.js";
import { compareAffiliates } from "../domain/summary-order.js";
import { refs } from "../data/firestore.js";
import { programmeTermsNow } from "../data/programme-settings.js";
import { allOpenCases } from "../data/risk-cases.js";

/**
 * Every affiliate's row, unordered. One document read per affiliate; the mask keeps each read to the
 * fields a row needs (no trackers, links or recent days), so a large programme stays cheap to send over.
 */
export async function readSummaryRows(): Promise<SummaryRow[]> {
  const rows: SummaryRow[] = [];
  const now = new Date();
  const [programme, openCases] = await Promise.all([programmeTermsNow(now), allOpenCases()]);
  const query = refs
    .affiliates()
    .withConverter(null)
    .select(...summarySourceFields);
  // Streamed: each document becomes its small row at once, instead of all documents sitting in memory.
  for await (const snapshot of query.stream() as AsyncIterable<QueryDocumentSnapshot>) {
    rows.push(summaryRow(maskedAffiliate(snapshot), programme, now, openCases.get(snapshot.id) ?? null));
  }
  return rows;
}

/** An affiliate read through a field mask, the fields it was not read with defaulted. */
export function maskedAffiliate(snapshot: QueryDocumentSnapshot): AffiliateDoc {
  return withAffiliateDefaults({ ...reviveDates<Partial<AffiliateDoc>>(snapshot.data()), uid: snapshot.id });
}

export interface SummaryPage {
  rows: SummaryRow[];
  /** The page as the JSON array the API answers (each row serialised once, while measuring the page). */
  json: string;
  /** How many affiliates there are in all. */
  total: number;
  /** The cursor for the next page, or null when this is the last. */
  next: string | null;
}

/**
 * A page's JSON stops growing at this size even when `limit` rows have not been reached: well under Cloud
 * Run's 32 MiB answer limit, uncompressed. Rows are 0.5 to 1.5 KB in practice, so 20,000 affiliates
 * still fit one page; only unusually long names and addresses in a very large programme make two.
 */
export const summaryPageBytes = 24 * 1024 * 1024;

/**
 * The page after `after` (a summaryCursor, or null for the first page) in the pending-first order: up to
 * `limit` rows, and no more than `maxBytes` of JSON (always at least one row). The page starts at the first
 * row that sorts after the cursor's key, so rows that change between two calls shift the pages a little
 * but a cursor never goes stale.
 */
export function pageOfRows(
  rows: readonly SummaryRow[],
  after: string | null,
  limit: number,
  maxBytes = summaryPageBytes,
): SummaryPage {
  const ordered = sortRows(rows, "pending-first");
  let start = 0;
  if (after !== null) {
    const cursor = parseSummaryCursor(after);
    const compare = compareAffiliates("pending-first");
    start = ordered.findIndex((row) => compare(sortKey(row), cursor) > 0);
    if (start < 0) start = ordered.length;
  }
  const parts: string[] = [];
  let bytes = 2; // the brackets
  let end = start;
  while (end < ordered.length && parts.length < limit) {
    const json = JSON.stringify(ordered[end]);
    const size = Buffer.byteLength(json) + (parts.length > 0 ? 1 : 0);
    if (parts.length > 0 && bytes + size > maxBytes) break;
    parts.push(json);
    bytes += size;
    end++;
  }
  const page = ordered.slice(start, end);
  const last = page.at(-1);
  return {
    rows: page,
    json: `[${parts.join(",")}]`,
    total: rows.length,
    next: end < ordered.length && last ? summaryCursor(last) : null,
  };
}

/** One page of the summary, read fresh. */
export async function loadSummaryPage(after: string | null, limit: number): Promise<SummaryPage> {
  return pageOfRows(await readSummaryRows(), after, limit);
}
