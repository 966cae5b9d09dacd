/**
 * What the daily risk looks read of the affiliates' days (functions/src/risk/): who had clicks filtered on
 * given days, or many sales or any sign-up on one (collection-group queries on the day documents'
 * (date, filtered_clicks), (date, sales) and (date, sign_ups) indexes in firestore.indexes.json), an
 * affiliate's last days' clicks (at most the window's day documents) and the daily figures their document
 * keeps (`recent_days`, one read).
 */
import { lastDays, type DayFigures, type DayKey } from "../domain/days.js";
import { collections } from "../domain/model.js";
import type { DayClicks } from "../domain/traffic-quality.js";
import { db, refs } from "./firestore.js";

/** The affiliates with filtered clicks on any of `days`, at most `limit` day documents read. */
export async function affiliatesFilteredOn(days: DayKey[], limit: number): Promise<string[]> {
  const found = await db()
    .collectionGroup(collections.days)
    .where("date", "in", days)
    .where("filtered_clicks", ">", 0)
    .select()
    .limit(limit)
    .get();
  // Day documents sit under affiliates/{uid}.
  return [...new Set(found.docs.map((doc) => doc.ref.parent.parent!.id))];
}

/** The affiliate's clicks on each of the last `count` UTC days up to `now` (days without a document left out). */
export async function lastDaysClicks(uid: string, count: number, now: Date): Promise<DayClicks[]> {
  const days = lastDays(now, count);
  const snapshots = await db().getAll(...days.map((day) => refs.days(uid).doc(day)));
  return snapshots.flatMap((snapshot) => {
    const doc = snapshot.data() as
      { clicks?: number; filtered_clicks?: number; datacenter_clicks?: number } | undefined;
    return doc
      ? [
          {
            date: snapshot.id,
            clicks: doc.clicks ?? 0,
            filtered: doc.filtered_clicks ?? 0,
            datacenter: doc.datacenter_clicks ?? 0,
          },
        ]
      : [];
  });
}

/** The affiliates with at least `min` of the figure on `day`, at most `limit` day documents read. */
async function affiliatesWithOn(field: "sales" | "sign_ups", day: DayKey, min: number, limit: number) {
  const found = await db()
    .collectionGroup(collections.days)
    .where("date", "==", day)
    .where(field, ">=", min)
    .select()
    .limit(limit)
    .get();
  return [...new Set(found.docs.map((doc) => doc.ref.parent.parent!.id))];
}

/** The affiliates with at least `minSales` sales on `day`, at most `limit` day documents read. */
export const affiliatesWithSalesOn = (day: DayKey, minSales: number, limit: number): Promise<string[]> =>
  affiliatesWithOn("sales", day, minSales, limit);

/** The affiliates with a sign-up on `day`, at most `limit` day documents read. */
export const affiliatesWithSignUpsOn = (day: DayKey, limit: number): Promise<string[]> =>
  affiliatesWithOn("sign_ups", day, 1, limit);

/** The daily figures the affiliate's document keeps (its newest 95 days), read alone (a field mask). */
export async function recentDaysOf(uid: string): Promise<Record<DayKey, DayFigures>> {
  const [snapshot] = await db().getAll(refs.affiliate(uid), { fieldMask: ["recent_days"] });
  return (snapshot?.data() as { recent_days?: Record<DayKey, DayFigures> } | undefined)?.recent_days ?? {};
}
