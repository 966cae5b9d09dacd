/**
 * An affiliate as GET /api/get_user_data answers it: SPEC.md §3's field names and shapes, money in dollars,
 * dates as ISO 8601 strings. The stored document is the source; this is only its API face.
 */
import { advertiserIds, defaultAdvertiserId, type AdvertiserId } from "../domain/advertisers.js";
import { balanceOf } from "../domain/balance.js";
import { affiliateRates, type ProgrammeRates } from "../domain/programme-settings.js";
import { sumLastDays } from "../domain/days.js";
import { latestInvoiceView, type LatestInvoice } from "../domain/invoice.js";
import type { AffiliateDoc, TrackerTotals, TransactionDoc } from "../domain/model.js";
import { centsToDollars } from "../domain/money.js";
import { riskReviewOf } from "../domain/risk.js";

export interface TrackerView {
  total_earnings: number;
  total_sign_ups: number;
  total_clicks: number;
  total_sales: number;
}

export type TransactionView = Record<string, string | number | boolean | null>;

/** The suffix for SPEC.md's per-advertiser fields: none for the first advertiser, "_cutechat" otherwise. */
function suffixFor(advertiser: AdvertiserId): string {
  return advertiser === defaultAdvertiserId ? "" : `_${advertiser}`;
}

function trackerView(totals: TrackerTotals): TrackerView {
  return {
    total_earnings: centsToDollars(totals.earnings_cents),
    total_sign_ups: totals.sign_ups,
    total_clicks: totals.clicks,
    total_sales: totals.sales,
  };
}

/** SPEC.md §3's Transaction: {product}_id and {product}_tracker are named after the advertiser. */
export function transactionView(entry: TransactionDoc): TransactionView {
  return {
    type: entry.type,
    advertiser_id: entry.advertiser_id,
    [`${entry.advertiser_id}_id`]: entry.event_id,
    [`${entry.advertiser_id}_tracker`]: entry.tracker,
    timestamp: entry.timestamp.toISOString(),
    transaction_cost: centsToDollars(entry.transaction_cost_cents),
    earnings: centsToDollars(entry.earnings_cents),
    refunded: entry.refunded,
    repeat_index: entry.repeat_index,
    note: entry.note,
  };
}

export function userDataView(
  affiliate: AffiliateDoc,
  transactions: TransactionDoc[],
  now: Date,
  programme: ProgrammeRates,
) {
  const rates = affiliateRates(affiliate, programme, now);
  const week = sumLastDays(affiliate.recent_days, now, 7);
  const perAdvertiser: Record<string, unknown> = {};
  for (const advertiser of advertiserIds) {
    const suffix = suffixFor(advertiser);
    perAdvertiser[`trackers${suffix}`] = Object.fromEntries(
      Object.entries(affiliate.trackers[advertiser] ?? {}).map(([key, totals]) => [key, trackerView(totals)]),
    );
    perAdvertiser[`visible_custom_links${suffix}`] = affiliate.links[advertiser] ?? [];
  }
  const latest: LatestInvoice | null = affiliate.latest_invoice ? latestInvoiceView(affiliate.latest_invoice) : null;
  return {
    uid: affiliate.uid,
    email: affiliate.email,
    paypal_payout_account: affiliate.paypal_payout_account,
    invoice_email: affiliate.invoice_email,
    tax: affiliate.tax,
    tron_address: affiliate.tron_address,
    name: affiliate.name,
    country: affiliate.country,
    city: affiliate.city,
    address: affiliate.address,
    post_code: affiliate.post_code,
    company: affiliate.company,
    fedwire_routing_number: affiliate.fedwire_routing_number,
    swift_BIC: affiliate.swift_BIC,
    bank_account_number: affiliate.bank_account_number,
    account_type: affiliate.account_type,
    payout_type: affiliate.payout_type,
    iban: affiliate.iban,
    account_holder: affiliate.account_holder,
    last_payout: affiliate.last_payout?.toISOString() ?? null,
    total_earnings: centsToDollars(affiliate.total_earnings_cents),
    total_sign_ups: affiliate.total_sign_ups,
    total_clicks: affiliate.total_clicks,
    total_filtered_clicks: affiliate.total_filtered_clicks,
    total_datacenter_clicks: affiliate.total_datacenter_clicks,
    total_refunds: affiliate.total_refunds,
    total_refunded: centsToDollars(affiliate.total_refunded_cents),
    last_7_days_signups: week.sign_ups,
    last_7_days_clicks: week.clicks,
    last_7_days_earnings: centsToDollars(week.earnings_cents),
    last_7_days_sales: week.sales,
    total_sales: affiliate.total_sales,
    total_payouts: centsToDollars(affiliate.total_payouts_cents),
    balance: centsToDollars(balanceOf(affiliate)),
    commission_rate: rates.commission_rate,
    payout_pending: affiliate.payout_pending,
    latest_invoice: latest,
    transactions: transactions.map(transactionView),
    /** Sign-ups per UTC day over the last weeks. */
    sign_ups: Object.fromEntries(
      Object.entries(affiliate.recent_days).map(([day, figures]) => [day, figures.sign_ups]),
    ),
    repeat_rates: rates.repeat_rates,
    july4bug_comp: centsToDollars(affiliate.july4bug_comp_cents),
    fraud_user: affiliate.fraud_user,
    risk_review: riskReviewView(affiliate),
    group: { id: affiliate.group.id, name: affiliate.group.name },
    ...perAdvertiser,
  };
}

/** The affiliate's review (issue 33) as the API gives it: money in dollars, the date in ISO 8601. */
function riskReviewView(affiliate: AffiliateDoc) {
  const review = riskReviewOf(affiliate);
  if (!review) return null;
  const { held_cents, since, ...rest } = review;
  return { ...rest, since: since.toISOString(), held: centsToDollars(held_cents) };
}

export type UserData = ReturnType<typeof userDataView>;
