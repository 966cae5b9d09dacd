/** An affiliate for the feature's tests (uid u1, Dana), with whatever a test changes. */
import { newAffiliate, type AffiliateDoc } from "@domain/model";

/** Complete payout details (Wise), so links show and payouts may be requested. */
export const completeDetails: Partial<AffiliateDoc> = {
  name: "Dana",
  country: "Portugal",
  city: "Lisbon",
  address: "Rua 1",
  post_code: "1100",
  company: "Dana Lda",
  invoice_email: "dana@demo.test",
  tax: "PT1",
  paypal_payout_account: "dana@wise.test",
};

export function affiliateFixture(overrides: Partial<AffiliateDoc> = {}): AffiliateDoc {
  return { ...newAffiliate("u1", "dana@demo.test", new Date("2026-01-01T00:00:00Z")), ...overrides };
}
