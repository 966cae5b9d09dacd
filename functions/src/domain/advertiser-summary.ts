/**
 * The advertiser dashboard's rows (SPEC.md §3 "Advertiser summary row"), shared by the API that answers
 * them and the page that shows them: the row's shape, how it is built from an affiliate's aggregates, the
 * order and page cursor, and when its Payout button is live.
 */
import { defaultAdvertiserId } from "./advertisers.js";
import { balanceOf, heldCentsOf, payableOf, pendingInvoiceOf } from "./balance.js";
import { riskHeldCentsOf, type RiskCaseSummary } from "./risk.js";
import type { RiskAction, RiskFamily } from "./risk-rules.js";
import { dayMs } from "./days.js";
import { latestInvoiceView, type LatestInvoice } from "./invoice.js";
import type { AffiliateDoc } from "./model.js";
import { centsToDollars, type Cents } from "./money.js";
import {
  emptyPayoutDetails,
  payoutDestination,
  type PayoutDestination,
  type PayoutDetails,
  type PayoutType,
} from "./payout-details.js";
import { daysText, nextPayoutAllowedAt, payoutRefusalOf } from "./payout-eligibility.js";
import { dealForApi, type DealForApi } from "./commission-group-input.js";
import { dealInForce, dealOf } from "./commission-groups.js";
import { affiliatePayoutRules, affiliateRates, payoutRulesOf, type ProgrammeTerms } from "./programme-settings.js";
import { compareAffiliates, type Orderable } from "./summary-order.js";

/**
 * The first-sale rate the list shows (the default advertiser's): the deal's over the group's (its terms are
 * on the member's document) over the programme's in force, as the affiliate's sales earn it now (issue 34).
 */
function listedRate(affiliate: SummarySource, programme: ProgrammeTerms, now: Date): number {
  const group = affiliate.group.terms?.rates[defaultAdvertiserId];
  return affiliateRates({ ...affiliate, repeat_rates: {} }, group ?? programme, now).commission_rate;
}

/**
 * The affiliate fields a summary row is made of: the summary reads only these (a field mask), never the
 * ledgers, so a call costs one document read per affiliate however much activity each one has.
 */
export const summarySourceFields = [
  "email",
  // Every payout detail: whether an affiliate who has not asked could be paid depends on them all.
  ...(Object.keys(emptyPayoutDetails) as (keyof PayoutDetails)[]),
  "commission_rate",
  "custom_terms",
  "deal",
  "group",
  "fraud_user",
  "total_clicks",
  "total_filtered_clicks",
  "total_datacenter_clicks",
  "total_sign_ups",
  "total_sales",
  "total_earnings_cents",
  "total_payouts_cents",
  "total_refunds",
  "total_refunded_cents",
  "last_payout",
  "payout_pending",
  "pending_payout_id",
  "latest_invoice",
  "held",
  // An open risk case that holds, and what it holds (issue 33): what is payable.
  "risk_case",
  "risk_held",
] as const satisfies readonly (keyof AffiliateDoc)[];

export type SummarySource = Pick<AffiliateDoc, "uid" | (typeof summarySourceFields)[number]>;

/** One affiliate on the advertiser dashboard: SPEC.md §3's fields (money in dollars), then three of ours. */
export interface SummaryRow {
  user_id: string;
  name: string;
  country: string;
  company: string;
  paypal_payout_account: string;
  commission_rate: number;
  total_sign_ups: number;
  total_earnings: number;
  total_payouts: number;
  /** How many refunds and chargebacks. */
  total_refunds: number;
  /** How much they took back, in dollars. */
  total_refunded: number;
  /** The balance: earnings − refunded − payouts, floored at 0. */
  required_payout: number;
  /** ISO 8601, or null before the first payout. */
  last_payout: string | null;
  payout_pending: boolean;
  latest_invoice: LatestInvoice | null;
  // Beyond SPEC.md: what the page searches by, marks, and records.
  email: string;
  /** How the affiliate asks to be paid now (a pending payout goes as pending_destination says). */
  payout_method: PayoutType;
  fraud_user: boolean;
  /** The pending payout's amount in dollars (what record_payout must be given), or null when none is pending. */
  pending_payout: number | null;
  /**
   * Where the pending payout goes, frozen on its invoice when it was requested (the affiliate's current
   * details may have changed since): what staff pay. Null when none is pending.
   */
  pending_destination: PayoutDestination | null;
  /** Commission still in its hold period, in dollars (issue 19). */
  held: number;
  /** What could be paid out now: the balance less the commission held, in dollars. */
  payable: number;
  /**
   * Whether the affiliate could be paid now without having asked (issue 19's due payouts): no payout
   * pending, not suspended, none within the days between payouts, the payable balance at least the minimum
   * payout and complete details. Staff can issue such a payout, which freezes its destination as a request
   * would.
   */
  payout_ready: boolean;
  /** Where a payout issued now would go (the affiliate's details today); null unless payout_ready. */
  ready_destination: PayoutDestination | null;
  /**
   * When the next payout may be requested or recorded (ISO 8601): the last payout plus the programme's days
   * between payouts. Null when no recent payout stands in the way.
   */
  next_payout_at: string | null;
  /**
   * The clicks counted on the affiliate's document: those of the last roll-up of its click shards (a few
   * minutes behind at most), as the list's order by clicks has them.
   */
  total_clicks: number;
  /** Every sale, first and repeat (refunded ones included: they were sales). */
  total_sales: number;
  /**
   * Clicks by bots and headless browsers (issue 33), counted apart from total_clicks, as of the last roll-up:
   * staff see how much of an affiliate's traffic is not people's.
   */
  total_filtered_clicks: number;
  /** Of total_filtered_clicks, those from hosting and datacenter networks; the rest are bots'. */
  total_datacenter_clicks: number;
  /** The open risk case in brief (issue 33), for the list's risk mark; null when none. */
  risk_case: { case_id: string; action: RiskAction; families: RiskFamily[] } | null;
  /** Commission the open risk case holds, in dollars. */
  case_held: number;
  /** The commission group the affiliate is in (issue 34). */
  group: { id: string; name: string };
  /** Their deal in force now (issue 34), with its end; null when none. */
  deal: DealForApi | null;
}

