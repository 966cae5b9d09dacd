/**
 * Click ids and sub-ids (issue 18): every click the redirect counts is recorded in clicks/{clickId} with
 * what it was, and its id goes to the advertiser in the redirect; a repeat within the hour gets the counted
 * click's id; an unknown link gets none.
 */
import { describe, expect, test } from "vitest";
import { findClickForConversion } from "../../functions/src/data/clicks.ts";
import { clicksOf, createAffiliate, openLink, refs, splitClickId } from "../support/backend.ts";

const links = { promptchan: ["/tw"], cutechat: ["/ig"], creategirls: [] };
const cutechatHost = "cutechat.localhost:5050";
const clickIdPattern = /^[A-Za-z0-9_-]{22}$/;
const dayMs = 24 * 60 * 60 * 1000;
const noSubIds = { sub1: null, sub2: null, sub3: null, sub4: null, sub5: null };

/** Opens the link and answers the redirect's target (without its click id) and the click id. */
async function click(path: string, visit: Parameters<typeof openLink>[1]) {
  const answer = await openLink(path, visit);
  expect(answer.status).toBe(302);
  return splitClickId(answer.location!);
}

async function shardClicks(uid: string): Promise<number> {
  const shards = await refs.clickShards(uid).get();
  return shards.docs.reduce((sum, shard) => sum + shard.data().clicks, 0);
}

