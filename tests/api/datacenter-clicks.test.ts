/**
 * Traffic quality on clicks (issue 33), the address half: a click from a hosting or datacenter network (a
 * cloud, a VPS, a datacenter a VPN rents; functions/src/tracking/hosting-networks.ts), told by the address the
 * platform's proxy appended, is redirected exactly as a person's but counted apart: in filtered_clicks and in
 * datacenter_clicks, with no click id and no click record. The addresses below are only written in
 * X-Forwarded-For: every request goes to the emulators on 127.0.0.1.
 */
import { describe, expect, test } from "vitest";
import { dayKey } from "../../functions/src/domain/days.ts";
import { rollUpClicks } from "../../functions/src/tracking/clicks.ts";
import { affiliateView, clicksOf, createAffiliate, openLink, refs, splitClickId } from "../support/backend.ts";
import { api, createAffiliateUser, createUser } from "../support/users.ts";

const links = { promptchan: ["/tw"], cutechat: ["/ig"], creategirls: [] };

/** Servers' addresses in the clouds and hosts the table covers, in each form a client address may take. */
const datacenters = {
  DigitalOcean: "167.99.241.66",
  "Amazon Web Services": "52.95.110.1",
  "Hetzner over IPv6": "2a01:4f8::1",
  "DigitalOcean, IPv4-mapped": "::ffff:167.99.241.66",
};

async function shardTotals(uid: string) {
  const shards = await refs.clickShards(uid).get();
  return shards.docs.reduce(
    (sum, shard) => ({
      clicks: sum.clicks + shard.data().clicks,
      filtered: sum.filtered + (shard.data().filtered_clicks ?? 0),
      datacenter: sum.datacenter + (shard.data().datacenter_clicks ?? 0),
    }),
    { clicks: 0, filtered: 0, datacenter: 0 },
  );
}

describe("a click from a datacenter", () => {
  test("redirects exactly like a person's, has no click id, records no click, and counts apart before and after the roll-up", async () => {
    const uid = await createAffiliate({ links });
    const path = `/m/${uid}/tw?landing=/ai-porn&sub1=campaign`;
    // A home connection (Videotron, Canada): a person's click, as before.
    const person = await openLink(path, { ip: "24.48.0.1" });
    expect(person.status).toBe(302);
    const { target, clickId } = splitClickId(person.location!);
    expect(clickId).toMatch(/^[A-Za-z0-9_-]{22}$/);

    for (const [index, ip] of Object.values(datacenters).entries()) {
      const visit = await openLink(path, { ip, userAgent: `datacenter ${index}` });
      // The same status, cache header and target, to the character; only no click id.
      expect(visit).toEqual({ status: 302, location: target, cacheControl: "private, no-store" });
    }
    // On another advertiser's link domain, to its own site.
    const cutechat = await openLink(`/m/${uid}/ig`, { host: "cutechat.localhost:5050", ip: datacenters.DigitalOcean });
    expect(cutechat.location).toBe(`https://cutechat.ai/?ref=${uid}&tracker=%2Fig`);

    expect([...(await clicksOf(uid)).keys()]).toEqual([clickId]);
    expect(await shardTotals(uid)).toEqual({ clicks: 1, filtered: 5, datacenter: 5 });
    const pending = await affiliateView(uid);
    expect(pending).toMatchObject({ total_clicks: 1, total_filtered_clicks: 5, total_datacenter_clicks: 5 });
    expect(pending.by_advertiser.promptchan).toMatchObject({ clicks: 1, filtered_clicks: 4, datacenter_clicks: 4 });
    expect(pending.by_advertiser.cutechat).toMatchObject({ clicks: 0, filtered_clicks: 1, datacenter_clicks: 1 });
    expect(pending.trackers.promptchan["/tw"]).toMatchObject({ clicks: 1 });

    expect(await rollUpClicks(uid)).toBe(1);
    const stored = (await refs.affiliate(uid).get()).data()!;
    expect(stored).toMatchObject({ total_clicks: 1, total_filtered_clicks: 5, total_datacenter_clicks: 5 });
    expect(stored.by_advertiser.promptchan).toMatchObject({ clicks: 1, filtered_clicks: 4, datacenter_clicks: 4 });
    expect(stored.trackers.promptchan["/tw"]).not.toHaveProperty("datacenter_clicks");
    expect(stored.recent_days[dayKey(new Date())]).not.toHaveProperty("datacenter_clicks");
    const day = (await refs.days(uid).doc(dayKey(new Date())).get()).data()!;
    expect(day).toMatchObject({
      clicks: 1,
      filtered_clicks: 5,
      datacenter_clicks: 5,
      by_advertiser: { promptchan: { clicks: 1, filtered_clicks: 4, datacenter_clicks: 4 } },
    });
  });

  test("a bot in a datacenter counts as a bot, once; an ordinary address and the loopback count as people", async () => {
    const uid = await createAffiliate({ links });
    const bot = await openLink(`/m/${uid}/tw`, { ip: datacenters.DigitalOcean, exactUserAgent: "curl/8.5.0" });
    expect(splitClickId(bot.location!).clickId).toBeNull();
    // A home connection over IPv6 (Deutsche Telekom), a private address, Cloudflare (WARP and iCloud Private
    // Relay carry people through it) and Google's own network.
    for (const ip of ["2003::1", "10.36.0.1", "1.1.1.1", "8.8.8.8"]) {
      const person = await openLink(`/m/${uid}/tw`, { ip });
      expect(splitClickId(person.location!).clickId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    }
    expect(await shardTotals(uid)).toEqual({ clicks: 4, filtered: 1, datacenter: 0 });
    expect((await clicksOf(uid)).size).toBe(4);
  });

  test("a datacenter's HEAD, or a datacenter on an unknown link, counts nothing", async () => {
    const uid = await createAffiliate({ links });
    const head = await openLink(`/m/${uid}/tw`, { ip: datacenters.DigitalOcean, method: "HEAD" });
    expect(head.status).toBe(302);
    const unknown = await openLink(`/m/${uid}/nope`, { ip: datacenters["Amazon Web Services"] });
    expect(unknown.location).toBe("https://promptchan.ai");
    expect(await shardTotals(uid)).toEqual({ clicks: 0, filtered: 0, datacenter: 0 });
  });

  test("the API gives the datacenter clicks to the affiliate and to staff, within the filtered clicks", async () => {
    const user = await createAffiliateUser();
    const staff = await createUser({ claims: { advertiser: true } });
    await openLink(`/m/${user.uid}`, { ip: "10.36.1.1" });
    await openLink(`/m/${user.uid}`, { ip: datacenters.DigitalOcean });
    await openLink(`/m/${user.uid}`, { ip: datacenters["Hetzner over IPv6"] });
    await openLink(`/m/${user.uid}`, { ip: "10.36.1.2", exactUserAgent: "curl/8.5.0" });
    await rollUpClicks(user.uid);

    const figures = { total_clicks: 1, total_filtered_clicks: 3, total_datacenter_clicks: 2 };
    const own = await api(user, "GET", "/api/get_user_data");
    expect(own.status).toBe(200);
    expect(own.json).toMatchObject(figures);
    const list = await api(staff, "GET", `/api/affiliates?${new URLSearchParams({ q: user.email })}`);
    expect(list.status).toBe(200);
    const rows = (list.json as { affiliates: { user_id: string }[] }).affiliates;
    expect(rows.find((row) => row.user_id === user.uid)).toMatchObject(figures);
  });
});
