/**
 * Issue 33's daily risk review (the riskReview schedule's looks, run as the schedule runs them):
 * - refund and chargeback rates through the real ledger: sales and refunds sent as the advertiser sends them.
 *   An affiliate whose sales nearly all come back gets a case with the rule's action and the rates as
 *   evidence; one with too few sales, or none refunded, gets nothing; a second look adds nothing.
 * - traffic quality from the day documents the click roll-up keeps: mostly bots' and datacenters' clicks over
 *   the last seven days open a case; a few, or too few clicks in all, do not.
 * - sales spikes from the daily figures the ledger keeps: a day far above the affiliate's own norm opens a
 *   case; a busy affiliate's ordinary busy day does not.
 * - sign-ups no counted click could have brought, from the same daily figures: a week of sign-ups with no
 *   clicks opens a case; sign-ups with as many clicks do not.
 * - many sign-ups from one address block, counted by the ledger from signed sign-ups naming the customer's
 *   address: twelve of fourteen from one /24 open a case; nine from one, or a dozen among many others, do not;
 *   a retried or concurrent copy of a sign-up counts once.
 * - conversions faster than a person (not a daily look: timed as the postback is received): a sign-up a
 *   second after its click opens a case naming the click; one minutes after it does not.
 * Serial: it switches programme-wide rules on, which no other file may see, and puts them back after.
 */
import { Timestamp } from "firebase-admin/firestore";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { refundRateWindows } from "../../functions/src/domain/refund-rate.ts";
import type { RiskRules } from "../../functions/src/domain/risk-rules.ts";
import { programmeRateCounts } from "../../functions/src/data/refund-counts.ts";
import { dayKey, lastDays } from "../../functions/src/domain/days.ts";
import { lookAtRefundRates } from "../../functions/src/risk/refund-rate.ts";
import { lookAtSalesSpikes } from "../../functions/src/risk/sales-spike.ts";
import { lookAtAddressBlocks } from "../../functions/src/risk/address-blocks.ts";
import { lookAtClicklessSignUps } from "../../functions/src/risk/clickless-sign-ups.ts";
import { lookAtTrafficQuality } from "../../functions/src/risk/traffic-quality.ts";
import { sendEvent } from "../../scripts/lib/events-client.ts";
import { createAffiliate, refs } from "../support/backend.ts";
import {
  affiliateClicking,
  addressesIn,
  affiliateRefunded,
  affiliateSignedUpFrom,
  caseOf,
  cutechatClick,
  promptchanSettings,
  saveRiskRules,
  sendExpecting,
  signUpFrom,
  signUpPostback,
  yesterday,
  type PromptchanSettings,
} from "../support/risk.ts";
import { createUser, type TestUser } from "../support/users.ts";

let admin: TestUser;
let original: PromptchanSettings;

/** The rules these tests look under: the programme's, with the two daily families on. */
const testRules = (): RiskRules => ({
  ...original.settings.risk_rules,
  // The factor at its least (1): the programme's rate is whatever the other test files' refunds made it.
  refund_rate: { enabled: true, action: "hold_new", threshold: 1 },
  traffic_quality: { enabled: true, action: "flag", threshold: 50 },
  conversion_anomaly: { enabled: true, action: "flag", threshold: 10 },
});

beforeAll(async () => {
  admin = await createUser({ claims: { admin: true } });
  original = await promptchanSettings(admin);
  await saveRiskRules(admin, testRules());
});

afterAll(async () => {
  await saveRiskRules(admin, original.settings.risk_rules);
});

describe("the daily look at refund and chargeback rates", () => {
  test("a rate far above the programme's opens a case with the rule's action and the rates; others get none", async () => {
    const [farming, few, clean] = await Promise.all([
      affiliateRefunded(12, 12),
      affiliateRefunded(5, 5),
      affiliateRefunded(12, 0),
    ]);
    // The rule's factor is 1: the test holds while the programme refunds under all of its sales.
    for (const { days } of refundRateWindows) {
      const programme = await programmeRateCounts(days, new Date());
      expect((programme.refunds + programme.chargebacks) / programme.sales).toBeLessThan(1);
    }

    const look = await lookAtRefundRates(new Date());
    expect(look.looked).toBeGreaterThanOrEqual(2);
    const opened = await caseOf(farming);
    expect(opened?.summary).toMatchObject({ action: "hold_new", families: ["refund_rate"] });
    expect(opened?.doc.events).toHaveLength(1);
    expect(opened?.doc.events[0]!.evidence.detail).toMatch(
      /^Last 30 days: 12 of 12 sales refunded or charged back \(100%\); the programme's rate is [\d.]+%\.$/,
    );
    // 5 sales are too few to make a rate; 12 sales without a refund are not above anything.
    expect(await caseOf(few)).toBeNull();
    expect(await caseOf(clean)).toBeNull();

    // The same counts looked at again add nothing to the case.
    await lookAtRefundRates(new Date());
    expect((await caseOf(farming))?.doc.event_count).toBe(1);
  }, 120_000);

  test("with the rule off, the look reads nothing and raises nothing", async () => {
    const farming = await affiliateRefunded(12, 12);
    await saveRiskRules(admin, { ...testRules(), refund_rate: { enabled: false, action: "hold_new", threshold: 1 } });
    try {
      expect(await lookAtRefundRates(new Date())).toEqual({ looked: 0, raised: 0 });
      expect(await caseOf(farming)).toBeNull();
    } finally {
      await saveRiskRules(admin, testRules());
    }
  }, 120_000);
});

