/**
 * Credits outside the advertiser events: the July 4th tracking-bug compensation (SPEC.md §1). A credit is a
 * ledger entry of its own (type "adjustment") and adds to the affiliate's earnings, so the ledger keeps
 * adding up to earnings − refunded. Idempotent on its id.
 */
import { FieldValue } from "firebase-admin/firestore";
import type { Cents } from "../domain/money.js";
import { defaultAdvertiserId } from "../domain/advertisers.js";
import type { TransactionDoc } from "../domain/model.js";
import { db, refs } from "../data/firestore.js";

export async function creditCompensation(uid: string, amountCents: Cents, now: Date): Promise<boolean> {
  const entryRef = refs.transactions(uid).doc("adjustment_july4bug_comp");
  const entry: TransactionDoc = {
    type: "adjustment",
    advertiser_id: defaultAdvertiserId,
    event_id: "july4bug_comp",
    tracker: "",
    timestamp: now,
    recorded_at: now,
    transaction_cost_cents: 0,
    earnings_cents: amountCents,
    repeat_index: null,
    rate: null,
    refunded: false,
    refunded_amount_cents: 0,
    clawed_back_cents: 0,
    refers_to: null,
    note: "Compensation for the tracking outage of 4 July to 27 August 2025.",
  };
  return db().runTransaction(async (tx) => {
    if ((await tx.get(entryRef)).exists) return false;
    tx.create(entryRef, entry);
    tx.update(refs.affiliate(uid).withConverter(null), {
      total_earnings_cents: FieldValue.increment(amountCents),
      // A credit is earnings: the list's balance and risk keys move with it.
      owed_cents: FieldValue.increment(amountCents),
      risk_margin_cents: FieldValue.increment(amountCents),
      july4bug_comp_cents: amountCents,
    });
    return true;
  });
}
