/**
 * The counts the refund and chargeback rate signal compares (domain/refund-rate.ts), read from the ledger's
 * own entries (affiliates/{uid}/transactions) with aggregation queries: a count costs one read per 1,000
 * index entries it matches, so an affiliate's rates cost a few reads whatever their sales, and nothing is
 * kept on the side that could drift from the ledger. Windows are by when the sale or refund happened
 * (`timestamp`), as the dashboard's days are. firestore.indexes.json has the (type, timestamp) indexes, for
 * one affiliate's entries and for every affiliate's (the programme's).
 */
import type { Query } from "firebase-admin/firestore";
import { collections, type TransactionType } from "../domain/model.js";
import { windowStart, type RateCounts } from "../domain/refund-rate.js";
import { db, refs } from "./firestore.js";
import type { FoundAffiliates } from "./risk-days.js";

const counted = {
  sales: "sale",
  refunds: "refund",
  chargebacks: "chargeback",
} as const satisfies Record<keyof RateCounts, TransactionType>;

async function countsOf(entries: Query, since: Date): Promise<RateCounts> {
  const count = async (type: TransactionType) =>
    (await entries.where("type", "==", type).where("timestamp", ">=", since).count().get()).data().count;
  const [sales, refunds, chargebacks] = await Promise.all([
    count(counted.sales),
    count(counted.refunds),
    count(counted.chargebacks),
  ]);
  return { sales, refunds, chargebacks };
}

/** One affiliate's sales, refunds and chargebacks in the last `days` days. */
export const affiliateRateCounts = (uid: string, days: number, now: Date): Promise<RateCounts> =>
  countsOf(refs.transactions(uid), windowStart(now, days));

/** Every affiliate's, added up: the programme's, whatever the advertiser. */
export const programmeRateCounts = (days: number, now: Date): Promise<RateCounts> =>
  countsOf(db().collectionGroup(collections.transactions), windowStart(now, days));

/**
 * The affiliates with a refund or chargeback recorded since `since` (when it reached us, so one recorded late
 * for an old sale is still looked at), at most `limit` of them: those whose rates may have changed.
 */
export async function affiliatesRefundedIn(since: Date, limit: number): Promise<FoundAffiliates> {
  const recorded = await db()
    .collectionGroup(collections.transactions)
    .where("type", "in", [counted.refunds, counted.chargebacks])
    .where("recorded_at", ">=", since)
    // The newest first, so a bound reached leaves out those refunded longest ago ((type, recorded_at desc) index).
    .orderBy("recorded_at", "desc")
    .select()
    .limit(limit)
    .get();
  // transactions sit under affiliates/{uid}.
  return { uids: [...new Set(recorded.docs.map((doc) => doc.ref.parent.parent!.id))], reached: recorded.size >= limit };
}

export const affiliatesRefundedSince = async (since: Date, limit: number): Promise<string[]> =>
  (await affiliatesRefundedIn(since, limit)).uids;