describe("the daily look at traffic quality", () => {
  test("mostly filtered clicks over the week open a case with the counts; a few, or too few clicks, do not", async () => {
    const [bought, mixed, quiet] = await Promise.all([
      affiliateClicking(10, 90),
      affiliateClicking(60, 40),
      affiliateClicking(0, 30),
    ]);
    const look = await lookAtTrafficQuality(new Date());
    expect(look.looked).toBeGreaterThanOrEqual(3);
    const opened = await caseOf(bought);
    expect(opened?.summary).toMatchObject({ action: "flag", families: ["traffic_quality"] });
    expect(opened?.doc.events[0]!.evidence.detail).toBe(
      "Last 7 days: 270 of 300 clicks filtered as automated (90%): 180 from bots, 90 from datacenters.",
    );
    // 40% filtered is under the 50% threshold; 90 clicks in all are under the 100 a share needs.
    expect(await caseOf(mixed)).toBeNull();
    expect(await caseOf(quiet)).toBeNull();
    await lookAtTrafficQuality(new Date());
    expect((await caseOf(bought))?.doc.event_count).toBe(1);
  }, 60_000);
});

/** An affiliate with `perDay` sales on each of the 28 days before yesterday and `yesterday` sales yesterday. */
async function affiliateSelling(perDay: number, yesterday: number): Promise<string> {
  const day = dayKey(new Date(Date.now() - 86_400_000));
  const figures = (sales: number) => ({ clicks: 0, sign_ups: 0, sales, earnings_cents: sales * 500 });
  const before = lastDays(new Date(Date.now() - 2 * 86_400_000), 28);
  const uid = await createAffiliate({
    recent_days: { ...Object.fromEntries(before.map((key) => [key, figures(perDay)])), [day]: figures(yesterday) },
  });
  await refs
    .days(uid)
    .doc(day)
    .set({ date: day, ...figures(yesterday), refunded_cents: 0, by_advertiser: {} });
  return uid;
}

describe("the daily look at sales spikes", () => {
  test("a day far above the affiliate's norm opens a case; an ordinary busy day does not", async () => {
    const [burst, steady] = await Promise.all([affiliateSelling(1, 25), affiliateSelling(20, 30)]);
    const look = await lookAtSalesSpikes(new Date());
    expect(look.looked).toBeGreaterThanOrEqual(2);
    const opened = await caseOf(burst);
    expect(opened?.summary).toMatchObject({ action: "flag", families: ["conversion_anomaly"] });
    expect(opened?.doc.events[0]!.evidence.detail).toBe(
      `25 sales on ${dayKey(new Date(Date.now() - 86_400_000))}, against 1 a day on average over the 28 days before.`,
    );
    expect(await caseOf(steady)).toBeNull();
    await lookAtSalesSpikes(new Date());
    expect((await caseOf(burst))?.doc.event_count).toBe(1);
  }, 60_000);
});

/** An affiliate with `signUps` sign-ups yesterday and `clicks` counted clicks over the week to it. */
async function affiliateSigningUp(signUps: number, clicks: number): Promise<string> {
  const day = dayKey(new Date(Date.now() - 86_400_000));
  const week = lastDays(new Date(Date.now() - 86_400_000), 7);
  const figures = (key: string) => ({
    clicks: key === week[0] ? clicks : 0,
    sign_ups: key === day ? signUps : 0,
    sales: 0,
    earnings_cents: 0,
  });
  const uid = await createAffiliate({ recent_days: Object.fromEntries(week.map((key) => [key, figures(key)])) });
  await refs
    .days(uid)
    .doc(day)
    .set({ date: day, ...figures(day), refunded_cents: 0, by_advertiser: {} });
  return uid;
}