describe("click ids", () => {
  test("a counted click gets a click id in the redirect and a record of what it was", async () => {
    const uid = await createAffiliate({ links });
    const before = Date.now();
    const { target, clickId } = await click(
      `/m/${uid}/ig?landing=/ai-porn&sub1=summer&sub2=${encodeURIComponent("José 北京 & co")}&sub5=adset-7`,
      { host: cutechatHost, ip: "10.18.0.1" },
    );
    // Beside ref and tracker; the sub-ids are the affiliate's own and stay with the click.
    expect(target).toBe(`https://cutechat.ai/ai-porn?ref=${uid}&tracker=%2Fig`);
    expect(clickId).toMatch(clickIdPattern);

    const recorded = await clicksOf(uid);
    expect([...recorded.keys()]).toEqual([clickId]);
    const stored = recorded.get(clickId!)!;
    expect(stored).toEqual({
      uid,
      advertiser_id: "cutechat",
      tracker: "/ig",
      landing: "/ai-porn",
      sub1: "summer",
      sub2: "José 北京 & co",
      sub3: null,
      sub4: null,
      sub5: "adset-7",
      clicked_at: expect.any(Date),
      expire_at: expect.any(Date),
      converted_at: null,
    });
    expect(stored.clicked_at.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(stored.clicked_at.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    // The default attribution window: 30 days.
    expect(stored.expire_at!.getTime() - stored.clicked_at.getTime()).toBe(30 * dayMs);

    // What a conversion reported by this click id will find.
    expect(await findClickForConversion(clickId, new Date())).toEqual({ status: "valid", click: stored });
    expect(await findClickForConversion(clickId, stored.expire_at!)).toEqual({ status: "expired", click: stored });
    expect(await findClickForConversion("A".repeat(22), new Date())).toEqual({ status: "unknown" });
    expect(await findClickForConversion("../../affiliates", new Date())).toEqual({ status: "unknown" });
  });

  test("the plain link's click records the default tracker and the home page", async () => {
    const uid = await createAffiliate({ links });
    const { target, clickId } = await click(`/m/${uid}?landing=//evil.example`, { ip: "10.18.0.2" });
    expect(target).toBe(`https://promptchan.ai/?ref=${uid}`);
    expect((await clicksOf(uid)).get(clickId!)).toMatchObject({
      advertiser_id: "promptchan",
      tracker: "",
      landing: "",
      ...noSubIds,
    });
  });

  test("sub-ids too long, with hostile characters or repeated are dropped; the visitor is still redirected", async () => {
    const uid = await createAffiliate({ links });
    const query = [
      `sub1=${"x".repeat(101)}`,
      `sub2=${encodeURIComponent("<script>alert(1)</script>")}`,
      "sub3=a%0d%0aLocation:%20https://evil.example",
      "sub4=kept",
      "sub5=a&sub5=b",
      "landing=/ai-hentai",
    ].join("&");
    const { target, clickId } = await click(`/m/${uid}/tw?${query}`, { ip: "10.18.0.3" });
    expect(target).toBe(`https://promptchan.ai/ai-hentai?ref=${uid}&tracker=%2Ftw`);
    expect(clickId).toMatch(clickIdPattern);
    expect((await clicksOf(uid)).get(clickId!)).toMatchObject({ ...noSubIds, sub4: "kept", landing: "/ai-hentai" });
    expect(await shardClicks(uid)).toBe(1);
  });

  test("the same visitor on the same link within the hour gets the counted click's id, counted once", async () => {
    const uid = await createAffiliate({ links });
    const visit = { ip: "10.18.1.1", userAgent: "same browser" };
    const first = await click(`/m/${uid}/tw?sub1=first`, visit);
    const again = await click(`/m/${uid}/tw?sub1=second`, visit);
    const third = await click(`/m/${uid}/tw?landing=/ai-porn`, visit);
    expect(first.clickId).toMatch(clickIdPattern);
    expect(again.clickId).toBe(first.clickId);
    expect(third.clickId).toBe(first.clickId);
    expect(third.target).toBe(`https://promptchan.ai/ai-porn?ref=${uid}&tracker=%2Ftw`);

    const recorded = await clicksOf(uid);
    expect(recorded.size).toBe(1);
    // The click as it was counted.
    expect(recorded.get(first.clickId!)).toMatchObject({ sub1: "first", landing: "" });
    expect(await shardClicks(uid)).toBe(1);
  });

  test("other visitors, and the same visitor on another link, get clicks of their own", async () => {
    const uid = await createAffiliate({ links });
    const ids = [
      (await click(`/m/${uid}/tw`, { ip: "10.18.2.1", userAgent: "same browser" })).clickId,
      (await click(`/m/${uid}/tw`, { ip: "10.18.2.2", userAgent: "same browser" })).clickId,
      (await click(`/m/${uid}/tw`, { ip: "10.18.2.1", userAgent: "another browser" })).clickId,
      (await click(`/m/${uid}`, { ip: "10.18.2.1", userAgent: "same browser" })).clickId,
    ];
    expect(ids.every((id) => clickIdPattern.test(id ?? ""))).toBe(true);
    expect(new Set(ids).size).toBe(4);
    expect(new Set((await clicksOf(uid)).keys())).toEqual(new Set(ids));
    expect(await shardClicks(uid)).toBe(4);
  });

  test("an unknown link, another advertiser's tracker or a HEAD gets no click id and records no click", async () => {
    const uid = await createAffiliate({ links });
    for (const [path, host] of [
      [`/m/${uid}/nope?sub1=a`, undefined],
      [`/m/${uid}/tw?sub1=a`, cutechatHost],
      ["/m/no-such-affiliate?sub1=a", undefined],
    ] as const) {
      const answer = await openLink(path, { ...(host ? { host } : {}), ip: "10.18.3.1" });
      expect(answer.status).toBe(302);
      expect(answer.location).toBe(host ? "https://cutechat.ai" : "https://promptchan.ai");
    }
    const head = await openLink(`/m/${uid}/tw`, { ip: "10.18.3.1", method: "HEAD" });
    expect(head.status).toBe(302);
    expect(splitClickId(head.location!)).toEqual({
      target: `https://promptchan.ai/?ref=${uid}&tracker=%2Ftw`,
      clickId: null,
    });
    expect((await clicksOf(uid)).size).toBe(0);
    expect((await refs.clicks().where("uid", "==", "no-such-affiliate").get()).size).toBe(0);
    expect(await shardClicks(uid)).toBe(0);
  });
});
