/**
 * Staff issue the payouts of affiliates whose balance is due though they have not asked (issue 19), each as
 * their own request would (payouts.ts's issuePayout): one who cannot be paid now is skipped with the reason,
 * none is issued twice. Different affiliates, so a few at once: their transactions never wait for each other.
 */
import { logger } from "firebase-functions/logger";
import pMap from "p-map";
import type { IssuedPayout } from "../contract/advertiser.js";
import { centsToDollars } from "../domain/money.js";
import { ApiError } from "../errors.js";
import { issuePayout } from "./payouts.js";

/** Payouts issued at once. */
const issuedAtOnce = 8;

export function issuePayouts(userIds: string[], by: string, now: Date): Promise<IssuedPayout[]> {
  return pMap(new Set(userIds), (uid) => issueOne(uid, by, now), { concurrency: issuedAtOnce });
}

async function issueOne(uid: string, by: string, now: Date): Promise<IssuedPayout> {
  try {
    const invoice = await issuePayout(uid, now);
    logger.info("payout issued by staff", { uid, invoice: invoice.invoice_number, by });
    return {
      user_id: uid,
      status: "issued",
      invoice_number: invoice.invoice_number,
      amount: centsToDollars(invoice.amount_cents),
      reason: null,
    };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    return { user_id: uid, status: "skipped", invoice_number: null, amount: null, reason: error.message };
  }
}
