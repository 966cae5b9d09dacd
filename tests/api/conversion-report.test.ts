/**
 * The conversion report (issue 18): clicks through tracking links count towards their landing page, and
 * the sign-ups and first sales the advertiser reports by click id (postbacks) follow them there; the
 * tracker's first sales are counted apart from renewals. Staff get the programme's report.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, test } from "vitest";
import { rollUpClicks } from "../../functions/src/tracking/clicks.ts";
import { siteUrl } from "../../scripts/lib/project.ts";
import { affiliateView, createAffiliate, openLink, refs, splitClickId } from "../support/backend.ts";
import { api, createAffiliateUser, createUser, type TestUser } from "../support/users.ts";

let staff: TestUser;
let token: string;

beforeAll(async () => {
  staff = await createUser({ claims: { advertiser: true } });
  // promptchan's current token (the demo data has one; the postback tests rotate only cutechat's).
  const integration = await api(staff, "GET", "/api/integration?advertiser=promptchan");
  const tokens = (integration.json as { tokens: { token: string }[] }).tokens;
  token = tokens[0]?.token ?? "";
  if (!token) {
    const rotated = await api(staff, "POST", "/api/integration/rotate_token", { advertiser: "promptchan" });
    token = (rotated.json as { tokens: { token: string }[] }).tokens[0]!.token;
  }
});

let visitor = 0;
/** A click on a promptchan link by a new visitor; answers its click id. */
async function click(path: string): Promise<string> {
  const answer = await openLink(path, { ip: `10.77.${Math.floor(++visitor / 250)}.${visitor % 250}` });
  expect(answer.status).toBe(302);
  return splitClickId(answer.location!).clickId!;
}

async function postback(params: Record<string, string>) {
  const url = new URL(`${siteUrl}/api/postback/promptchan`);
  for (const [name, value] of Object.entries({ token, transaction_id: `t-${randomUUID()}`, ...params })) {
    url.searchParams.set(name, value);
  }
  const answer = await fetch(url);
  expect(answer.status, await answer.clone().text()).toBe(200);
}

describe("an affiliate's funnels", () => {
  test("clicks, sign-ups and first sales by landing page and by tracker", async () => {
    const uid = await createAffiliate({ links: { promptchan: ["/tw"], cutechat: [], creategirls: [] } });
    const porn = [];
    for (let i = 0; i < 3; i++) porn.push(await click(`/m/${uid}/tw?landing=/ai-porn&sub1=c${i}`));
    const home = [await click(`/m/${uid}`), await click(`/m/${uid}?landing=/not-a-page`)];

    await postback({ event: "sign_up", click_id: porn[0]! });
    await postback({ event: "sale", click_id: porn[0]!, amount: "20" });
    await postback({ event: "sale", click_id: porn[0]!, amount: "20", repeat_index: "1" });
    await postback({ event: "sign_up", click_id: home[0]! });
    const shown = await affiliateView(uid);
    expect(shown.landings.promptchan).toEqual({
      "/ai-porn": { clicks: 3, sign_ups: 1, first_sales: 1 },
      // An unknown landing page sends the visitor home: counted there.
      default: { clicks: 2, sign_ups: 1, first_sales: 0 },
    });
    expect(shown.trackers.promptchan["/tw"]).toMatchObject({ clicks: 3, sign_ups: 1, sales: 2, first_sales: 1 });
    expect(shown.trackers.promptchan.default).toMatchObject({ clicks: 2, sign_ups: 1, sales: 0, first_sales: 0 });

    // Rolled up into the affiliate document, the landing figures are the same.
    await rollUpClicks(uid);
    const stored = (await refs.affiliate(uid).get()).data()!;
    expect(stored.landings.promptchan).toEqual(shown.landings.promptchan);
    expect((await refs.clickShards(uid).get()).size).toBe(0);
  });
});

