/**
 * Issue 16, finding 1: the tracker on an event comes from the advertiser's landing URL, so anyone can send
 * sign-ups with made-up trackers. Each used to add a key to the affiliate's document until it reached
 * Firestore's 1 MiB limit (about 12,800 trackers), after which every event that added bytes failed for
 * good. Here 20,000 distinct trackers are sent for one affiliate; every later event must still apply exactly.
 */
import { randomUUID } from "node:crypto";
import { expect, test } from "vitest";
import { dayKey } from "../../functions/src/domain/days.ts";
import { sendEvent, sendEvents, type EventBody } from "../../scripts/lib/events-client.ts";
import { affiliateView, createAffiliate, db, openLink, refs } from "../support/backend.ts";
import { inParallel } from "../support/concurrency.ts";

const advertisers = ["promptchan", "cutechat", "creategirls"] as const;
const flood = 20_000;
/**
 * The flood goes in batches of 100 (POST /api/events/batch, each event applied on its own as POST /api/events
 * applies it): 200 requests, not 20,000, since the way in (the Hosting and Functions emulators' proxies, the
 * signature, the rate limit) costs more than the ledger. A batch applies one affiliate's events one after
 * another, so four batches in flight are four events at a time: this test is about what 20,000 trackers leave
 * behind, not about races (events.test.ts races events). It runs in the serial group, with the emulators to
 * itself: beside the other files it was a quarter of the run's CPU, and their requests waited behind it (a batch
 * holds a Functions emulator worker for seconds).
 */
const batchSize = 100;
const inFlight = 4;
/** One moment for the whole flood, so its sign-ups fall on one UTC day even if the run crosses midnight. */
const at = new Date(Date.now() - 60_000);

function event(uid: string, extra: Partial<EventBody>): EventBody {
  return {
    id: `flood-${randomUUID()}`,
    advertiser_id: "promptchan",
    type: "sign_up",
    uid,
    occurred_at: at.toISOString(),
    ...extra,
  };
}

test(`${flood.toLocaleString("en")} distinct trackers leave the affiliate bounded, and later events still apply exactly`, async () => {
  const uid = await createAffiliate({ links: { promptchan: ["/tw"], cutechat: [], creategirls: [] } });
  const before = JSON.stringify((await refs.affiliate(uid).get()).data()).length;

  // Spread over the three advertisers (each has its own events rate limit and signs its own batches), every
  // tracker new.
  const batches = Array.from({ length: flood / batchSize }, (_, batch) =>
    Array.from({ length: batchSize }, (_, j) => {
      const i = batch * batchSize + j;
      return event(uid, { advertiser_id: advertisers[batch % 3], tracker: `/f${i.toString(36)}` });
    }),
  );
  const answers = await inParallel(batches, inFlight, (events) => sendEvents(events));
  const outcomes = answers.flatMap((answer) =>
    answer.status === 200
      ? (answer.body!.results as { status: string }[]).map((result) => result.status)
      : [answer.text],
  );
  expect(outcomes.filter((outcome) => outcome !== "applied")).toEqual([]);

  const flooded = (await refs.affiliate(uid).get()).data()!;
  expect(flooded.total_sign_ups).toBe(flood);
  for (const [index, advertiser] of advertisers.entries()) {
    // Made-up trackers count towards the default link: no key per tracker.
    expect(Object.keys(flooded.trackers[advertiser])).toEqual(["default"]);
    const sent = batches.filter((_, batch) => batch % 3 === index).length * batchSize;
    expect(flooded.trackers[advertiser].default?.sign_ups).toBe(sent);
    expect(flooded.by_advertiser[advertiser].sign_ups).toBe(sent);
  }
  // The document grew by a few numbers, not by 20,000 entries.
  expect(JSON.stringify(flooded).length - before).toBeLessThan(2_000);
  const today = (await refs.days(uid).doc(dayKey(at)).get()).data();
  expect(today?.sign_ups).toBe(flood);
  expect(today).not.toHaveProperty("trackers");

  // A sale (on a tracker never seen, and on a link), a sale on a UTC day not yet in the document, a click.
  const sale = event(uid, { type: "sale", amount: "10.00", tracker: "/brandnew" });
  const onLink = event(uid, { type: "sale", amount: "20.00", tracker: "/tw" });
  const threeDaysAgo = new Date(at.getTime() - 3 * 86_400_000);
  const newDay = event(uid, { type: "sale", amount: "30.00", occurred_at: threeDaysAgo.toISOString() });
  for (const body of [sale, onLink, newDay]) {
    expect(await sendEvent(body)).toMatchObject({ status: 200, body: { status: "applied" } });
  }
  expect((await openLink(`/m/${uid}/tw`, { ip: "10.16.0.1" })).status).toBe(302);

  const after = await affiliateView(uid);
  expect(after).toMatchObject({ total_sales: 3, total_earnings_cents: 3_600, total_clicks: 1 });
  expect(after.trackers.promptchan.default).toMatchObject({ sales: 2, earnings_cents: 2_400 });
  expect(after.trackers.promptchan["/tw"]).toEqual({
    sales: 1,
    first_sales: 1,
    earnings_cents: 1_200,
    clicks: 1,
    sign_ups: 0,
  });
  expect(after.recent_days[dayKey(threeDaysAgo)]).toMatchObject({ sales: 1, earnings_cents: 1_800 });
  expect((await refs.days(uid).doc(dayKey(threeDaysAgo)).get()).data()).toMatchObject({ sales: 1 });
  const entry = (await refs.transactions(uid).doc(`promptchan_${sale.id}`).get()).data();
  expect(entry).toMatchObject({ tracker: "", earnings_cents: 600 });

  // The flood's 20,000 event records have served: removed, so the run's census, export and re-import
  // (which walk every document) do not spend minutes on them.
  const writer = db().bulkWriter();
  for (const record of (await refs.events().where("uid", "==", uid).select().get()).docs) {
    void writer.delete(record.ref);
  }
  await writer.close();
}, 900_000);
