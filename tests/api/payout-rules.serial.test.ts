/**
 * The payout rules as programme settings (issue 19): the minimum payout and the days between payouts are
 * set with the default advertiser's settings, for the whole programme (an affiliate has one balance across
 * the advertisers), and every place that judges a payout uses them from the moment they are saved: the
 * affiliate's request, staff's issued payouts, the recorded payout and the summary row.
 *
 * A serial file (vitest.config.ts): it changes the programme's rules, which every other payout test relies
 * on, so it runs after them, alone, and puts the settings back.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { SettingsInput } from "../../functions/src/domain/programme-settings.ts";
import { refs, sendMaturedSale } from "../support/backend.ts";
import { payoutForm } from "../support/payout-details.ts";
import { api, createAffiliateUser, createUser, type TestUser } from "../support/users.ts";

interface AdvertiserView {
  advertiser: string;
  version: number;
  settings: SettingsInput;
}

const day = 86_400_000;
const form = payoutForm({ name: "Rui Rules", paypalEmail: "rui@wise.example", invoiceEmail: "rui@invoices.example" });

let admin: TestUser;
let staff: TestUser;
let original: Record<string, AdvertiserView>;

async function settingsOf(advertiser: string): Promise<AdvertiserView> {
  const answer = await api(admin, "GET", "/api/programme_settings");
  expect(answer.status).toBe(200);
  return (answer.json.advertisers as AdvertiserView[]).find((view) => view.advertiser === advertiser)!;
}

/** Saves the advertiser's settings with `change` on top of the version in force. */
async function change(advertiser: string, settings: Partial<SettingsInput>) {
  const current = await settingsOf(advertiser);
  const answer = await api(admin, "POST", "/api/programme_settings", {
    advertiser,
    version: current.version,
    settings: { ...current.settings, ...settings },
  });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return answer;
}

/** An affiliate with `amount` dollars of matured sales (60% of it payable) and complete details. */
async function affiliateWithSales(amount: string): Promise<TestUser> {
  const user = await createAffiliateUser();
  expect((await sendMaturedSale(user.uid, amount)).status).toBe(200);
  expect((await api(user, "POST", "/api/update_paypal_account", form)).status).toBe(200);
  return user;
}

const summaryRowOf = async (uid: string) => {
  const rows = (await api(staff, "GET", "/api/summary")).json as unknown as Record<string, unknown>[];
  return rows.find((row) => row.user_id === uid)!;
};

beforeAll(async () => {
  [admin, staff] = await Promise.all([
    createUser({ claims: { admin: true } }),
    createUser({ claims: { advertiser: true } }),
  ]);
  original = {
    promptchan: await settingsOf("promptchan"),
    cutechat: await settingsOf("cutechat"),
  };
});

afterAll(async () => {
  for (const [advertiser, view] of Object.entries(original)) await change(advertiser, view.settings);
});

