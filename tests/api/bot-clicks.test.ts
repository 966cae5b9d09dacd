/**
 * Traffic quality on clicks (issue 33): a click by a bot or a headless browser, told by its user agent, is
 * redirected exactly as a person's but counted apart (filtered_clicks), with no click id and no click record,
 * through the same click shards and roll-up as people's clicks.
 */
import { describe, expect, test } from "vitest";
import { limits } from "../../functions/src/config.ts";
import { dayKey } from "../../functions/src/domain/days.ts";
import { rollUpClicks } from "../../functions/src/tracking/clicks.ts";
import { affiliateView, clicksOf, createAffiliate, openLink, refs, splitClickId } from "../support/backend.ts";
import { emulatorConcurrency, inParallel } from "../support/concurrency.ts";
import { startOfRoomyWindow } from "../support/minute.ts";
import { api, createAffiliateUser, createUser } from "../support/users.ts";

const links = { promptchan: ["/tw"], cutechat: ["/ig"], creategirls: [] };
const cutechatHost = "cutechat.localhost:5050";

/** Bots' user agents as they arrive: Debian's headless Chromium (the e2e tests' browser), a crawler, a script. */
const bots = [
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.6778.85 Safari/537.36",
  "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  "curl/8.5.0",
  "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
];

async function shardTotals(uid: string) {
  const shards = await refs.clickShards(uid).get();
  return shards.docs.reduce(
    (sum, shard) => ({
      clicks: sum.clicks + shard.data().clicks,
      filtered: sum.filtered + (shard.data().filtered_clicks ?? 0),
    }),
    { clicks: 0, filtered: 0 },
  );
}

