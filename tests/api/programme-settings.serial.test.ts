/**
 * Programme settings (issue 19) through the real API: admins change an advertiser's terms, each save is a
 * version with who changed what, a sale is paid at the terms in force when it happened, and bad settings
 * are refused with the field and the reason, changing nothing.
 *
 * A serial file (vitest.config.ts): it changes creategirls' terms, which every other test's sales rely on,
 * so it runs after them, alone, and puts the settings back.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { SettingsInput } from "../../functions/src/domain/programme-settings.ts";
import { transactionId } from "../../functions/src/domain/ledger.ts";
import { sendEvent } from "../../scripts/lib/events-client.ts";
import { writeRatesNotices } from "../../functions/src/groups/rates-notices.ts";
import { createAffiliate, db, refs } from "../support/backend.ts";
import { api, createUser, type TestUser } from "../support/users.ts";

interface AdvertiserView {
  advertiser: string;
  version: number;
  settings: SettingsInput;
  history: {
    version: number;
    effective_from: string;
    changed_by: { uid: string; email: string } | null;
    changes: { field: string; from: unknown; to: unknown }[];
  }[];
}

let admin: TestUser;
let staff: TestUser;
let original: AdvertiserView;

async function creategirls(caller: TestUser = admin): Promise<AdvertiserView> {
  const answer = await api(caller, "GET", "/api/programme_settings");
  expect(answer.status).toBe(200);
  const all = answer.json.advertisers as AdvertiserView[];
  expect(all.map((view) => view.advertiser)).toEqual(["promptchan", "cutechat", "creategirls"]);
  return all.find((view) => view.advertiser === "creategirls")!;
}

const save = (settings: unknown, version: number, caller: TestUser = admin, lowered_rates?: unknown) =>
  api(caller, "POST", "/api/programme_settings", { advertiser: "creategirls", version, settings, lowered_rates });

/** A UTC day `days` from today, as YYYY-MM-DD. */
const dayAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A creategirls sale of $100 for the affiliate, made at `at`: its ledger entry. */
async function saleAt(uid: string, at: Date) {
  const id = `e-${randomUUID()}`;
  const answer = await sendEvent({
    id,
    advertiser_id: "creategirls",
    type: "sale",
    uid,
    amount: "100.00",
    occurred_at: at.toISOString(),
  });
  expect(answer.status, answer.text).toBe(200);
  return (await refs.transactions(uid).doc(transactionId("creategirls", id)).get()).data()!;
}

beforeAll(async () => {
  [admin, staff] = await Promise.all([
    createUser({ claims: { admin: true } }),
    createUser({ claims: { advertiser: true } }),
  ]);
  original = await creategirls();
});

afterAll(async () => {
  // Put back what the tests changed, as a new version on top of whatever is there now.
  const now = await creategirls();
  expect((await save(original.settings, now.version)).status).toBe(200);
});

