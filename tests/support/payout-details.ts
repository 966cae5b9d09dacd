/**
 * Payout details for tests, from one place: complete Wise details as stored on an affiliate, and the same
 * details as the front-end's form sends them (update_paypal_account; request_payout adds price). A test
 * overrides only what it is about, so what it asserts on is written in the test itself.
 */
import { randomUUID } from "node:crypto";
import { emptyPayoutDetails, type PayoutDetails } from "../../functions/src/domain/payout-details.ts";
import { toDetailsRequest, type PayoutDetailsRequest } from "../../functions/src/domain/payout-details-request.ts";

/** Complete Wise details, so the account counts as complete and may request payouts. */
export const completeDetails: PayoutDetails = {
  ...emptyPayoutDetails,
  name: "Test Affiliate",
  country: "Portugal",
  city: "Lisbon",
  address: "Rua Augusta 1",
  post_code: "1100-048",
  company: "Test Media Lda",
  invoice_email: "invoices@test.example",
  tax: "PT123456789",
  paypal_payout_account: "test@wise.example",
};

export type PayoutForm = Required<PayoutDetailsRequest>;

/**
 * The details form as the front-end sends it: completeDetails under the request's field names, changed by
 * `overrides`. Its Wise account is a new one at every call unless `overrides` names one: affiliates who save
 * the same payout destination share it (issue 33), which opens a risk case for each of them, so tests share
 * one only when that is what they are about.
 */
export function payoutForm(overrides: Partial<PayoutForm> = {}): PayoutForm {
  return {
    ...(toDetailsRequest(completeDetails) as PayoutForm),
    paypalEmail: `test-${randomUUID().slice(0, 8)}@wise.example`,
    ...overrides,
  };
}
