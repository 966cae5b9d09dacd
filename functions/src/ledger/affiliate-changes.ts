/**
 * Writing ledger changes to an affiliate and its day documents, inside a transaction, as increments: the
 * transaction reads only the documents unique to its event, never the affiliate's, so events for one busy
 * affiliate do not queue behind each other for its document.
 */
import { FieldValue, type Transaction } from "firebase-admin/firestore";
import type { DayKey } from "../domain/days.js";
import { affiliateIncrements, dayIncrements, type Increments, type LedgerChange } from "../domain/ledger.js";
import { refs } from "../data/firestore.js";

function asFieldIncrements(tree: Increments): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(tree).map(([key, value]) => [
      key,
      typeof value === "number" ? FieldValue.increment(value) : asFieldIncrements(value),
    ]),
  );
}

/**
 * Adds the changes to the affiliate and to each day they fall on; `staleDays` are recent_days keys that
 * have left the window (from an earlier read: a key once stale stays stale), deleted on the way.
 */
export function writeChanges(
  tx: Transaction,
  uid: string,
  changes: LedgerChange[],
  staleDays: DayKey[],
  now: Date,
): void {
  const update = asFieldIncrements(affiliateIncrements(changes, now));
  if (staleDays.length > 0) {
    update.recent_days = {
      ...(update.recent_days as object | undefined),
      ...Object.fromEntries(staleDays.map((day) => [day, FieldValue.delete()])),
    };
  }
  // set+merge rather than update: nested keys such as tracker "/tw" are map keys, not dotted paths.
  if (Object.keys(update).length > 0) tx.set(refs.affiliate(uid).withConverter(null), update, { merge: true });
  for (const day of new Set(changes.map((change) => change.day))) {
    const increments = asFieldIncrements(dayIncrements(changes, day));
    tx.set(refs.days(uid).doc(day).withConverter(null), { date: day, ...increments }, { merge: true });
  }
}
