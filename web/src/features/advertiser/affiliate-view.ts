/** What the advertiser page derives from each summary row once (rating, balance), and the list's CSV. */
import { rowCents, type SummaryRow } from "@domain/advertiser-summary";
import { formatDollarsFixed } from "@domain/money";
import { earningsPerSignUpText, rateEarningsPerSignUp, ratingLabels, type Rating } from "@domain/rating";
import { csvBlob, toCsv } from "../../lib/csv";

export interface AffiliateView {
  row: SummaryRow;
  rating: Rating;
  highRisk: boolean;
  balanceCents: number;
  /** How many other affiliates use this one's payout destination (issue 33); 0 when none does. */
  sharesDestinationWith: number;
}

export function affiliateView(row: SummaryRow, sharesDestinationWith = 0): AffiliateView {
  const rating = rateEarningsPerSignUp(rowCents(row.total_earnings), row.total_sign_ups);
  return {
    row,
    rating,
    highRisk: rating.label === ratingLabels.highRisk,
    balanceCents: rowCents(row.required_payout),
    sharesDestinationWith,
  };
}

const csvHeader = [
  "user_id",
  "name",
  "email",
  "country",
  "company",
  "paypal_payout_account",
  "payout_method",
  "commission_rate",
  "total_sign_ups",
  "total_earnings",
  "total_payouts",
  "total_refunds",
  "total_refunded",
  "required_payout",
  "last_payout",
  "payout_pending",
  "pending_payout",
  "earnings_per_sign_up",
  "rating",
  "latest_invoice",
  "fraud_user",
  // Added after the first export's columns (issue 32's table), so a sheet reading columns by place still works.
  "total_clicks",
  "total_sales",
  // Issue 33: last, so a sheet reading the columns before by place still works. The filtered clicks are all
  // those counted apart; the datacenter clicks are the part of them from datacenters (the rest are bots').
  "total_filtered_clicks",
  "total_datacenter_clicks",
];

const dollars = (value: number) => formatDollarsFixed(rowCents(value));

/**
 * The summary as CSV (RFC 4180): SPEC.md §3's fields in dollars with 2 decimals, the rating, then clicks and
 * sales, then the clicks filtered (bots' and datacenters') and the datacenters' among them.
 */
export function summaryCsv(views: readonly AffiliateView[]): string {
  return toCsv(
    csvHeader,
    views.map(({ row, rating }) => [
      row.user_id,
      row.name,
      row.email,
      row.country,
      row.company,
      row.paypal_payout_account,
      row.payout_method,
      row.commission_rate,
      row.total_sign_ups,
      dollars(row.total_earnings),
      dollars(row.total_payouts),
      row.total_refunds,
      dollars(row.total_refunded),
      dollars(row.required_payout),
      row.last_payout ?? "",
      row.payout_pending,
      row.pending_payout === null ? "" : dollars(row.pending_payout),
      earningsPerSignUpText(rating),
      rating.label,
      row.latest_invoice?.invoice_number ?? "",
      row.fraud_user,
      row.total_clicks,
      row.total_sales,
      row.total_filtered_clicks,
      row.total_datacenter_clicks,
    ]),
  );
}

export function summaryCsvFile(views: readonly AffiliateView[], now: Date): { blob: Blob; fileName: string } {
  return { blob: csvBlob(summaryCsv(views)), fileName: `affiliates-${now.toISOString().slice(0, 10)}.csv` };
}
