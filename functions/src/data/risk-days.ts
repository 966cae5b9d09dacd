/**
 * What the daily risk looks read of the affiliates' days (functions/src/risk/): who had clicks filtered on
 * given days, or many sales or any sign-up on one (collection-group queries on the day documents'
 * (date, filtered_clicks), (date, sales) and (date, sign_ups) indexes in firestore.indexes.json), an
 * affiliate's last days' clicks (at most the window's day documents) and the daily figures their document
 * keeps (`recent_days`, one read).
 */
import { lastDays, type DayFigures, type DayKey } from "../domain/days.js";
import { collections, recentDaysKept } from "../domain/model.js";
import type { DayClicks } from "../domain/traffic-quality.js";
import { db, refs } from "./firestore.js";

/** Who a query of day documents found, and whether it read as many as it was allowed (so may have missed some). */
export interface FoundAffiliates {
  uids: string[];
  reached: boolean;
}

/** Firestore's most values in one `in` filter. */
export const daysPerQuery = 30;

/**
 * The affiliates whose day document of any of `days` has `field` at least `min`, at most `limit` day documents
 * read: collection-group queries on the day documents' (date, field) index, 30 days at a time, the newest
 * first (so a bound reached leaves out the affiliates active longest ago).
 */
export const affiliatesWithDays = (
  field: "filtered_clicks" | "sales" | "sign_ups",
  min: number,
  days: readonly DayKey[],
  limit: number,
): Promise<FoundAffiliates> => affiliatesWithDated(collections.days, field, min, days, limit);

/**
 * The affiliates with a document of the collection group `group` (under affiliates/{uid}, with a `date`)
 * dated any of `days` whose `field` is at least `min`, at most `limit` documents read, the newest days first.
 */
export async function affiliatesWithDated(
  group: (typeof collections)["days" | "addressBlocks"],
  field: string,
  min: number,
  days: readonly DayKey[],
  limit: number,
): Promise<FoundAffiliates> {
  const uids = new Set<string>();
  let read = 0;
  for (let end = days.length; end > 0 && read < limit; end -= daysPerQuery) {
    const found = await db()
      .collectionGroup(group)
      .where("date", "in", days.slice(Math.max(0, end - daysPerQuery), end))
      .where(field, ">=", min)
      .select()
      .limit(limit - read)
      .get();
    read += found.size;
    // Each sits under affiliates/{uid}: the path's second segment.
    for (const doc of found.docs) uids.add(doc.ref.path.split("/")[1]!);
  }
  return { uids: [...uids], reached: read >= limit };
}

/** The affiliates with filtered clicks on any of `days`, at most `limit` day documents read. */
export const affiliatesFilteredOn = async (days: DayKey[], limit: number): Promise<string[]> =>
  (await affiliatesWithDays("filtered_clicks", 1, days, limit)).uids;

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

/** The affiliates with at least `minSales` sales on any of `days`, at most `limit` day documents read. */
export const affiliatesWithSalesOn = async (days: DayKey[], minSales: number, limit: number): Promise<string[]> =>
  (await affiliatesWithDays("sales", minSales, days, limit)).uids;

/** The affiliates with a sign-up on any of `days`, at most `limit` day documents read. */
export const affiliatesWithSignUpsOn = async (days: DayKey[], limit: number): Promise<string[]> =>
  (await affiliatesWithDays("sign_ups", 1, days, limit)).uids;

/** The daily figures the affiliate's document keeps (its newest 95 days), read alone (a field mask). */
export async function recentDaysOf(uid: string): Promise<Record<DayKey, DayFigures>> {
  const [snapshot] = await db().getAll(refs.affiliate(uid), { fieldMask: ["recent_days"] });
  return (snapshot?.data() as { recent_days?: Record<DayKey, DayFigures> } | undefined)?.recent_days ?? {};
}

/** The affiliate's daily figures on `days` from their day documents (days without one left out). */
export async function dayFiguresOf(uid: string, days: readonly DayKey[]): Promise<Record<DayKey, DayFigures>> {
  const snapshots = await db().getAll(...days.map((day) => refs.days(uid).doc(day)), {
    fieldMask: ["clicks", "sign_ups", "sales", "earnings_cents"],
  });
  return Object.fromEntries(
    snapshots.flatMap((snapshot) => (snapshot.exists ? [[snapshot.id, snapshot.data() as DayFigures]] : [])),
  );
}

/**
 * The affiliate's daily figures over `span` (consecutive days up to today): the figures their document keeps
 * (one read) when the span is within its 95 days, else the span's day documents, which hold the same figures.
 */
export const dailyFiguresOver = (uid: string, span: readonly DayKey[]): Promise<Record<DayKey, DayFigures>> =>
  span.length <= recentDaysKept ? recentDaysOf(uid) : dayFiguresOf(uid, span);
