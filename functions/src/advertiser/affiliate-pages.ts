/**
 * GET /api/affiliates: the advertiser list a page at a time, ordered, filtered and searched by Firestore's
 * indexes on the affiliate's summary keys (domain/summary-keys.ts), so a page costs about its own rows in
 * reads whether the programme has 1,000 affiliates or 100,000 (issue 20). GET /api/summary, which reads
 * every affiliate, stays for small programmes and for clients that do not page.
 */
import { FieldPath, type DocumentData, type Query, type QueryDocumentSnapshot } from "firebase-admin/firestore";
import {
  riskMarkOf,
  summaryRow,
  summarySourceFields,
  type SummaryOrder,
  type SummaryRow,
} from "../domain/advertiser-summary.js";
import { payoutRulesOf } from "../domain/programme-settings.js";
import { listShape, type ListField, type ListFilters, type ListShape } from "../domain/affiliate-list.js";
import { matchesSearch, searchKeyLength, searchKeyOf, normalizeSearch } from "../domain/summary-keys.js";
import { refs } from "../data/firestore.js";
import { lowestMinimumPayoutCents } from "../data/commission-groups.js";
import { sharingCounts } from "../data/payout-destinations.js";
import { openCasesOf } from "../data/risk-cases.js";
import { programmeTermsNow } from "../data/programme-settings.js";
import { ApiError } from "../errors.js";
import { maskedAffiliate } from "./summary.js";

export interface AffiliateListQuery extends ListFilters {
  limit: number;
  /** An affiliateCursor from the previous page, or null for the first. */
  after: string | null;
}

export interface AffiliateListPage {
  rows: SummaryRow[];
  /** The cursor for the next page, or null when there is none. */
  next: string | null;
  /** How many affiliates match, or null where only reading them all could tell (the ready filter). */
  matching: number | null;
  /** For the page's affiliates who share their payout destination, how many others use it (issue 33). */
  sharedDestinations: Record<string, number>;
}

/** The most rows a page may ask for. */
export const affiliatePageLimit = 500;

/**
 * A page ends once it has scanned this many affiliates, full or not, when a filter is checked row by row
 * (the ready filter, or a search longer than the stored prefixes): the answer comes back in bounded time
 * with a cursor to go on from, however few affiliates match.
 */
export const affiliateScanLimit = 2_000;

/**
 * Where a page ends: the list's order, the last row's values of the fields the list is ordered by, then its
 * uid, as base64url JSON. Opaque to clients; checked against the query it is used with (the order named,
 * since two column orders' places look alike).
 */
export const affiliateCursorPattern = /^[A-Za-z0-9_-]{4,600}$/;

type CursorValue = boolean | number | string;

/**
 * What a cursor's value of each field the list may be ordered by must be: the flag, or a count or cents
 * (whole numbers).
 */
const cursorValueFits: Record<ListField, (value: unknown) => boolean> = {
  payout_pending: (value) => typeof value === "boolean",
  owed_cents: Number.isSafeInteger,
  risk_margin_cents: Number.isSafeInteger,
  total_clicks: Number.isSafeInteger,
  total_sign_ups: Number.isSafeInteger,
  total_sales: Number.isSafeInteger,
  total_earnings_cents: Number.isSafeInteger,
};

/** The fields read per affiliate: a row's, and every key the list orders or filters by (a cursor needs them). */
export const listFields: readonly string[] = [
  ...new Set([...summarySourceFields, ...(Object.keys(cursorValueFits) as ListField[])]),
];

interface ListPlan extends ListShape {
  order: SummaryOrder;
  query: Query;
}

/** The plan's Firestore query: its filters, then its order, then the uid. */
export function listPlan(request: ListFilters, minimumCents: number): ListPlan {
  const shape = listShape(request);
  let query: Query = refs.affiliates().withConverter(null);
  const key = searchKeyOf(request.search);
  if (shape.contains && key !== null) query = query.where(shape.contains.field, "array-contains", key);
  // payout_pending is true for the pending filter, false for ready (both together answer nothing).
  for (const field of shape.equals) query = query.where(field, "==", request.pending);
  for (const { field, op } of shape.ranges) {
    // owed_cents is ready's only range: a balance of at least the lowest minimum payout in force.
    query = field === "owed_cents" ? query.where(field, op, Math.max(1, minimumCents)) : query.where(field, op, 0);
  }
  for (const field of shape.orderedBy) query = query.orderBy(field, "desc");
  return { ...shape, order: request.order, query: query.orderBy(FieldPath.documentId()) };
}

/** A row's place in the plan's order: its values of the ordered fields, then its uid. */
const placeOf = (plan: ListPlan, document: QueryDocumentSnapshot): CursorValue[] => {
  const data: DocumentData = document.data();
  return [...plan.orderedBy.map((field) => data[field] as CursorValue), document.id];
};

const cursorOf = (plan: ListPlan, document: QueryDocumentSnapshot) =>
  Buffer.from(JSON.stringify([plan.order, ...placeOf(plan, document)])).toString("base64url");

/** The plan's query from after a place in its order. */
const after = (plan: ListPlan, place: CursorValue[]) =>
  plan.query.startAfter(...place.slice(0, -1), refs.affiliate(place.at(-1) as string));