describe("the payout rules are programme settings", () => {
  test("an untouched programme has SPEC.md's rules, in dollars at the API", () => {
    expect(original.promptchan!.settings).toMatchObject({ minimum_payout: 200, payout_interval_days: 30 });
  });

  test.each<[string, Record<string, unknown>, string]>([
    ["a minimum below $0", { minimum_payout: -5 }, "settings.minimum_payout: must not be below $0."],
    ["a minimum in part cents", { minimum_payout: 150.005 }, "settings.minimum_payout: must be in whole cents."],
    ["a minimum as text", { minimum_payout: "150" }, "settings.minimum_payout: must be an amount in dollars."],
    ["a minimum in cents", { minimum_payout_cents: 15_000 }, 'settings: Unrecognized key: "minimum_payout_cents"'],
    ["negative days", { payout_interval_days: -1 }, "settings.payout_interval_days: must be at least 0 days."],
    ["part days", { payout_interval_days: 0.5 }, "settings.payout_interval_days: must be a whole number of days."],
  ])("%s is refused with the field and the reason, and nothing is saved", async (_, bad, error) => {
    const before = await settingsOf("promptchan");
    const answer = await api(admin, "POST", "/api/programme_settings", {
      advertiser: "promptchan",
      version: before.version,
      settings: { ...before.settings, ...bad },
    });
    expect(answer).toMatchObject({ status: 400, json: { error } });
    expect(await settingsOf("promptchan")).toEqual(before);
  });

  test("a lower minimum and fewer days between payouts apply to the next request, issue and record", async () => {
    // $150 payable, and an affiliate paid 20 days ago with $240 payable: both refused under SPEC.md's rules.
    const [small, recent] = await Promise.all([affiliateWithSales("250"), affiliateWithSales("400")]);
    await refs.affiliate(recent.uid).update({ last_payout: new Date(Date.now() - 20 * day) });
    expect(await api(small, "POST", "/api/request_payout", form)).toMatchObject({
      status: 409,
      json: { error: "Minimum payout is $200. Your current available balance is less than the required amount." },
    });
    expect(await api(recent, "POST", "/api/request_payout", form)).toMatchObject({
      status: 409,
      json: { error: "You have already recieved a payout in the last 30 days." },
    });
    const issued = await api(staff, "POST", "/api/issue_payouts", { user_ids: [small.uid] });
    expect(issued.json.items).toEqual([expect.objectContaining({ reason: "Less than $200 is payable." })]);
    expect(await summaryRowOf(recent.uid)).toMatchObject({
      payout_ready: false,
      next_payout_at: expect.any(String),
    });

    // Another advertiser's minimum is not the programme's: it changes nothing.
    await change("cutechat", { minimum_payout: 50 });
    expect((await api(small, "POST", "/api/request_payout", form)).status).toBe(409);

    const saved = await change("promptchan", { minimum_payout: 100, payout_interval_days: 14 });
    expect(saved.json).toMatchObject({ changed: true });
    const history = (await api(admin, "GET", "/api/programme_settings")).json.advertisers as {
      advertiser: string;
      history: { changes: unknown[] }[];
    }[];
    expect(history.find((view) => view.advertiser === "promptchan")!.history[0]!.changes).toEqual([
      { field: "minimum_payout", from: 200, to: 100 },
      { field: "payout_interval_days", from: 30, to: 14 },
    ]);

    expect(await summaryRowOf(small.uid)).toMatchObject({ payable: 150, payout_ready: true });
    expect(await summaryRowOf(recent.uid)).toMatchObject({ payout_ready: true, next_payout_at: null });
    const requested = await api(small, "POST", "/api/request_payout", form);
    expect(requested.status, JSON.stringify(requested.json)).toBe(200);
    expect((await refs.affiliate(small.uid).get()).data()!.latest_invoice!.amount_cents).toBe(15_000);
    const issuedNow = await api(staff, "POST", "/api/issue_payouts", { user_ids: [recent.uid] });
    expect(issuedNow.json.items).toEqual([expect.objectContaining({ status: "issued", amount: 240 })]);

    // Recording waits out the programme's 14 days, not 30: a payout 10 days ago still blocks it.
    const lastPayout = new Date(Date.now() - 10 * day);
    await refs.affiliate(recent.uid).update({ last_payout: lastPayout });
    expect(await summaryRowOf(recent.uid)).toMatchObject({
      next_payout_at: new Date(lastPayout.getTime() + 14 * day + 1).toISOString(),
    });
    const refused = await api(staff, "POST", "/api/record_payout", { user_id: recent.uid, payout_amount: 240 });
    expect(refused).toMatchObject({
      status: 409,
      json: {
        error: `This affiliate was already paid in the last 14 days (last payout ${lastPayout.toISOString().slice(0, 16).replace("T", " ")} UTC): a payout can be recorded only once more than 14 days have passed.`,
      },
    });
    await refs.affiliate(recent.uid).update({ last_payout: new Date(Date.now() - 15 * day) });
    const recorded = await api(staff, "POST", "/api/record_payout", { user_id: recent.uid, payout_amount: 240 });
    expect(recorded.status, JSON.stringify(recorded.json)).toBe(200);

    // A higher minimum than SPEC.md's is said in the affiliate's refusal with its own amount.
    await change("promptchan", { minimum_payout: 500.5 });
    const higher = await affiliateWithSales("500");
    expect(await api(higher, "POST", "/api/request_payout", form)).toMatchObject({
      status: 409,
      json: { error: "Minimum payout is $500.50. Your current available balance is less than the required amount." },
    });
  });
});
