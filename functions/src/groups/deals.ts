/**
 * Deals (issue 34): one affiliate's overrides of their group's terms, set by staff with a reason, from now,
 * perhaps until an end date (after it, the group's terms again). The deal is on the affiliate's document, so
 * the ledger reads it with the affiliate at no cost; every change is audited in deal_audit (who, when, why,
 * before and after). Ending a deal keeps it with its end, so a sale made under it and reported late still
 * earns it.
 */
import { dealInForce, dealOf, type Deal, type DealTerms } from "../domain/commission-groups.js";
import type { Recorder } from "../domain/model.js";
import { limits } from "../config.js";
import { getAffiliateOrThrow } from "../data/affiliates.js";
import { db, refs } from "../data/firestore.js";
import { ApiError } from "../errors.js";

export interface DealOutcome {
  user_id: string;
  deal: Deal | null;
  changed: boolean;
}

/** Sets the affiliate's deal from `now` (`terms` null: ends the one in force now), with the reason, audited. */
export async function setDeal(
  uid: string,
  terms: (DealTerms & { ends_at: Date | null }) | null,
  reason: string,
  by: Recorder,
  now: Date,
): Promise<DealOutcome> {
  if (terms?.ends_at && terms.ends_at.getTime() <= now.getTime()) {
    throw new ApiError("bad_request", "deal.ends_at: must be in the future (leave it out for no end).");
  }
  return db().runTransaction(
    async (tx) => {
      const affiliate = await getAffiliateOrThrow(uid, tx);
      const previous = dealOf(affiliate);
      let deal: Deal | null;
      if (terms) {
        deal = { ...terms, starts_at: now };
      } else {
        if (!dealInForce(previous, now)) return { user_id: uid, deal: previous, changed: false };
        deal = { ...previous, ends_at: now };
      }
      // The deal replaces custom_terms, which meant one (domain/commission-groups.ts dealOf).
      tx.update(refs.affiliate(uid).withConverter(null), { deal, custom_terms: false });
      tx.create(refs.dealAudit().doc(), { uid, deal, previous, reason, by: { uid: by.uid, email: by.email }, at: now });
      return { user_id: uid, deal, changed: true };
    },
    { maxAttempts: limits.transactionAttempts },
  );
}
