/** A summary row for the feature's tests, with whatever a test changes. */
import type { SummaryRow } from "@domain/advertiser-summary";
import { nextPayoutAllowedAt } from "@domain/payout-eligibility";

/** Unless a test says otherwise, the next payout date follows the last payout under SPEC.md's 30 days. */
export function summaryRowFixture(overrides: Partial<SummaryRow> = {}): SummaryRow {
  const lastPayout = overrides.last_payout ? new Date(overrides.last_payout) : null;
  return {
    next_payout_at: nextPayoutAllowedAt(lastPayout, new Date())?.toISOString() ?? null,
    user_id: "u1",
    name: "Dana Demo",
    country: "Portugal",
    company: "Dana Media",
    paypal_payout_account: "dana@wise.test",
    commission_rate: 0.6,
    total_sign_ups: 10,
    total_earnings: 5,
    total_payouts: 0,
    total_refunds: 0,
    total_refunded: 0,
    required_payout: 5,
    last_payout: null,
    payout_pending: false,
    latest_invoice: null,
    email: "dana@test.example",
    payout_method: "Wise",
    fraud_user: false,
    pending_payout: null,
    pending_destination: null,
    held: 0,
    payable: 5,
    payout_ready: false,
    ready_destination: null,
    total_clicks: 120,
    total_sales: 3,
    total_filtered_clicks: 0,
    total_datacenter_clicks: 0,
    risk_case: null,
    case_held: 0,
    group: { id: "default", name: "Default" },
    deal: null,
    ...overrides,
  };
}