/**
 * An affiliate's row; `programme` is the default advertiser's settings in force: the rates the affiliate
 * earns unless on an individual deal, and the payout rules. `openCase` is their open risk case in brief
 * (risk_open), whatever its action: the affiliate's own document names only a case that holds.
 */
export function summaryRow(
  affiliate: SummarySource,
  programme: ProgrammeTerms,
  now: Date,
  openCase: RiskCaseSummary | null,
): SummaryRow {
  const invoice = affiliate.latest_invoice;
  const pendingInvoice = pendingInvoiceOf(affiliate);
  const rules = affiliatePayoutRules({ ...affiliate, repeat_rates: {} }, payoutRulesOf(programme), now);
  const ready = payoutRefusalOf(affiliate, now, affiliate, rules) === null;
  const deal = dealOf({ ...affiliate, repeat_rates: {} });
  return {
    user_id: affiliate.uid,
    name: affiliate.name,
    country: affiliate.country,
    company: affiliate.company,
    paypal_payout_account: affiliate.paypal_payout_account,
    commission_rate: listedRate(affiliate, programme, now),
    total_sign_ups: affiliate.total_sign_ups,
    total_earnings: centsToDollars(affiliate.total_earnings_cents),
    total_payouts: centsToDollars(affiliate.total_payouts_cents),
    total_refunds: affiliate.total_refunds,
    total_refunded: centsToDollars(affiliate.total_refunded_cents),
    required_payout: centsToDollars(balanceOf(affiliate)),
    last_payout: affiliate.last_payout?.toISOString() ?? null,
    payout_pending: affiliate.payout_pending,
    latest_invoice: invoice ? latestInvoiceView(invoice) : null,
    email: affiliate.email,
    payout_method: affiliate.payout_type,
    fraud_user: affiliate.fraud_user,
    pending_payout: pendingInvoice ? centsToDollars(pendingInvoice.amount_cents) : null,
    pending_destination: pendingInvoice ? payoutDestination(pendingInvoice.payee) : null,
    held: centsToDollars(heldCentsOf(affiliate, now)),
    payable: centsToDollars(payableOf(affiliate, now)),
    payout_ready: ready,
    ready_destination: ready ? payoutDestination(affiliate) : null,
    next_payout_at: nextPayoutAllowedAt(affiliate.last_payout, now, rules)?.toISOString() ?? null,
    total_clicks: affiliate.total_clicks,
    total_sales: affiliate.total_sales,
    total_filtered_clicks: affiliate.total_filtered_clicks,
    total_datacenter_clicks: affiliate.total_datacenter_clicks,
    risk_case: riskMarkOf(openCase),
    case_held: centsToDollars(riskHeldCentsOf(affiliate)),
    group: { id: affiliate.group.id, name: affiliate.group.name },
    deal: dealInForce(deal, now) ? dealForApi(deal) : null,
  };
}

/** The list's risk mark of an open case in brief (risk_open), or null. */
export function riskMarkOf(openCase: RiskCaseSummary | null | undefined): SummaryRow["risk_case"] {
  return openCase ? { case_id: openCase.id, action: openCase.action, families: openCase.families } : null;
}

/** Dollars in a row back to cents (they were cents to begin with, so this is exact). */
export const rowCents = (dollars: number): Cents => Math.round(dollars * 100);

/** A row's place in the order: compareAffiliates' inputs. */
export function sortKey(row: Pick<SummaryRow, "user_id" | "payout_pending" | "required_payout">): Orderable {
  return { user_id: row.user_id, payout_pending: row.payout_pending, balanceCents: rowCents(row.required_payout) };
}

/**
 * The advertiser list's orders: SPEC.md §4's pending-first (the default everywhere) and balance (after a
 * payout is recorded), then one per column of the staff's table (issue 32), each descending by the
 * affiliate's stored total, ties by user id.
 */
