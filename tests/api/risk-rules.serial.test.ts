/**
 * Issue 33's risk rules as programme settings, through the real API: an admin sets the shared-destination
 * rule to hold new commissions, and two affiliates saving one destination are then both held; the rules are
 * versioned with the other settings, refused when bad, and never on the public advertiser document; rules
 * stored before a family existed read with that family at its default.
 *
 * A serial file (vitest.config.ts): the default advertiser's rules apply programme-wide, so a rule that holds
 * would hold other files' affiliates; it runs after them, alone, and puts the rules back.
 */
import { randomUUID } from "node:crypto";
import { FieldValue } from "firebase-admin/firestore";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { SettingsInput } from "../../functions/src/domain/programme-settings.ts";
import { riskRulesNow } from "../../functions/src/data/programme-settings.ts";
import { collections } from "../../functions/src/domain/model.ts";
import { defaultRiskRules } from "../../functions/src/domain/risk-rules.ts";
import { payableOf } from "../../functions/src/domain/balance.ts";
import { holdDays, refs, saleEvent } from "../support/backend.ts";
import { sendEvent } from "../../scripts/lib/events-client.ts";
import { payoutForm } from "../support/payout-details.ts";
import { api, createAffiliateUser, createUser, type TestUser } from "../support/users.ts";

interface AdvertiserView {
  advertiser: string;
  version: number;
  settings: SettingsInput;
  history: { version: number; changes: { field: string; from: unknown; to: unknown }[]; settings: SettingsInput }[];
}

let admin: TestUser;

async function promptchan(): Promise<AdvertiserView> {
  const answer = await api(admin, "GET", "/api/programme_settings");
  expect(answer.status).toBe(200);
  return (answer.json.advertisers as AdvertiserView[]).find((view) => view.advertiser === "promptchan")!;
}

const save = (settings: unknown, version: number) =>
  api(admin, "POST", "/api/programme_settings", { advertiser: "promptchan", version, settings });

beforeAll(async () => {
  admin = await createUser({ claims: { admin: true } });
});

afterAll(async () => {
  const now = await promptchan();
  const put = await save({ ...now.settings, risk_rules: defaultRiskRules() }, now.version);
  expect(put.status).toBe(200);
});

describe("risk rules", () => {
  test("a rule set to hold_new holds both affiliates of a destination that becomes shared", async () => {
    const before = await promptchan();
    expect(before.settings.risk_rules).toEqual(defaultRiskRules());
    const rules = { ...defaultRiskRules(), shared_destination: { enabled: true, action: "hold_new" } };
    const saved = await save({ ...before.settings, risk_rules: rules }, before.version);
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const after = await promptchan();
    expect(after.settings.risk_rules).toEqual(rules);
    expect(after.history[0]!.changes.map((change) => change.field)).toEqual(["risk_rules"]);
    // Staff's, not the public's: the advertiser document everyone reads carries no rule.
    expect(Object.keys((await refs.advertisers().doc("promptchan").get()).data()!)).not.toContain("risk_rules");

    const [ana, ben] = await Promise.all([createAffiliateUser(), createAffiliateUser()]);
    const email = `held.${randomUUID().slice(0, 8)}@wise.example`;
    for (const user of [ana, ben]) {
      expect((await api(user, "POST", "/api/update_paypal_account", payoutForm({ paypalEmail: email }))).status).toBe(
        200,
      );
    }
    for (const user of [ana, ben]) {
      expect((await refs.affiliate(user.uid).get()).data()!.risk_case).toMatchObject({ action: "hold_new" });
    }
    const matured = new Date(Date.now() - (holdDays + 1) * 86_400_000).toISOString();
    expect((await sendEvent({ ...saleEvent(ana.uid, "400"), occurred_at: matured })).status).toBe(200);
    expect(payableOf((await refs.affiliate(ana.uid).get()).data()!, new Date())).toBe(0);
    expect((await api(ana, "POST", "/api/request_payout", payoutForm({ paypalEmail: email }))).status).toBe(409);
  });

  test("a bad rule is refused with the family and the reason, and changes nothing", async () => {
    const before = await promptchan();
    const bad = { ...before.settings.risk_rules, refund_rate: { enabled: true, action: "hold_all", threshold: 0 } };
    const answer = await save({ ...before.settings, risk_rules: bad }, before.version);
    expect(answer.status).toBe(400);
    expect(answer.json.error).toBe("settings.risk_rules.refund_rate.threshold: must be at least 1.");
    expect((await promptchan()).version).toBe(before.version);
  });

  test("rules stored before a family existed read with it at its default, their own rules kept; a save must name it", async () => {
    const before = await promptchan();
    const rules = { ...defaultRiskRules(), refund_rate: { enabled: true, action: "hold_new", threshold: 4 } };
    const saved = await save({ ...before.settings, risk_rules: rules }, before.version);
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const version = saved.json.version as number;
    // As the code before shared_device wrote them: the rules in force and the version, without the family.
    await refs.internal(collections.riskRules).doc("promptchan").update({ "rules.shared_device": FieldValue.delete() });
    await refs
      .settingsVersions("promptchan")
      .doc(String(version))
      .update({ "settings.risk_rules.shared_device": FieldValue.delete() });

    const { shared_device: _default, ...stored } = rules;
    expect((await refs.internal(collections.riskRules).doc("promptchan").get()).data()!.rules).toEqual(stored);
    expect(await riskRulesNow()).toEqual(rules);
    const after = await promptchan();
    expect(after.settings.risk_rules).toEqual(rules);
    expect(after.history.find((shown) => shown.version === version)!.settings.risk_rules).toEqual(rules);

    const missing = await save({ ...after.settings, risk_rules: stored }, after.version);
    expect(missing.status).toBe(400);
    expect(missing.json.error).toContain("settings.risk_rules.shared_device");
    expect((await promptchan()).version).toBe(after.version);
  });
});
