import { describe, expect, test } from "vitest";
import { dayKey } from "../../functions/src/domain/days.ts";
import { affiliateView, createAffiliate, openLink, refs, splitClickId } from "../support/backend.ts";

const links = { promptchan: ["/tw"], cutechat: ["/ig"], creategirls: [] };
const cutechatHost = "cutechat.localhost:5050";

/** A counted click's redirect: the target, with a click id (tests/api/click-ids.test.ts) beside ref and tracker. */
function expectCountedRedirect(location: string | undefined, target: string) {
  const { target: withoutClickId, clickId } = splitClickId(location!);
  expect(withoutClickId).toBe(target);
  expect(clickId).toMatch(/^[A-Za-z0-9_-]{22}$/);
}

describe("GET /m/{uid}{suffix}", () => {
  test("counts the click and sends the visitor to the advertiser's landing page", async () => {
    const uid = await createAffiliate({ links });
    const answer = await openLink(`/m/${uid}/tw?landing=/ai-porn`, { ip: "10.0.0.1" });
    expect(answer.status).toBe(302);
    expectCountedRedirect(answer.location, `https://promptchan.ai/ai-porn?ref=${uid}&tracker=%2Ftw`);
    expect(answer.cacheControl).toBe("private, no-store");

    const shown = await affiliateView(uid);
    expect(shown.total_clicks).toBe(1);
    expect(shown.by_advertiser.promptchan.clicks).toBe(1);
    expect(shown.trackers.promptchan["/tw"]?.clicks).toBe(1);
    expect(shown.recent_days[dayKey(new Date())]?.clicks).toBe(1);
  });

  test("the plain link counts under the default tracker and lands on the home page", async () => {
    const uid = await createAffiliate({ links });
    const answer = await openLink(`/m/${uid}`, { ip: "10.0.0.2" });
    expectCountedRedirect(answer.location, `https://promptchan.ai/?ref=${uid}`);
    expect((await affiliateView(uid)).trackers.promptchan.default?.clicks).toBe(1);
  });

  test("the link domain decides the advertiser", async () => {
    const uid = await createAffiliate({ links });
    const answer = await openLink(`/m/${uid}/ig`, { host: cutechatHost, ip: "10.0.0.3" });
    expectCountedRedirect(answer.location, `https://cutechat.ai/?ref=${uid}&tracker=%2Fig`);
    const shown = await affiliateView(uid);
    expect(shown.trackers.cutechat["/ig"]?.clicks).toBe(1);
    expect(shown.by_advertiser.promptchan.clicks).toBe(0);
  });

  test("a tracker of another advertiser, an unknown tracker or uid goes to the home page and counts nothing", async () => {
    const uid = await createAffiliate({ links });
    for (const [path, host] of [
      [`/m/${uid}/ig`, undefined],
      [`/m/${uid}/tw`, cutechatHost],
      [`/m/${uid}/nope`, undefined],
      ["/m/no-such-affiliate", undefined],
    ] as const) {
      const answer = await openLink(path, { ...(host ? { host } : {}), ip: "10.0.0.4" });
      expect(answer.status).toBe(302);
      expect(answer.location).toBe(host ? "https://cutechat.ai" : "https://promptchan.ai");
    }
    expect((await affiliateView(uid)).total_clicks).toBe(0);
  });

  test("a landing page outside the catalogue is ignored", async () => {
    const uid = await createAffiliate({ links });
    const answer = await openLink(`/m/${uid}?landing=//evil.example/x`, { ip: "10.0.0.5" });
    expectCountedRedirect(answer.location, `https://promptchan.ai/?ref=${uid}`);
  });

  test("a new link counts at once, even where the redirect has this affiliate's links in memory", async () => {
    const uid = await createAffiliate({ links });
    expect((await openLink(`/m/${uid}/tw`, { ip: "10.0.0.6" })).location).toContain("tracker=%2Ftw");
    expect((await openLink(`/m/${uid}/new`, { ip: "10.0.0.6" })).location).toBe("https://promptchan.ai");
    await refs.affiliate(uid).update({ links: { ...links, promptchan: ["/tw", "/new"] } });
    expect((await openLink(`/m/${uid}/new`, { ip: "10.0.0.6" })).location).toContain("tracker=%2Fnew");
    expect((await affiliateView(uid)).total_clicks).toBe(2);
    // A deleted link stops counting within the redirect's stated staleness: tests/api/links.test.ts.
  });

  test("one visitor clicking the same link again within the hour counts once; HEAD counts nothing", async () => {
    const uid = await createAffiliate({ links });
    for (let i = 0; i < 5; i++) await openLink(`/m/${uid}/tw`, { ip: "10.0.1.1", userAgent: "same" });
    await openLink(`/m/${uid}/tw`, { ip: "10.0.1.1", userAgent: "same", method: "HEAD" });
    await openLink(`/m/${uid}/tw`, { ip: "10.0.1.2", userAgent: "same" });
    await openLink(`/m/${uid}`, { ip: "10.0.1.1", userAgent: "same" });
    const shown = await affiliateView(uid);
    expect(shown.trackers.promptchan["/tw"]?.clicks).toBe(2);
    expect(shown.total_clicks).toBe(3);
  });

  test("the visitor is the address the platform appended: what a visitor writes in the headers changes nothing", async () => {
    const uid = await createAffiliate({ links });
    // One person, one browser, writing a different address each time in X-Forwarded-For and Fastly-Client-IP:
    // one visitor, one click.
    for (let i = 1; i <= 5; i++) {
      await openLink(`/m/${uid}/tw`, {
        ip: "203.0.113.1",
        forgedForwardedFor: `198.51.100.${i}`,
        forgedFastlyClientIp: `192.0.2.${i}`,
        userAgent: "same",
      });
    }
    expect((await affiliateView(uid)).trackers.promptchan["/tw"]?.clicks).toBe(1);
    // Two people on the same browser, at two addresses the platform saw: two clicks.
    await openLink(`/m/${uid}/tw`, { ip: "203.0.113.2", forgedFastlyClientIp: "192.0.2.1", userAgent: "same" });
    expect((await affiliateView(uid)).trackers.promptchan["/tw"]?.clicks).toBe(2);
  });
});

describe("the redirect never leaves the advertiser's site", () => {
  const hostile = [
    "//evil.com",
    "/%2F%2Fevil.com",
    "/%2f%2fevil.com",
    "/\\evil.com",
    "/%5Cevil.com",
    "/..%2F..%2Fevil.com",
    "/%0d%0aLocation:%20https://evil.com",
    "/%0aSet-Cookie:x=1",
    "/@evil.com",
    "/.evil.com",
    "/tw/../../evil.com",
    "/https:%2F%2Fevil.com",
    "/%E2%80%AE",
    "/tw?landing=https://evil.com",
    "/tw?landing=//evil.com",
    "/tw?landing=%2F%2Fevil.com",
    "/tw?landing=/ai-porn%0d%0aX:1",
    "/tw?landing=/ai-porn&landing=//evil.com",
  ];

  test.each(hostile)("suffix %s", async (suffix) => {
    const uid = await createAffiliate({ links });
    for (const host of [undefined, cutechatHost, "evil.com"]) {
      const answer = await openLink(`/m/${uid}${suffix}`, { ...(host ? { host } : {}), ip: "10.9.9.9" });
      expect([301, 302, 404]).toContain(answer.status);
      if (answer.location === undefined) continue;
      const target = new URL(answer.location, "http://127.0.0.1:5050");
      expect(["https://promptchan.ai", "https://cutechat.ai", "http://127.0.0.1:5050"]).toContain(target.origin);
    }
  });
});