describe("GET /api/conversion_report", () => {
  test("adds up the programme's landing pages and lists its best converting links", async () => {
    const before = await api(staff, "GET", "/api/conversion_report?advertiser=promptchan");
    expect(before.status).toBe(200);
    const uid = await createAffiliate({ links: { promptchan: [], cutechat: [], creategirls: [] } });
    const clicks = [];
    for (let i = 0; i < 20; i++) clicks.push(await click(`/m/${uid}?landing=/furry-ai`));
    for (const clickId of clicks.slice(0, 19)) await postback({ event: "sign_up", click_id: clickId });
    for (const clickId of clicks.slice(0, 18)) await postback({ event: "sale", click_id: clickId, amount: "10" });
    // The report reads the affiliates' documents: clicks count there once rolled up (every 5 minutes).
    await rollUpClicks(uid);

    const answer = await api(staff, "GET", "/api/conversion_report?advertiser=promptchan");
    expect(answer.status).toBe(200);
    type Row = { key: string; clicks: number; sign_ups: number; first_sales: number };
    const report = answer.json as unknown as {
      affiliates: number;
      landings: Row[];
      top_trackers: (Row & { uid: string; tracker: string })[];
      min_tracker_clicks: number;
    };
    const furry = (rows: Row[]) =>
      rows.find((row) => row.key === "/furry-ai") ?? { clicks: 0, sign_ups: 0, first_sales: 0 };
    const was = furry((before.json as unknown as { landings: Row[] }).landings);
    // Other tests may click at the same time: at least these.
    expect(furry(report.landings).clicks - was.clicks).toBeGreaterThanOrEqual(20);
    expect(furry(report.landings).sign_ups - was.sign_ups).toBeGreaterThanOrEqual(19);
    expect(furry(report.landings).first_sales - was.first_sales).toBeGreaterThanOrEqual(18);
    // 90% of clicks to a first sale: the best link in the programme.
    expect(report.top_trackers[0]).toMatchObject({
      uid,
      tracker: "default",
      clicks: 20,
      sign_ups: 19,
      first_sales: 18,
    });
    expect(report.top_trackers.every((row) => row.clicks >= report.min_tracker_clicks)).toBe(true);
  });

  test("a removed link's row becomes the affiliate's removed links', with its figures", async () => {
    const affiliate = await createAffiliateUser();
    const uid = affiliate.uid;
    const link = { uid, currentAdvertiser: "promptchan" };
    expect((await api(affiliate, "POST", "/api/add_custom_link", { ...link, suffix: "/gone" })).status).toBe(200);
    const clicks = [];
    for (let i = 0; i < 20; i++) clicks.push(await click(`/m/${uid}/gone?landing=/ai-porn`));
    for (const clickId of clicks) await postback({ event: "sale", click_id: clickId, amount: "10" });
    await rollUpClicks(uid);
    const rowsOf = async () => {
      const answer = await api(staff, "GET", "/api/conversion_report?advertiser=promptchan");
      const rows = (answer.json as unknown as { top_trackers: { uid: string; tracker: string }[] }).top_trackers;
      return rows.filter((row) => row.uid === uid);
    };
    // Every click a first sale: among the 25 best links listed, whatever else the other tests do.
    const figures = { clicks: 20, sign_ups: 0, first_sales: 20 };
    expect(await rowsOf()).toEqual([expect.objectContaining({ ...figures, tracker: "/gone", key: `${uid}:/gone` })]);

    expect((await api(affiliate, "POST", "/api/delete_custom_link", { ...link, link: "/gone" })).status).toBe(200);
    expect(await rowsOf()).toEqual([
      expect.objectContaining({ ...figures, tracker: "removed", key: `${uid}:removed` }),
    ]);
  }, 90_000);

  test("is staff's only, for a real advertiser", async () => {
    const affiliate = await createAffiliateUser();
    expect((await api(affiliate, "GET", "/api/conversion_report?advertiser=promptchan")).status).toBe(403);
    expect((await api(null, "GET", "/api/conversion_report?advertiser=promptchan")).status).toBe(401);
    const bad = await api(staff, "GET", "/api/conversion_report?advertiser=nobody");
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatch(/^advertiser: must be one of promptchan, cutechat, creategirls\./);
  });
});