describe("programme settings", () => {
  test("an untouched programme has SPEC.md's terms; staff may see them but not change them", async () => {
    expect(original.settings).toMatchObject({
      commission_rate: 0.6,
      hold_days: 30,
      attribution_window_days: 30,
    });
    expect(Object.keys(original.settings.repeat_rates)).toHaveLength(12);
    expect(original.settings.landing_pages).toContain("");
    expect((await creategirls(staff)).settings).toEqual(original.settings);
    const refused = await save({ ...original.settings, commission_rate: 0.5 }, original.version, staff);
    expect(refused.status).toBe(403);
    expect((await creategirls()).version).toBe(original.version);
  });

  test.each<[string, Partial<SettingsInput> | Record<string, unknown>, string]>([
    ["a negative rate", { commission_rate: -0.1 }, "settings.commission_rate: must not be negative."],
    ["a rate above 100%", { commission_rate: 1.5 }, "settings.commission_rate: must be at most 1 (100%)."],
    ["a rate as text", { commission_rate: "0.5" }, "settings.commission_rate: must be a number."],
    ["a renewal rate above 100%", { repeat_rates: { "1": 1.2 } }, "settings.repeat_rates.1: must be at most 1 (100%)."],
    [
      "renewal 0",
      { repeat_rates: { "0": 0.5 } },
      'settings.repeat_rates: renewal "0" is not a renewal number from 1 to 60.',
    ],
    ["a negative hold", { hold_days: -1 }, "settings.hold_days: must be at least 0 days."],
    ["a hold in part days", { hold_days: 1.5 }, "settings.hold_days: must be a whole number of days."],
    [
      "an attribution window of 0",
      { attribution_window_days: 0 },
      "settings.attribution_window_days: must be at least 1 day.",
    ],
    [
      "a window over a year",
      { attribution_window_days: 400 },
      "settings.attribution_window_days: must be at most 365 days.",
    ],
    [
      "a link domain over http",
      { link_domain: "http://creategirls.ai" },
      "settings.link_domain: must start with https://.",
    ],
    [
      "a link domain with a path",
      { link_domain: "https://creategirls.ai/go" },
      "settings.link_domain: must be a domain only, without a path, query or login.",
    ],
    [
      "an unknown landing path",
      { landing_pages: ["", "/no-such-page"] },
      'settings.landing_pages: "/no-such-page" is not a landing page of the catalogue.',
    ],
    ["no home page", { landing_pages: ["/ai-porn"] }, "settings.landing_pages: must include the home page (Default)."],
    [
      "another advertiser's link domain",
      { link_domain: "http://cutechat.localhost:5050" },
      "settings.link_domain: http://cutechat.localhost:5050 is CuteChat's link domain already: each advertiser needs its own, or their clicks would be counted as one's.",
    ],
    [
      "another advertiser's link domain, spelt otherwise",
      { link_domain: "HTTP://CuteChat.localhost:5050/" },
      "settings.link_domain: http://cutechat.localhost:5050 is CuteChat's link domain already: each advertiser needs its own, or their clicks would be counted as one's.",
    ],
  ])("%s is refused with the field and the reason, and nothing is saved", async (_, change, error) => {
    const before = await creategirls();
    const answer = await save({ ...before.settings, ...change }, before.version);
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ error });
    const after = await creategirls();
    expect(after.version).toBe(before.version);
    expect(after.settings).toEqual(before.settings);
  });

  test("a setting the page does not know, or a missing one, is refused", async () => {
    const { link_domain: _, ...missing } = original.settings;
    expect((await save(missing, original.version)).json.error).toMatch(/^settings\.link_domain: /);
    expect((await save({ ...original.settings, payout_day: 1 }, original.version)).status).toBe(400);
  });

  test("a change is a version in force from the moment it is saved: later sales earn it, earlier ones do not", async () => {
    const [uid, dealUid] = await Promise.all([
      createAffiliate(),
      createAffiliate({ custom_terms: true, commission_rate: 0.7 }),
    ]);
    const before = await creategirls();
    const beforeSale = await saleAt(uid, new Date(Date.now() - 60_000));
    expect(beforeSale).toMatchObject({ rate: 0.6, earnings_cents: 6_000 });

    // A lower rate must say whom it reaches (promised terms): refused, naming the rate, and nothing saved.
    const unsaid = await save({ ...before.settings, commission_rate: 0.45, hold_days: 0 }, before.version);
    expect(unsaid.status).toBe(400);
    expect(unsaid.json.error).toBe(
      "lowered_rates: the settings lower the Commission rate: say whether the lower rates apply to new affiliates only (those who joined earlier keep theirs) or to everyone from a notice date.",
    );
    expect((await creategirls()).version).toBe(before.version);

    const savedAt = Date.now();
    const answer = await save({ ...before.settings, commission_rate: 0.45, hold_days: 0 }, before.version, admin, {
      applies_to: "new_affiliates",
    });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({
      version: before.version + 1,
      changed: true,
      message: `Saved as version ${before.version + 1}: in force from now for affiliates who join from now; those who joined earlier keep their rates.`,
    });
    const newcomer = await createAffiliate();

    // A sale made after the change: the affiliate who joined before keeps their rate; one who joined after
    // earns the new one. The hold (not a rate) is the new one for both: with none, payable at once.
    const after = await saleAt(uid, new Date(Date.now() + 1_000));
    expect(after).toMatchObject({ rate: 0.6, earnings_cents: 6_000 });
    expect(after.matures_on! <= new Date().toISOString().slice(0, 10)).toBe(true);
    expect(await saleAt(newcomer, new Date(Date.now() + 1_000))).toMatchObject({ rate: 0.45, earnings_cents: 4_500 });
    // A sale that happened before the change, reported only now, earns the terms it was made under.
    const late = await saleAt(uid, new Date(savedAt - 5 * 60_000));
    expect(late).toMatchObject({ rate: 0.6, earnings_cents: 6_000 });
    // The sale recorded before the change is as it was.
    expect((await refs.transactions(uid).doc(transactionId("creategirls", beforeSale.event_id)).get()).data()).toEqual(
      beforeSale,
    );
    // An affiliate on an individual deal keeps their own rate.
    expect(await saleAt(dealUid, new Date(Date.now() + 1_000))).toMatchObject({ rate: 0.7, earnings_cents: 7_000 });

    const affiliate = (await refs.affiliate(uid).get()).data()!;
    expect(affiliate.total_earnings_cents).toBe(6_000 * 3);

    // The history says who changed what, from what to what, when, and whom the lower rate reaches.
    const view = await creategirls();
    expect(view.version).toBe(before.version + 1);
    expect(view.settings).toMatchObject({ commission_rate: 0.45, hold_days: 0 });
    const newest = view.history[0]!;
    expect(newest).toMatchObject({
      version: before.version + 1,
      changed_by: { uid: admin.uid, email: admin.email },
      changes: [
        { field: "commission_rate", from: 0.6, to: 0.45 },
        { field: "hold_days", from: 30, to: 0 },
      ],
      lowered_rates: { applies_to: "new_affiliates" },
    });
    expect(Date.parse(newest.effective_from)).toBeGreaterThanOrEqual(savedAt - 5_000);
    expect(view.history.at(-1)).toMatchObject({ version: 0, changed_by: null, settings: original.settings });
  });

  test("apply to everyone: a notice too short is refused; those who joined earlier keep their rates until the date and are e-mailed once", async () => {
    const before = await creategirls();
    // Back to 60% first (a raise: no question asked), so this test's affiliate joins on 60%.
    const raised = await save({ ...before.settings, commission_rate: 0.6 }, before.version);
    expect(raised.status).toBe(200);
    const earlier = await createAffiliate();
    const current = await creategirls();
    const lower = { ...current.settings, commission_rate: 0.5 };

    const soon = await save(lower, current.version, admin, { applies_to: "everyone", notice_date: dayAhead(13) });
    expect(soon).toMatchObject({
      status: 400,
      json: {
        error:
          "lowered_rates.notice_date: must be 14 to 365 days from today, so affiliates hear of the lower rates first.",
      },
    });
    const noDate = await save(lower, current.version, admin, { applies_to: "everyone" });
    expect(noDate.status).toBe(400);
    expect(noDate.json.error).toMatch(/^lowered_rates\.notice_date: /);
    expect((await creategirls()).version).toBe(current.version);

    const noticeDate = dayAhead(20);
    const saved = await save(lower, current.version, admin, { applies_to: "everyone", notice_date: noticeDate });
    expect(saved.status).toBe(200);
    expect(saved.json.message).toMatch(
      /those who joined earlier keep their rates until \d{1,2} \w+ \d{4}, and are e-mailed about it within a day\.$/,
    );
    const newcomer = await createAffiliate();
    expect(await saleAt(earlier, new Date(Date.now() + 1_000))).toMatchObject({ rate: 0.6 });
    expect(await saleAt(newcomer, new Date(Date.now() + 1_000))).toMatchObject({ rate: 0.5 });

    // The daily run e-mails those whose rate drops on the date (not the newcomer), once: a second run writes none.
    const first = await writeRatesNotices(new Date(), "https://affiliates.example");
    expect(first.changes).toBe(1);
    expect(first.mailed).toBeGreaterThanOrEqual(1);
    const mail = (
      await db()
        .collection("mail")
        .doc(`rates-lowered-creategirls-${current.version + 1}-${earlier}`)
        .get()
    ).data();
    expect(mail).toMatchObject({ cause: "rates_lowered", uid: earlier });
    expect(mail!.message.subject).toMatch(/^Your CreateGirls commission rates change on \d{1,2} \w+ \d{4}$/);
    expect(mail!.message.text).toContain("- First sale: 60% → 50%");
    expect(mail!.message.text).toContain("https://affiliates.example/dashboard");
    expect((await db().collection("mail").where("uid", "==", newcomer).get()).size).toBe(0);
    expect(await writeRatesNotices(new Date(), "https://affiliates.example")).toEqual({ changes: 0, mailed: 0 });

    // The history, for signed-in readers, has the change with its notice date.
    const history = (await refs.rateHistory("creategirls").get()).data()!.changes;
    expect(history.at(-1)).toMatchObject({
      version: current.version + 1,
      commission_rate: 0.5,
      everyone_from: new Date(`${noticeDate}T00:00:00Z`),
    });
    expect(history.at(-1)!.notified_at).toBeInstanceOf(Date);
  }, 180_000);

  test("a save on top of a version someone else saved since is refused, and saving the same is no change", async () => {
    const current = await creategirls();
    const stale = await save({ ...current.settings, commission_rate: 0.3 }, current.version - 1);
    expect(stale.status).toBe(409);
    expect(stale.json.error).toMatch(/^The settings were changed since you loaded them/);
    const same = await save(current.settings, current.version);
    expect(same.json).toMatchObject({ version: current.version, changed: false, message: "Nothing changed." });
    const after = await creategirls();
    expect(after.version).toBe(current.version);
    expect(after.settings).toEqual(current.settings);
  });

  test("renewal rates are replaced whole: a renewal taken out earns nothing", async () => {
    const current = await creategirls();
    const answer = await save({ ...current.settings, repeat_rates: { "1": 0.25 } }, current.version, admin, {
      applies_to: "new_affiliates",
    });
    expect(answer.status).toBe(200);
    expect((await creategirls()).settings.repeat_rates).toEqual({ "1": 0.25 });
    const uid = await createAffiliate();
    const second = await sendEvent({
      id: `e-${randomUUID()}`,
      advertiser_id: "creategirls",
      type: "sale",
      uid,
      amount: "100.00",
      repeat_index: 2,
      occurred_at: new Date(Date.now() + 1_000).toISOString(),
    });
    expect(second.status).toBe(200);
    expect((await refs.affiliate(uid).get()).data()!.total_earnings_cents).toBe(0);
  });
});