/** The query from after the cursor; an ApiError when the cursor is not one this query's pages give. */
function startAfter(plan: ListPlan, cursor: string): Query {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    values = null;
  }
  const fits =
    Array.isArray(values) &&
    values.length === plan.orderedBy.length + 2 &&
    values[0] === plan.order &&
    plan.orderedBy.every((field, index) => cursorValueFits[field](values[index + 1])) &&
    typeof values.at(-1) === "string" &&
    /^[A-Za-z0-9_-]{1,128}$/.test(values.at(-1) as string);
  if (!fits) throw new ApiError("bad_request", "after: must be a cursor from a previous page of the same list.");
  return after(plan, (values as CursorValue[]).slice(1));
}

/** Whether each row must be checked after Firestore's filters: for what the indexes cannot say exactly. */
const checkedPerRow = (query: AffiliateListQuery) =>
  query.ready || normalizeSearch(query.search).length > searchKeyLength;

interface Scan {
  rows: SummaryRow[];
  next: string | null;
}

/** Whether the list is the whole programme: its count is then the programme's, counted once. */
export const isWholeProgramme = ({ search, pending, highRisk, ready }: ListFilters) =>
  searchKeyOf(search) === null && !pending && !highRisk && !ready;

/**
 * One page of the list. `count` false leaves `matching` null, for a caller that counts otherwise (the
 * whole programme's first page comes with the programme's own count).
 */
export async function loadAffiliatePage(
  request: AffiliateListQuery,
  now: Date,
  { count = true } = {},
): Promise<AffiliateListPage> {
  if (request.pending && request.ready) return { rows: [], next: null, matching: 0, sharedDestinations: {} };
  const programme = await programmeTermsNow(now);
  // Ready asks for balances from the lowest minimum in force (a group's or a deal's may be below the
  // programme's); each row is then checked against the affiliate's own (row.payout_ready).
  const programmeMinimum = payoutRulesOf(programme).minimumCents;
  const plan = listPlan(request, request.ready ? await lowestMinimumPayoutCents(programmeMinimum) : programmeMinimum);
  const perRow = checkedPerRow(request);
  const toRow = (document: QueryDocumentSnapshot) => {
    const affiliate = maskedAffiliate(document);
    // The risk mark comes with the page's open cases, below.
    const row = summaryRow(affiliate, programme, now, null);
    return (!request.ready || row.payout_ready) && matchesSearch(affiliate, request.search) ? row : null;
  };
  const from = request.after === null ? plan.query : startAfter(plan, request.after);
  const [scan, matching] = await Promise.all([
    perRow ? scanPage(plan, from, request.limit, toRow) : readPage(plan, from, request.limit, toRow),
    perRow || !count
      ? null
      : plan.query
          .count()
          .get()
          .then((answer) => answer.data().count),
  ]);
  // The page's rows are in hand: the signals are read for them at once, a query per 30, not a read per row.
  const uids = scan.rows.map((row) => row.user_id);
  const [sharedDestinations, openCases] =
    uids.length === 0 ? [{}, new Map()] : await Promise.all([sharingCounts(uids), openCasesOf(uids)]);
  const rows = scan.rows.map((row) => ({ ...row, risk_case: riskMarkOf(openCases.get(row.user_id)) }));
  return { ...scan, rows, matching, sharedDestinations };
}

/** A page Firestore's filters say exactly: one read of the page and one more row, to know whether more follow. */
async function readPage(
  plan: ListPlan,
  from: Query,
  limit: number,
  toRow: (document: QueryDocumentSnapshot) => SummaryRow | null,
): Promise<Scan> {
  const snapshot = await from
    .select(...listFields)
    .limit(limit + 1)
    .get();
  const documents = snapshot.docs.slice(0, limit);
  const last = documents.at(-1);
  return {
    rows: documents.flatMap((document) => toRow(document) ?? []),
    next: snapshot.size > limit && last ? cursorOf(plan, last) : null,
  };
}

/**
 * A page checked row by row: read in chunks until it is full, the list ends, or affiliateScanLimit rows
 * have been read; the cursor then points past the last row read, matching or not.
 */
async function scanPage(
  plan: ListPlan,
  from: Query,
  limit: number,
  toRow: (document: QueryDocumentSnapshot) => SummaryRow | null,
): Promise<Scan> {
  const rows: SummaryRow[] = [];
  let query = from;
  let scanned = 0;
  let last: QueryDocumentSnapshot | undefined;
  while (scanned < affiliateScanLimit) {
    const size = Math.min(affiliateScanLimit - scanned, 500);
    const snapshot = await query
      .select(...listFields)
      .limit(size)
      .get();
    for (const document of snapshot.docs) {
      scanned++;
      last = document;
      const row = toRow(document);
      if (row) rows.push(row);
      if (rows.length === limit) {
        const more = snapshot.size === size || document !== snapshot.docs.at(-1);
        return { rows, next: more ? cursorOf(plan, document) : null };
      }
    }
    if (snapshot.size < size) return { rows, next: null };
    query = after(plan, placeOf(plan, last!));
  }
  return { rows, next: last ? cursorOf(plan, last) : null };
}

/** The programme's headline counts: affiliates, and payouts waiting to be recorded. */
export async function loadAffiliateCounts(): Promise<{ affiliates: number; pending_payouts: number }> {
  const all = refs.affiliates();
  const [affiliates, pending] = await Promise.all([
    all.count().get(),
    all.where("payout_pending", "==", true).count().get(),
  ]);
  return { affiliates: affiliates.data().count, pending_payouts: pending.data().count };
}
