import { describe, expect, test } from "vitest";
import { sendEvent } from "../../scripts/lib/events-client.ts";
import { knownLinksMs } from "../../functions/src/data/known-links.ts";
import { affiliateView, openLink, refs, saleEvent } from "../support/backend.ts";
import { api, createAffiliateUser, createUser } from "../support/users.ts";

const add = (user: { uid: string; token: string }, suffix: string, currentAdvertiser = "promptchan", uid = user.uid) =>
  api(user, "POST", "/api/add_custom_link", { uid, suffix, currentAdvertiser });
const remove = (user: { uid: string; token: string }, link: string, currentAdvertiser = "promptchan", uid = user.uid) =>
  api(user, "POST", "/api/delete_custom_link", { uid, link, currentAdvertiser });

describe("POST /api/add_custom_link and /api/delete_custom_link", () => {
  test("a tracker is normalised on add and kept per advertiser", async () => {
    const user = await createAffiliateUser();
    expect(await add(user, "Tw!24")).toMatchObject({
      status: 200,
      json: { advertiser: "promptchan", links: ["/tw24"] },
    });
    expect(await add(user, "ig", "cutechat")).toMatchObject({ status: 200, json: { links: ["/ig"] } });
    // An absent advertiser means the default one, as the original front-end sends it.
    expect(await api(user, "POST", "/api/add_custom_link", { uid: user.uid, suffix: "yt" })).toMatchObject({
      json: { advertiser: "promptchan", links: ["/tw24", "/yt"] },
    });
    expect((await refs.affiliate(user.uid).get()).data()?.links).toEqual({
      promptchan: ["/tw24", "/yt"],
      cutechat: ["/ig"],
      creategirls: [],
    });
  });

  test("duplicates, empty trackers and the 21st link are refused", async () => {
    const user = await createAffiliateUser();
    await add(user, "tw");
    expect(await add(user, "/TW")).toMatchObject({ status: 409, json: { error: "You already have the tracker /tw." } });
    expect(await add(user, "!!!")).toMatchObject({
      status: 400,
      json: { error: "A tracker needs at least one letter or digit." },
    });
    for (let i = 1; i < 20; i++) expect((await add(user, `t${i}`)).status).toBe(200);
    expect(await add(user, "t20")).toMatchObject({
      status: 409,
      json: { error: "You can have at most 20 trackers per advertiser." },
    });
    expect((await refs.affiliate(user.uid).get()).data()?.links.promptchan).toHaveLength(20);
  });

  test("a link counts clicks as soon as it is added, and stops within the redirect's stated staleness once deleted", async () => {
    const user = await createAffiliateUser();
    await add(user, "new");
    expect((await openLink(`/m/${user.uid}/new`, { ip: "10.8.0.1" })).location).toContain("tracker=%2Fnew");
    expect(await remove(user, "/new")).toMatchObject({ status: 200, json: { links: [] } });
    // The redirect remembers a link it counted for at most knownLinksMs (data/known-links.ts): clicks go on
    // counting until then, and stop by then. Each try is a new visitor; they are paced, and bounded.
    const deadline = Date.now() + knownLinksMs + 15_000;
    let counted = 1;
    for (let visitor = 2; ; visitor++) {
      const { location } = await openLink(`/m/${user.uid}/new`, {
        ip: `10.8.${Math.floor(visitor / 250)}.${visitor % 250}`,
      });
      if (location === "https://promptchan.ai") break;
      expect(location).toContain("tracker=%2Fnew");
      counted++;
      expect(Date.now(), "the deleted link still counts past the stated staleness").toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    // Every click counted while the link was live, or still remembered, stays counted: under the removed trackers.
    const shown = (await affiliateView(user.uid)).trackers.promptchan;
    expect(shown["/new"]).toBeUndefined();
    expect(shown.removed?.clicks).toBe(counted);
    expect(await remove(user, "/new")).toMatchObject({ status: 404, json: { error: "You have no tracker /new." } });
  }, 90_000);

  test("deleting a link moves its figures to the removed trackers; added again, it starts from nothing", async () => {
    const user = await createAffiliateUser();
    await add(user, "tw");
    await add(user, "ig");
    const sale = (tracker: string) => sendEvent({ ...saleEvent(user.uid, "10.00"), tracker });
    await sale("/tw");
    await sale("/tw");
    await sale("/ig");
    await remove(user, "/tw");
    let stored = (await refs.affiliate(user.uid).get()).data()!;
    expect(stored.trackers.promptchan).toEqual({
      "/ig": { earnings_cents: 600, sales: 1, first_sales: 1, sign_ups: 0, clicks: 0 },
      removed: { earnings_cents: 1_200, sales: 2, first_sales: 2, sign_ups: 0, clicks: 0 },
    });
    // A sale that still names the removed tracker counts towards the default link.
    await sale("/tw");
    await add(user, "tw");
    await remove(user, "/ig");
    stored = (await refs.affiliate(user.uid).get()).data()!;
    expect(stored.trackers.promptchan).toEqual({
      default: { earnings_cents: 600, sales: 1, first_sales: 1, sign_ups: 0, clicks: 0 },
      removed: { earnings_cents: 1_800, sales: 3, first_sales: 3, sign_ups: 0, clicks: 0 },
    });
    expect(stored).toMatchObject({ total_sales: 4, total_earnings_cents: 2_400 });
  });

  test("only the owner or the admin may change an affiliate's links", async () => {
    const owner = await createAffiliateUser();
    const other = await createAffiliateUser();
    const staff = await createUser({ claims: { advertiser: true } });
    const admin = await createUser({ claims: { admin: true } });
    await add(owner, "tw");
    for (const caller of [other, staff]) {
      expect(await add(caller, "evil", "promptchan", owner.uid)).toMatchObject({
        status: 403,
        json: { error: "You can only change your own links." },
      });
      expect((await remove(caller, "/tw", "promptchan", owner.uid)).status).toBe(403);
    }
    expect((await add(admin, "adm", "promptchan", owner.uid)).status).toBe(200);
    expect((await refs.affiliate(owner.uid).get()).data()?.links.promptchan).toEqual(["/tw", "/adm"]);
  });

  test("a suspended affiliate cannot add links", async () => {
    const user = await createAffiliateUser();
    await refs.affiliate(user.uid).update({ fraud_user: true });
    expect(await add(user, "tw")).toMatchObject({
      status: 403,
      json: { error: "Your account has been permanantly suspended due to fraudulent activity." },
    });
  });
});