export const summaryOrders = ["pending-first", "balance", "clicks", "sign_ups", "sales", "earnings"] as const;

export type SummaryOrder = (typeof summaryOrders)[number];

/** The orders by one of the affiliate's totals. */
export type ColumnOrder = Exclude<SummaryOrder, "pending-first" | "balance">;

export const isColumnOrder = (order: SummaryOrder): order is ColumnOrder =>
  order !== "pending-first" && order !== "balance";

/**
 * What sortRows needs of a row: its place in SPEC.md's order, and for a column order the column's figure.
 * A summary row carries every figure; a caller's own rows need only the one they are sorted by.
 */
export type SortableRow = Pick<SummaryRow, "user_id" | "payout_pending" | "required_payout"> &
  Partial<Pick<SummaryRow, "total_clicks" | "total_sign_ups" | "total_sales" | "total_earnings">>;

/** The row's figure a column order sorts by (earnings in cents); throws when the row does not carry it. */
function columnFigure(row: SortableRow, order: ColumnOrder): number {
  const figure = {
    clicks: row.total_clicks,
    sign_ups: row.total_sign_ups,
    sales: row.total_sales,
    earnings: row.total_earnings === undefined ? undefined : rowCents(row.total_earnings),
  }[order];
  if (figure === undefined) throw new Error(`Rows sorted by ${order} must carry it: ${row.user_id} does not.`);
  return figure;
}

/**
 * Rows in the list's order, as GET /api/affiliates answers them: SPEC.md §4's pending first then balance
 * descending, or (after a payout) balance only; or a column's figure descending. Ties by user id.
 */
export function sortRows<T extends SortableRow>(rows: readonly T[], order: SummaryOrder): T[] {
  if (isColumnOrder(order)) {
    return rows
      .map((row) => ({ row, figure: columnFigure(row, order) }))
      .sort((a, b) => b.figure - a.figure || compareIds(a.row.user_id, b.row.user_id))
      .map(({ row }) => row);
  }
  const compare = compareAffiliates(order);
  return rows
    .map((row) => ({ row, key: sortKey(row) }))
    .sort((a, b) => compare(a.key, b.key))
    .map(({ row }) => row);
}

const compareIds = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * GET /api/summary answers at most this many rows per call unless asked for fewer (`?limit=`); the server
 * also ends a page before its JSON gets too large to send. Every call reads every affiliate (the order
 * needs them all), so pages are as large as an answer can safely be: a programme of 10,000 affiliates
 * (plus its staff's accounts) is one call.
 */
export const summaryPageLimit = 20_000;

/**
 * The cursor for the page after `row` (GET /api/summary?after=...): the row's place in the pending-first
 * order, "<1 if pending, else 0>.<balance in cents>.<user id>". The server sends the next page's cursor in
 * a header; a client can also build it from the last row it has.
 */
export function summaryCursor(row: Pick<SummaryRow, "user_id" | "payout_pending" | "required_payout">): string {
  const key = sortKey(row);
  return `${key.payout_pending ? 1 : 0}.${key.balanceCents}.${key.user_id}`;
}

/** "<0|1>.<balance cents>.<user id>", as summaryCursor writes it. */
export const summaryCursorPattern = /^([01])\.(0|[1-9]\d{0,14})\.([A-Za-z0-9_-]{1,128})$/;

/** A cursor's sort key; throws on anything summaryCursor could not have written. */
export function parseSummaryCursor(cursor: string): Orderable {
  const match = summaryCursorPattern.exec(cursor);
  if (!match) throw new Error(`Not a summary cursor: ${cursor}`);
  return { payout_pending: match[1] === "1", balanceCents: Number(match[2]), user_id: match[3]! };
}

type PayoutRecordSubject = Pick<SummaryRow, "payout_pending" | "last_payout" | "fraud_user" | "next_payout_at">;

/**
 * Why staff may not record the row's payout now, in a few words for the disabled Payout button, or null
 * when they may (SPEC.md §4): one is pending, the affiliate is not suspended and the last payout was not
 * within the programme's days between payouts (the row's next_payout_at). The server checks the same again
 * in its transaction.
 */
export function payoutRecordRefusal(row: PayoutRecordSubject, now: Date): string | null {
  if (row.fraud_user) return "Suspended: a suspended account is not paid.";
  if (!row.payout_pending) return "No payout requested.";
  const next = row.next_payout_at ? new Date(row.next_payout_at) : null;
  if (next && row.last_payout && next > now) {
    const days = Math.floor((next.getTime() - new Date(row.last_payout).getTime()) / dayMs);
    return `Paid in the last ${daysText(days)}: the next payout can be recorded from ${next.toISOString().slice(0, 10)}.`;
  }
  return null;
}

/** Whether staff may record the row's payout now (see payoutRecordRefusal). */
export function canRecordPayout(row: PayoutRecordSubject, now: Date): boolean {
  return payoutRecordRefusal(row, now) === null;
}
