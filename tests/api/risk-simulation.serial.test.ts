/**
 * Issue 33's "simulate before switching on" (POST /api/simulate_risk_rule) on the real emulators: for each
 * family, fixtures the candidate rule catches and fixtures it must not, with the money
 * it would have held; and the simulation equals what the rule then does: the rule is saved through
 * POST /api/programme_settings and the daily review run as the schedule runs it (or, for a shared payout
 * destination, the save path that raised its signals), and the fixtures whose cases open are exactly those
 * simulated. Assertions are scoped to this file's own fixtures: the simulation sees every affiliate stored.
 * Serial: it switches programme-wide rules on, which no other file may see, and puts them back after.
 */
import { createHash, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { dayKey, daysAfter, lastDays } from "../../functions/src/domain/days.ts";
import type { RiskFamily, RiskRules } from "../../functions/src/domain/risk-rules.ts";
import { maxSimulationCandidateReads } from "../../functions/src/domain/risk-simulation.ts";
import { lookAtRefundRates } from "../../functions/src/risk/refund-rate.ts";
import { lookAtSalesSpikes } from "../../functions/src/risk/sales-spike.ts";
import { lookAtAddressBlocks } from "../../functions/src/risk/address-blocks.ts";
import { lookAtTrafficQuality } from "../../functions/src/risk/traffic-quality.ts";
import { sendEvent } from "../../scripts/lib/events-client.ts";
import { createAffiliate, db, refs, saleEvent } from "../support/backend.ts";
import { payoutForm } from "../support/payout-details.ts";
import {
  addressesIn,
  affiliateClicking,
  affiliateRefunded,
  affiliateSignedUpFrom,
  caseOf,
  cutechatClick,
  dashboardFrom,
  freshDevice,
  promptchanSettings,
  saveRiskRules,
  signUpPostback,
  yesterday,
  type PromptchanSettings,
} from "../support/risk.ts";
import { api, createAffiliateUser, createUser, type TestUser } from "../support/users.ts";

interface Simulated {
  user_id: string;
  name: string;
  email: string;
  since: string;
  evidence: string;
  amount: number;
}

interface Simulation {
  family: RiskFamily;
  window_days: number;
  from: string;
  to: string;
  affiliates: Simulated[];
  count: number;
  total: number;
  cut: boolean;
  note: string | null;
}

let admin: TestUser;
let staff: TestUser;
let original: PromptchanSettings;

/** The programme's rules with every daily family off: each test switches on the one it simulated. */
const rulesOff = (): RiskRules => ({
  ...original.settings.risk_rules,
  shared_destination: { enabled: true, action: "flag" },
  refund_rate: { ...original.settings.risk_rules.refund_rate, enabled: false },
  traffic_quality: { ...original.settings.risk_rules.traffic_quality, enabled: false },
  conversion_anomaly: { ...original.settings.risk_rules.conversion_anomaly, enabled: false },
});

/** Switches one family's rule on as simulated. */
const switchOn = (family: RiskFamily, rule: { action: string; threshold?: number }) =>
  saveRiskRules(admin, { ...rulesOff(), [family]: { enabled: true, ...rule } } as RiskRules);

beforeAll(async () => {
  [admin, staff] = await Promise.all([
    createUser({ claims: { admin: true } }),
    createUser({ claims: { advertiser: true } }),
  ]);
  original = await promptchanSettings(admin);
  await saveRiskRules(admin, rulesOff());
});

afterAll(async () => {
  await saveRiskRules(admin, original.settings.risk_rules);
});

async function simulate(body: Record<string, unknown>, caller: TestUser = staff): Promise<Simulation> {
  const answer = await api(caller, "POST", "/api/simulate_risk_rule", body);
  expect(answer.status, answer.json.error).toBe(200);
  return answer.json as unknown as Simulation;
}

/** The simulation's rows for the fixtures, by uid (other files' affiliates are in the answer too). */
const rowsOf = (simulation: Simulation, fixtures: readonly string[]): Map<string, Simulated> =>
  new Map(simulation.affiliates.filter((row) => fixtures.includes(row.user_id)).map((row) => [row.user_id, row]));

/** The fixtures with an open case of the family, sorted. */
async function caughtBy(family: RiskFamily, fixtures: readonly string[]): Promise<string[]> {
  const cases = await Promise.all(fixtures.map(async (uid) => [uid, await caseOf(uid)] as const));
  return cases
    .filter(([, found]) => found?.doc.status === "open" && found.doc.families.includes(family))
    .map(([uid]) => uid)
    .sort();
}

const today = () => dayKey(new Date());
const daysAgo = (days: number) => daysAfter(new Date(), -days);

describe("refund and chargeback rates", () => {
  test("a rate far above the programme's is caught with its sales' commission; the simulation is what the review then does", async () => {
    const [farming, few, clean] = await Promise.all([
      affiliateRefunded(12, 12),
      affiliateRefunded(5, 5),
      affiliateRefunded(12, 0),
    ]);
    const fixtures = [farming, few, clean];
    // The factor at its least (1): the programme's rate is whatever the other files' refunds made it.
    const rule = { action: "hold_new", threshold: 1 };
    const simulation = await simulate({ family: "refund_rate", ...rule });
    expect(simulation).toMatchObject({ family: "refund_rate", window_days: 90, from: daysAgo(89), to: today() });
    const rows = rowsOf(simulation, fixtures);
    expect([...rows.keys()]).toEqual([farming]);
    // Counted from the start of the 30-day window the rate is above the line in: all 12 sales' commission.
    expect(rows.get(farming)).toMatchObject({ since: daysAgo(30), amount: 144, email: `${farming}@test.example` });
    expect(rows.get(farming)!.evidence).toMatch(/^Last 30 days: 12 of 12 sales refunded or charged back \(100%\)/);
    expect(simulation.total).toBeGreaterThanOrEqual(144);
    // A simulation writes nothing: no case yet.
    expect(await caseOf(farming)).toBeNull();

    await switchOn("refund_rate", rule);
    await lookAtRefundRates(new Date());
    expect(await caughtBy("refund_rate", fixtures)).toEqual([...rows.keys()].sort());
    expect((await caseOf(farming))!.doc.events[0]!.evidence.detail).toBe(rows.get(farming)!.evidence);
    expect((await caseOf(farming))!.summary.action).toBe("hold_new");
  }, 120_000);
});

describe("traffic quality", () => {
  test("mostly filtered clicks are caught from the first day the week went over; the simulation is what the review then does", async () => {
    const [bought, mixed, quiet] = await Promise.all([
      affiliateClicking(10, 90, { total_earnings_cents: 5_000 }),
      affiliateClicking(60, 40),
      affiliateClicking(0, 30),
    ]);
    const fixtures = [bought, mixed, quiet];
    const flagged = await simulate({ family: "traffic_quality", action: "flag", threshold: 50 });
    const rows = rowsOf(flagged, fixtures);
    expect([...rows.keys()]).toEqual([bought]);
    // Two days ago the week already held 100 clicks, 90 of them filtered: the review would have fired then.
    expect(rows.get(bought)).toEqual({
      user_id: bought,
      name: "Test Affiliate",
      email: `${bought}@test.example`,
      since: daysAgo(2),
      evidence: "Last 7 days: 90 of 100 clicks filtered as automated (90%): 60 from bots, 30 from datacenters.",
      amount: 0,
    });
    // Everything the affiliate is owed ($50) under hold_all; a higher threshold catches none of them.
    expect(
      rowsOf(await simulate({ family: "traffic_quality", action: "hold_all", threshold: 50 }), fixtures).get(bought),
    ).toMatchObject({ amount: 50 });
    expect(rowsOf(await simulate({ family: "traffic_quality", action: "flag", threshold: 95 }), fixtures).size).toBe(0);

    await switchOn("traffic_quality", { action: "flag", threshold: 50 });
    await lookAtTrafficQuality(new Date());
    expect(await caughtBy("traffic_quality", fixtures)).toEqual([...rows.keys()].sort());
  }, 60_000);
});

describe("sales spikes", () => {
  const figures = (sales: number, earnings = sales * 500) => ({
    clicks: 0,
    sign_ups: 0,
    sales,
    earnings_cents: earnings,
  });

  /**
   * An affiliate selling since well before the window's first norm: `perDay` sales ($5 each) a day for the 119
   * days before today, except `spikes` sales `spikeAgo` days ago, and `todays` sales ($6 each) today, in their
   * day documents and, for the newest 95 days, in the figures their document keeps.
   */
  async function affiliateSelling(perDay: number, spikeAgo: number, spikes: number, todays = 0): Promise<string> {
    const spikeDay = daysAgo(spikeAgo);
    const history = lastDays(new Date(), 120).map((day): [string, ReturnType<typeof figures>] => [
      day,
      day === today() ? figures(todays, todays * 600) : figures(day === spikeDay ? spikes : perDay),
    ]);
    const uid = await createAffiliate({ recent_days: Object.fromEntries(history.slice(-95)) });
    const batch = db().batch();
    for (const [date, day] of history) {
      batch.set(refs.days(uid).doc(date), { date, ...day, refunded_cents: 0, by_advertiser: {} });
    }
    await batch.commit();
    return uid;
  }

  test("a day far above the norm is caught with the commission since; the simulation is what the review then does", async () => {
    const [burst, steady, old] = await Promise.all([
      affiliateSelling(1, 1, 25, 2),
      affiliateSelling(20, 1, 30),
      affiliateSelling(1, 40, 25),
    ]);
    const simulation = await simulate({ family: "conversion_anomaly", action: "hold_new", threshold: 10 });
    const rows = rowsOf(simulation, [burst, steady, old]);
    expect([...rows.keys()].sort()).toEqual([burst, old].sort());
    // Yesterday's burst fires in today's review: today's two sales ($12) would be held.
    expect(rows.get(burst)).toMatchObject({
      since: today(),
      amount: 12,
      evidence: `25 sales on ${daysAgo(1)}, against 1 a day on average over the 28 days before.`,
    });
    // The burst of 40 days ago fired the day after it: the 39 days of $5 since.
    expect(rows.get(old)).toMatchObject({ since: daysAgo(39), amount: 195 });
    expect(await caseOf(burst)).toBeNull();

    await switchOn("conversion_anomaly", { action: "hold_new", threshold: 10 });
    await lookAtSalesSpikes(new Date());
    // Today's review catches what the simulation says fires today; the old burst was caught 39 days ago.
    const firingToday = [...rows.values()].filter((row) => row.since === today()).map((row) => row.user_id);
    expect(await caughtBy("conversion_anomaly", [burst, steady, old])).toEqual(firingToday.sort());
    expect((await caseOf(burst))!.doc.events[0]!.evidence.detail).toBe(rows.get(burst)!.evidence);
  }, 60_000);
});

describe("sign-ups from one address block", () => {
  test("most of yesterday's sign-ups from one block are caught today; the simulation is what the review then does", async () => {
    const [farm, under] = await Promise.all([
      affiliateSignedUpFrom([...addressesIn("198.51.110", 10), "203.0.113.8"]),
      affiliateSignedUpFrom([...addressesIn("198.51.111", 9), ...addressesIn("198.51.112", 9)]),
    ]);
    const fixtures = [farm.uid, under.uid];
    const simulation = await simulate({ family: "conversion_anomaly", action: "flag", threshold: 10 });
    const rows = rowsOf(simulation, fixtures);
    expect([...rows.keys()]).toEqual([farm.uid]);
    expect(rows.get(farm.uid)).toMatchObject({
      since: today(),
      amount: 0,
      evidence: `10 of the 11 sign-ups on ${yesterday()} came from one address block.`,
    });
    expect(await caseOf(farm.uid)).toBeNull();

    await switchOn("conversion_anomaly", { action: "flag", threshold: 10 });
    await lookAtAddressBlocks(new Date());
    expect(await caughtBy("conversion_anomaly", fixtures)).toEqual([...rows.keys()]);
    expect((await caseOf(farm.uid))!.doc.events[0]!.evidence.detail).toBe(rows.get(farm.uid)!.evidence);
  }, 60_000);
});

describe("conversions faster than a person", () => {
  test("a postback's sign-up a second after its click is listed, a person's is not: what the rule did when it was on", async () => {
    await switchOn("conversion_anomaly", { action: "flag", threshold: 10 });
    const links = { promptchan: [], cutechat: ["/ig"], creategirls: [] };
    const [fast, human] = await Promise.all([createAffiliate({ links }), createAffiliate({ links })]);
    const fixtures = [fast, human];
    const bot = await cutechatClick(fast);
    await signUpPostback(bot.id, new Date(bot.at.getTime() + 1_000));
    // A person's: the click was made minutes before; the postback names the customer's address.
    const person = await cutechatClick(human);
    await refs
      .clicks()
      .doc(person.id)
      .update({ clicked_at: new Date(person.at.getTime() - 5 * 60_000) });
    await signUpPostback(person.id, undefined, { customer_ip: "198.51.120.4" });
    expect(await caughtBy("conversion_anomaly", fixtures)).toEqual([fast]);

    const simulation = await simulate({ family: "conversion_anomaly", action: "hold_new", threshold: 10 });
    const rows = rowsOf(simulation, fixtures);
    expect([...rows.keys()]).toEqual([fast]);
    expect(rows.get(fast)).toMatchObject({
      since: today(),
      amount: 0,
      evidence: (await caseOf(fast))!.doc.events[0]!.evidence.detail,
    });
    expect(rows.get(fast)!.evidence).toMatch(/^A sign-up \(fast-.+\) came 1\.0 s after its click/);

    // A postback's sign-up naming the customer's address counts in its block, as a signed event's does.
    const blocks = await refs.days(human).doc(today()).collection("address_blocks").get();
    expect(blocks.docs.map((doc) => doc.data().sign_ups)).toEqual([1]);
  }, 60_000);
});

describe("a shared payout destination", () => {
  test("the affiliates sharing one are those the save path signalled, with the same evidence", async () => {
    const [ana, ben, solo] = await Promise.all([createAffiliateUser(), createAffiliateUser(), createAffiliateUser()]);
    const email = `sim.${randomUUID().slice(0, 8)}@wise.example`;
    const save = async (user: TestUser, paypalEmail: string) => {
      const answer = await api(user, "POST", "/api/update_paypal_account", payoutForm({ paypalEmail }));
      expect(answer.status, answer.json.error).toBe(200);
    };
    // Under the rule in force (flag), in turn, as the index replays them.
    await save(ana, email);
    await save(ben, email);
    await save(solo, `solo.${randomUUID().slice(0, 8)}@wise.example`);
    const fixtures = [ana.uid, ben.uid, solo.uid];

    const rows = rowsOf(await simulate({ family: "shared_destination", action: "flag" }), fixtures);
    expect([...rows.keys()].sort()).toEqual(await caughtBy("shared_destination", fixtures));
    expect([...rows.keys()].sort()).toEqual([ana.uid, ben.uid].sort());
    for (const uid of [ana.uid, ben.uid]) {
      expect((await caseOf(uid))!.doc.events[0]!.evidence.detail).toBe(rows.get(uid)!.evidence);
      expect(rows.get(uid)!.amount).toBe(0);
    }
  }, 60_000);
});

describe("the same sign-in device", () => {
  test("two affiliates on one device are caught from the day the second came, and not one alone; as the sessions raised", async () => {
    const [ana, ben, solo] = await Promise.all([createAffiliateUser(), createAffiliateUser(), createAffiliateUser()]);
    const device = freshDevice();
    await dashboardFrom(ana, device);
    await dashboardFrom(ben, device);
    await dashboardFrom(solo, freshDevice());
    const fixtures = [ana.uid, ben.uid, solo.uid];

    const simulation = await simulate({ family: "shared_device", action: "hold_new" });
    const rows = rowsOf(simulation, fixtures);
    expect([...rows.keys()].sort()).toEqual([ana.uid, ben.uid].sort());
    // The rule is on by default (flag only): the cases the sessions opened are the ones simulated.
    expect(await caughtBy("shared_device", fixtures)).toEqual([ana.uid, ben.uid].sort());
    for (const uid of [ana.uid, ben.uid]) {
      expect((await caseOf(uid))!.doc.events[0]!.evidence.detail).toBe(rows.get(uid)!.evidence);
      expect(rows.get(uid)!.since).toBe(today());
      // No sales yet: nothing to hold.
      expect(rows.get(uid)!.amount).toBe(0);
    }
    expect(simulation.note).toContain("index of devices");
  }, 60_000);
});

describe("self-referral", () => {
  test("a sale whose customer is the affiliate (by today's identity) is caught with its commission; a stranger's is not", async () => {
    const [referrer, clean] = await Promise.all([createAffiliateUser(), createAffiliateUser()]);
    const address = freshDevice().address;
    await dashboardFrom(referrer, { address, userAgent: "test" });
    const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
    const own = { ...saleEvent(referrer.uid, "20.00"), customer_ip: address };
    const stranger = { ...saleEvent(clean.uid, "20.00"), customer_email_sha256: sha256(`${randomUUID()}@x.test`) };
    for (const sale of [own, stranger]) expect((await sendEvent(sale)).status).toBe(200);
    // The rule is off: nothing was raised as the sales came.
    expect(await caughtBy("self_referral", [referrer.uid, clean.uid])).toEqual([]);

    const simulation = await simulate({ family: "self_referral", action: "hold_new" });
    const rows = rowsOf(simulation, [referrer.uid, clean.uid]);
    expect([...rows.keys()]).toEqual([referrer.uid]);
    expect(rows.get(referrer.uid)).toMatchObject({
      since: today(),
      // 60% of $20: the commission of the day's sales from the first that matched.
      amount: 12,
      evidence: `Sale ${own.id} (promptchan): the customer's IP address matches the affiliate's own.`,
    });
    expect(simulation.note).toContain("identity as it is today");
    // Cut when the window's sign-up and sale records reach the bound read (the whole run's events count: the
    // tracker flood alone sends 20,000 sign-ups); the newest are read first, so these sales were among them.
    const recorded = await refs
      .events()
      .where("type", "in", ["sign_up", "sale"])
      .where("received_at", ">=", new Date(`${simulation.from}T00:00:00Z`))
      .count()
      .get();
    expect(simulation.cut).toBe(recorded.data().count >= maxSimulationCandidateReads);

    // Switched on, the same conversions from each raise exactly the simulated case.
    await switchOn("self_referral", { action: "hold_new" });
    const again = [
      { ...saleEvent(referrer.uid, "20.00"), customer_ip: address },
      { ...stranger, id: `e-${randomUUID()}` },
    ];
    for (const sale of again) expect((await sendEvent(sale)).status).toBe(200);
    expect(await caughtBy("self_referral", [referrer.uid, clean.uid])).toEqual([referrer.uid]);
  }, 60_000);
});

describe("bad input", () => {
  test("an unknown family, a threshold out of bounds or missing, and an affiliate are refused, and nothing is written", async () => {
    const before = await promptchanSettings(admin);
    const affiliate = await createAffiliateUser();
    const refusals: [TestUser, Record<string, unknown>, number, string][] = [
      [staff, { family: "phishing", action: "flag" }, 400, "family: must be one of"],
      [staff, { family: "refund_rate", action: "hold_new", threshold: 0.5 }, 400, "threshold: must be at least 1."],
      [staff, { family: "traffic_quality", action: "flag", threshold: 101 }, 400, "threshold: must be at most 100."],
      [staff, { family: "refund_rate", action: "hold_new" }, 400, "threshold: must be a number."],
      [staff, { family: "shared_destination", action: "flag", threshold: 2 }, 400, "threshold"],
      [
        staff,
        { family: "refund_rate", action: "block", threshold: 3 },
        400,
        "action: must be one of flag, hold_new, hold_all.",
      ],
      [affiliate, { family: "refund_rate", action: "flag", threshold: 3 }, 403, "Only advertiser staff may do this."],
    ];
    for (const [caller, body, status, error] of refusals) {
      const answer = await api(caller, "POST", "/api/simulate_risk_rule", body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.json.error).toContain(error);
    }
    // The rules and their version are as they were.
    const after = await promptchanSettings(admin);
    expect(after.version).toBe(before.version);
    expect(after.settings.risk_rules).toEqual(before.settings.risk_rules);
  }, 60_000);
});
