/**
 * The e-mails that tell affiliates lower rates are coming (issue 34, promised terms). For each "apply to
 * everyone" rate change whose notice date is still ahead, every affiliate who joined before it and whose own
 * rates drop on that date (their group's and deal's rates, where those set them, stay theirs) gets one e-mail,
 * under an id naming the change and the affiliate. Run daily: a run marks the change notified when it has
 * written them all, and a retry, or the next day's run after a failure, writes only what is missing.
 */
import pMap from "p-map";
import { advertiserIds, advertisers, type AdvertiserId } from "../domain/advertisers.js";
import { dayKey } from "../domain/days.js";
import { dealOf, groupSaleTerms, withDeal } from "../domain/commission-groups.js";
import type { AffiliateDoc } from "../domain/model.js";
import { mailDoc, mailIds, ratesLoweredMail } from "../domain/notifications.js";
import { loweredRates, promisedRates, type PromisedRates, type RateChange } from "../domain/promised-terms.js";
import { db, refs } from "../data/firestore.js";
import { writeMailOnce } from "../data/mail.js";

/** Affiliates read per page, and e-mails written at once. */
const pageSize = 500;
const writesInFlight = 16;

/** What the affiliate earns on `advertiser`'s sales at `at` from these programme rates, with their group and deal. */
function ratesOfAffiliate(
  affiliate: AffiliateDoc,
  programme: PromisedRates,
  advertiser: AdvertiserId,
  at: Date,
): PromisedRates {
  const base = { commissionRate: programme.commission_rate, repeatRates: programme.repeat_rates, holdDays: 0 };
  const terms = withDeal(groupSaleTerms(base, affiliate.group.terms, advertiser), dealOf(affiliate), advertiser, at);
  return { commission_rate: terms.commissionRate, repeat_rates: terms.repeatRates };
}

/** The affiliate's rates just before the notice date and from it, when they drop then; else null. */
export function noticeFor(
  affiliate: AffiliateDoc,
  changes: RateChange[],
  change: RateChange,
  advertiser: AdvertiserId,
): { now: PromisedRates; next: PromisedRates } | null {
  const from = change.everyone_from!;
  const programmeBefore = promisedRates(changes, affiliate.created_at, new Date(from.getTime() - 1));
  const programmeAfter = promisedRates(changes, affiliate.created_at, from);
  if (!programmeBefore || !programmeAfter || affiliate.fraud_user) return null;
  const now = ratesOfAffiliate(affiliate, programmeBefore, advertiser, from);
  const next = ratesOfAffiliate(affiliate, programmeAfter, advertiser, from);
  return loweredRates(now, next).length > 0 ? { now, next } : null;
}

async function notifyChange(
  advertiser: AdvertiserId,
  changes: RateChange[],
  change: RateChange,
  now: Date,
  siteUrl: string,
): Promise<number> {
  const noticeDate = dayKey(change.everyone_from!);
  let mailed = 0;
  let last: FirebaseFirestore.QueryDocumentSnapshot<AffiliateDoc> | undefined;
  for (;;) {
    let page = refs.affiliates().where("created_at", "<", change.effective_from).orderBy("created_at").limit(pageSize);
    if (last) page = page.startAfter(last);
    const docs = (await page.get()).docs;
    const written = await pMap(
      docs,
      async (doc) => {
        const affiliate = doc.data();
        const notice = noticeFor(affiliate, changes, change, advertiser);
        if (!notice) return false;
        const mail = ratesLoweredMail(advertisers[advertiser].name, notice.now, notice.next, noticeDate, siteUrl);
        return writeMailOnce(
          mailIds.ratesLowered(advertiser, change.version, affiliate.uid),
          mailDoc(affiliate.email, mail, "rates_lowered", affiliate.uid, now),
        );
      },
      { concurrency: writesInFlight },
    );
    mailed += written.filter(Boolean).length;
    if (docs.length < pageSize) return mailed;
    last = docs.at(-1);
  }
}

/** Marks the change notified on the rate history (in a transaction: a save may add a change meanwhile). */
async function markNotified(advertiser: AdvertiserId, version: number, now: Date): Promise<void> {
  const ref = refs.rateHistory(advertiser);
  await db().runTransaction(async (tx) => {
    const changes = (await tx.get(ref)).data()?.changes ?? [];
    tx.set(ref, {
      changes: changes.map((change) => (change.version === version ? { ...change, notified_at: now } : change)),
    });
  });
}

/** Writes the e-mails of every rate change with a notice ahead not yet notified; answers how many it wrote. */
export async function writeRatesNotices(now: Date, siteUrl: string): Promise<{ changes: number; mailed: number }> {
  let notified = 0;
  let mailed = 0;
  for (const advertiser of advertiserIds) {
    const changes = (await refs.rateHistory(advertiser).get()).data()?.changes ?? [];
    const pending = changes.filter(
      (change) => change.everyone_from && change.everyone_from.getTime() > now.getTime() && !change.notified_at,
    );
    for (const change of pending) {
      mailed += await notifyChange(advertiser, changes, change, now, siteUrl);
      await markNotified(advertiser, change.version, now);
      notified += 1;
    }
  }
  return { changes: notified, mailed };
}
