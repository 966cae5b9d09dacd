import type { Cents } from "./money.js";

export interface Orderable {
  user_id: string;
  payout_pending: boolean;
  balanceCents: Cents;
}

/**
 * The advertiser list's order (SPEC.md §4): pending payouts first, then balance descending; after a payout
 * is recorded, balance descending only. Ties fall back to the user id so the order never shuffles.
 */
export function compareAffiliates(mode: "pending-first" | "balance") {
  return (a: Orderable, b: Orderable): number => {
    if (mode === "pending-first" && a.payout_pending !== b.payout_pending) return a.payout_pending ? -1 : 1;
    if (a.balanceCents !== b.balanceCents) return b.balanceCents - a.balanceCents;
    return a.user_id < b.user_id ? -1 : a.user_id > b.user_id ? 1 : 0;
  };
}