describe("the daily look at sign-ups without clicks", () => {
  test("a week's sign-ups with no counted click to bring them open a case; as many clicks do not", async () => {
    const [clickless, clicked] = await Promise.all([affiliateSigningUp(9, 0), affiliateSigningUp(9, 9)]);
    const look = await lookAtClicklessSignUps(new Date());
    expect(look.looked).toBeGreaterThanOrEqual(2);
    const opened = await caseOf(clickless);
    expect(opened?.summary).toMatchObject({ action: "flag", families: ["conversion_anomaly"] });
    expect(opened?.doc.events[0]!.evidence.detail).toMatch(/^9 sign-ups in the 7 days to .+, against 0 counted clicks/);
    expect(await caseOf(clicked)).toBeNull();
    await lookAtClicklessSignUps(new Date());
    expect((await caseOf(clickless))?.doc.event_count).toBe(1);
  }, 60_000);
});

describe("the daily look at sign-ups from one address block", () => {
  test("most of a day's sign-ups from one block open a case with the counts; nine, or a dozen among many, do not", async () => {
    const [farm, under, carrier] = await Promise.all([
      // Twelve addresses of one /24, and two elsewhere (one of them IPv6).
      affiliateSignedUpFrom([...addressesIn("198.51.100", 11), "::ffff:198.51.100.200", "203.0.113.5", "2001:db8::1"]),
      affiliateSignedUpFrom(addressesIn("198.51.101", 9)),
      // A dozen behind one carrier's block among sixteen from as many other blocks.
      affiliateSignedUpFrom([
        ...addressesIn("198.51.102", 12),
        ...Array.from({ length: 16 }, (_, i) => `203.0.${i}.9`),
      ]),
    ]);

    // A retried sign-up and two concurrent copies of a new one count once each.
    await sendExpecting(farm.events[0]!, "duplicate");
    const twice = signUpFrom(farm.uid, "198.51.100.77");
    const outcomes = await Promise.all([sendEvent(twice), sendEvent(twice)]);
    expect(outcomes.map(({ body }) => body?.status).sort()).toEqual(["applied", "duplicate"]);
    const blocks = await refs.days(farm.uid).doc(yesterday()).collection("address_blocks").get();
    expect(blocks.docs.map((doc) => doc.data().sign_ups).sort((a, b) => a - b)).toEqual([1, 1, 13]);
    // Each block by its salted key only: the documents name no address.
    for (const doc of blocks.docs) {
      expect(doc.id).toMatch(/^[0-9a-f]{64}$/);
      expect(doc.data()).toEqual({
        uid: farm.uid,
        date: yesterday(),
        sign_ups: expect.any(Number),
        expire_at: Timestamp.fromDate(new Date(Date.parse(`${yesterday()}T00:00:00Z`) + 120 * 86_400_000)),
      });
    }
    expect((await refs.affiliate(farm.uid).get()).data()!.total_sign_ups).toBe(15);

    const look = await lookAtAddressBlocks(new Date());
    expect(look.looked).toBeGreaterThanOrEqual(2);
    const opened = await caseOf(farm.uid);
    expect(opened?.summary).toMatchObject({ action: "flag", families: ["conversion_anomaly"] });
    expect(opened?.doc.events[0]!.evidence.detail).toBe(
      `13 of the 15 sign-ups on ${yesterday()} came from one address block.`,
    );
    expect(await caseOf(under.uid)).toBeNull();
    expect(await caseOf(carrier.uid)).toBeNull();
    await lookAtAddressBlocks(new Date());
    expect((await caseOf(farm.uid))?.doc.event_count).toBe(1);
  }, 60_000);
});

describe("conversions faster than a person", () => {
  test("a sign-up a second after its click opens a case naming the click; one minutes after it does not", async () => {
    const links = { promptchan: [], cutechat: ["/ig"], creategirls: [] };
    const [fast, human] = await Promise.all([createAffiliate({ links }), createAffiliate({ links })]);

    const bot = await cutechatClick(fast);
    await signUpPostback(bot.id, new Date(bot.at.getTime() + 1_000));
    const opened = await caseOf(fast);
    expect(opened?.summary).toMatchObject({ action: "flag", families: ["conversion_anomaly"] });
    expect(opened?.doc.events[0]!.evidence).toMatchObject({ click_id: bot.id });
    expect(opened?.doc.events[0]!.evidence.detail).toMatch(/^A sign-up \(fast-.+\) came 1\.0 s after its click/);
    // Credited all the same: the rule flags, it does not refuse.
    expect((await refs.affiliate(fast).get()).data()!.total_sign_ups).toBe(1);

    // A person's sign-up: the click was made minutes before the postback.
    const person = await cutechatClick(human);
    await refs
      .clicks()
      .doc(person.id)
      .update({ clicked_at: new Date(person.at.getTime() - 5 * 60_000) });
    await signUpPostback(person.id);
    expect(await caseOf(human)).toBeNull();
    expect((await refs.affiliate(human).get()).data()!.total_sign_ups).toBe(1);
  });
});