describe("a bot's click", () => {
  test("redirects exactly like a person's, has no click id, records no click, and counts apart before and after the roll-up", async () => {
    const uid = await createAffiliate({ links });
    const path = `/m/${uid}/tw?landing=/ai-porn&sub1=campaign`;
    const person = await openLink(path, { ip: "10.33.0.1" });
    expect(person.status).toBe(302);
    const { target, clickId } = splitClickId(person.location!);
    expect(clickId).toMatch(/^[A-Za-z0-9_-]{22}$/);

    for (const [index, userAgent] of [...bots, ""].entries()) {
      const bot = await openLink(path, { ip: `10.33.1.${index}`, exactUserAgent: userAgent });
      // The same status, cache header and target, to the character; only no click id.
      expect(bot).toEqual({ status: 302, location: target, cacheControl: "private, no-store" });
    }
    // On another advertiser's link domain, to its own site.
    const cutechat = await openLink(`/m/${uid}/ig`, { host: cutechatHost, ip: "10.33.2.1", exactUserAgent: bots[0] });
    expect(cutechat.location).toBe(`https://cutechat.ai/?ref=${uid}&tracker=%2Fig`);

    // Only the person's click is recorded: nothing a conversion could be credited to.
    expect([...(await clicksOf(uid)).keys()]).toEqual([clickId]);
    expect(await shardTotals(uid)).toEqual({ clicks: 1, filtered: 6 });

    const pending = await affiliateView(uid);
    expect(pending).toMatchObject({ total_clicks: 1, total_filtered_clicks: 6 });
    expect(pending.by_advertiser.promptchan).toMatchObject({ clicks: 1, filtered_clicks: 5 });
    expect(pending.by_advertiser.cutechat).toMatchObject({ clicks: 0, filtered_clicks: 1 });
    expect(pending.trackers.promptchan["/tw"]).toMatchObject({ clicks: 1 });
    expect(pending.trackers.cutechat).toEqual({});
    expect(pending.landings.promptchan["/ai-porn"]?.clicks).toBe(1);

    expect(await rollUpClicks(uid)).toBe(1);
    expect((await refs.clickShards(uid).get()).size).toBe(0);
    const stored = (await refs.affiliate(uid).get()).data()!;
    expect(stored).toMatchObject({ total_clicks: 1, total_filtered_clicks: 6 });
    expect(stored.by_advertiser.promptchan).toMatchObject({ clicks: 1, filtered_clicks: 5 });
    expect(stored.by_advertiser.cutechat).toMatchObject({ clicks: 0, filtered_clicks: 1 });
    expect(stored.trackers.cutechat).toEqual({});
    // Not per tracker, nor in recent_days: the affiliate's document keeps its bound.
    expect(stored.trackers.promptchan["/tw"]).not.toHaveProperty("filtered_clicks");
    expect(stored.recent_days[dayKey(new Date())]).not.toHaveProperty("filtered_clicks");
    const day = (await refs.days(uid).doc(dayKey(new Date())).get()).data()!;
    expect(day).toMatchObject({
      clicks: 1,
      filtered_clicks: 6,
      by_advertiser: { promptchan: { clicks: 1, filtered_clicks: 5 }, cutechat: { clicks: 0, filtered_clicks: 1 } },
    });
    expect(await affiliateView(uid)).toMatchObject({ total_clicks: 1, total_filtered_clicks: 6 });
  });

  test("the API gives the filtered clicks to the affiliate and to staff, apart from the clicks", async () => {
    const user = await createAffiliateUser();
    const staff = await createUser({ claims: { advertiser: true } });
    await openLink(`/m/${user.uid}`, { ip: "10.33.4.1" });
    await openLink(`/m/${user.uid}`, { ip: "10.33.4.2", exactUserAgent: bots[0] });
    await openLink(`/m/${user.uid}`, { ip: "10.33.4.3", exactUserAgent: bots[2] });
    await rollUpClicks(user.uid);

    const own = await api(user, "GET", "/api/get_user_data");
    expect(own.status).toBe(200);
    expect(own.json).toMatchObject({ total_clicks: 1, total_filtered_clicks: 2 });
    const list = await api(staff, "GET", `/api/affiliates?${new URLSearchParams({ q: user.email })}`);
    expect(list.status).toBe(200);
    const rows = (list.json as { affiliates: { user_id: string }[] }).affiliates;
    expect(rows.find((row) => row.user_id === user.uid)).toMatchObject({ total_clicks: 1, total_filtered_clicks: 2 });
  });

  test("a bot's HEAD, or a bot on an unknown link, counts nothing", async () => {
    const uid = await createAffiliate({ links });
    const head = await openLink(`/m/${uid}/tw`, { ip: "10.33.3.1", exactUserAgent: bots[0], method: "HEAD" });
    expect(head.status).toBe(302);
    const unknown = await openLink(`/m/${uid}/nope`, { ip: "10.33.3.2", exactUserAgent: bots[1] });
    expect(unknown.location).toBe("https://promptchan.ai");
    expect(await shardTotals(uid)).toEqual({ clicks: 0, filtered: 0 });
    expect((await affiliateView(uid)).total_filtered_clicks).toBe(0);
  });

  test("people and bots clicking at once, with roll-ups running: each counted exactly once, in its own figure", async () => {
    const uid = await createAffiliate({ links });
    // A person's second click counts again in the next hour: the burst keeps to one.
    await startOfRoomyWindow(limits.clickDedupeWindowMs, 90_000);
    const people = Array.from({ length: 150 }, (_, i) => ({ ip: `10.34.0.${i}` }));
    const robots = Array.from({ length: 150 }, (_, i) => ({ ip: `10.34.1.${i}`, exactUserAgent: bots[i % 4] }));
    // Every visitor twice, interleaved: a person counts once an hour, a bot every time (no visit record).
    const visits = [...people, ...robots].flatMap((visit) => [visit, visit]).sort(() => Math.random() - 0.5);
    let rolledDuring = 0;
    const rollUps = (async () => {
      for (let i = 0; i < 4; i++) {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        // A roll-up that loses to the clicks' writes commits nothing: its shards wait for the next one.
        rolledDuring += await rollUpClicks(uid).catch(() => 0);
      }
    })();
    const answers = await inParallel(visits, emulatorConcurrency, (visit) => openLink(`/m/${uid}/tw`, visit));
    await rollUps;
    expect(answers.every((answer) => answer.status === 302)).toBe(true);
    const clickIds = answers.map((answer) => splitClickId(answer.location!).clickId);
    expect(clickIds.filter((id) => id === null)).toHaveLength(300);
    expect(new Set(clickIds.filter((id) => id !== null)).size).toBe(150);
    expect((await clicksOf(uid)).size).toBe(150);

    const rolled = rolledDuring + (await rollUpClicks(uid));
    expect(rolled).toBe(150);
    expect((await refs.clickShards(uid).get()).size).toBe(0);
    const stored = (await refs.affiliate(uid).get()).data()!;
    expect(stored).toMatchObject({ total_clicks: 150, total_filtered_clicks: 300 });
    expect(stored.by_advertiser.promptchan).toMatchObject({ clicks: 150, filtered_clicks: 300 });
    expect(stored.trackers.promptchan["/tw"]?.clicks).toBe(150);
    expect((await refs.days(uid).doc(dayKey(new Date())).get()).data()).toMatchObject({
      clicks: 150,
      filtered_clicks: 300,
    });
  }, 240_000);
});
