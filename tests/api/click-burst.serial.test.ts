/**
 * Bursts of clicks on one link, sixteen in flight: 1,000 requests counted, and 200 given click ids. They run in
 * the serial group, with the emulators to themselves: beside the other api files the Hosting emulator's proxy
 * timed some of their clicks out (27 November: the counted burst at the run's start, the click ids' later in
 * another run), and a burst's figures should measure the burst.
 */
import { expect, test } from "vitest";
import { rollUpClicks } from "../../functions/src/tracking/clicks.ts";
import { limits } from "../../functions/src/config.ts";
import { dayKey } from "../../functions/src/domain/days.ts";
import { affiliateView, clicksOf, createAffiliate, openLink, refs, splitClickId } from "../support/backend.ts";
import { emulatorConcurrency, inParallel } from "../support/concurrency.ts";
import { startOfRoomyWindow } from "../support/minute.ts";

const links = { promptchan: ["/tw"], cutechat: ["/ig"], creategirls: [] };

test("500 visitors clicking one link at once are counted exactly, without a hot document", async () => {
  const uid = await createAffiliate({ links });
  // A visitor's second click counts again in the next hour: the burst keeps to one (a wait of at most
  // 90 s, about one run in forty).
  await startOfRoomyWindow(limits.clickDedupeWindowMs, 90_000);
  const visitors = Array.from({ length: 500 }, (_, i) => `10.2.${Math.floor(i / 250)}.${i % 250}`);
  // Each visitor clicks twice, concurrently: 1,000 requests, 500 distinct visitors.
  const answers = await inParallel([...visitors, ...visitors], emulatorConcurrency, (ip) =>
    openLink(`/m/${uid}/tw`, { ip, userAgent: "burst" }),
  );
  expect(answers.every((answer) => answer.status === 302)).toBe(true);

  const shards = await refs.clickShards(uid).get();
  expect(shards.size).toBeGreaterThan(1);
  expect(shards.docs.reduce((sum, shard) => sum + shard.data().clicks, 0)).toBe(500);
  expect((await refs.affiliate(uid).get()).data()!.total_clicks).toBe(0);
  expect((await affiliateView(uid)).trackers.promptchan["/tw"]?.clicks).toBe(500);

  // The roll-up moves them into the affiliate and its day, and empties the shards.
  expect(await rollUpClicks(uid)).toBe(500);
  expect((await refs.clickShards(uid).get()).size).toBe(0);
  const rolled = (await refs.affiliate(uid).get()).data()!;
  expect(rolled.total_clicks).toBe(500);
  expect(rolled.trackers.promptchan["/tw"]?.clicks).toBe(500);
  expect((await refs.days(uid).doc(dayKey(new Date())).get()).data()?.clicks).toBe(500);
  expect((await affiliateView(uid)).total_clicks).toBe(500);
}, 240_000);

test("200 concurrent clicks from 150 visitors: 150 distinct ids, each counted and recorded together", async () => {
  const uid = await createAffiliate({ links });
  const visitors = Array.from({ length: 150 }, (_, i) => `10.19.${Math.floor(i / 100)}.${i % 100}`);
  // 50 of them click twice, at once with everyone else.
  const requests = [...visitors, ...visitors.slice(0, 50)];
  const answers = await inParallel(requests, emulatorConcurrency, async (ip) => {
    const answer = await openLink(`/m/${uid}/tw?sub1=${ip}`, { ip, userAgent: "burst" });
    expect(answer.status).toBe(302);
    return { ip, ...splitClickId(answer.location!) };
  });

  const idOf = new Map<string, string>();
  for (const { ip, clickId } of answers) {
    expect(clickId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // A visitor's second click carries the id of their first.
    expect(idOf.get(ip) ?? clickId).toBe(clickId);
    idOf.set(ip, clickId!);
  }
  expect(new Set(idOf.values()).size).toBe(visitors.length);

  // Nothing half-written: every counted click is recorded, and every recorded click counted.
  const recorded = await clicksOf(uid);
  expect(new Set(recorded.keys())).toEqual(new Set(idOf.values()));
  const shards = await refs.clickShards(uid).get();
  expect(shards.docs.reduce((sum, shard) => sum + shard.data().clicks, 0)).toBe(recorded.size);
  for (const [ip, clickId] of idOf) expect(recorded.get(clickId)?.sub1).toBe(ip);
}, 120_000);
