import { describe, expect, it } from "vitest";
import { programmeSettingsSchema, settingChanges, settingsForApi, defaultSettings } from "./programme-settings.js";
import { defaultRiskRules, formatRiskRules, riskRulesSchema, ruleFor, strongerAction } from "./risk-rules.js";

describe("risk rules", () => {
  it("default to the shared-destination signal flagging only and every other family off", () => {
    const rules = defaultRiskRules();
    expect(ruleFor(rules, "shared_destination")).toEqual({ enabled: true, action: "flag" });
    expect(ruleFor(rules, "refund_rate")).toBeNull();
    expect(ruleFor(rules, "self_referral")).toBeNull();
    expect(rules.refund_rate.threshold).toBe(3);
    expect(formatRiskRules(rules)).toBe("Payout destination shared with other affiliates: flag only");
  });

  it("validate each family's action and threshold, and refuse a threshold where the family has none", () => {
    const rules = defaultRiskRules();
    expect(riskRulesSchema.safeParse(rules).success).toBe(true);
    const bad = (patch: object) => riskRulesSchema.safeParse({ ...rules, ...patch }).success;
    expect(bad({ refund_rate: { enabled: true, action: "block", threshold: 3 } })).toBe(false);
    expect(bad({ refund_rate: { enabled: true, action: "hold_new", threshold: 0.5 } })).toBe(false);
    expect(bad({ refund_rate: { enabled: true, action: "hold_new" } })).toBe(false);
    expect(bad({ shared_destination: { enabled: true, action: "flag", threshold: 2 } })).toBe(false);
    expect(bad({ refund_rate: { enabled: true, action: "hold_all", threshold: 4 } })).toBe(true);
    const { traffic_quality: _left, ...missing } = rules;
    expect(riskRulesSchema.safeParse(missing).success).toBe(false);
  });

  it("a case's action is the strongest of its events'", () => {
    expect(strongerAction("flag", "hold_new")).toBe("hold_new");
    expect(strongerAction("hold_all", "hold_new")).toBe("hold_all");
    expect(strongerAction("flag", "flag")).toBe("flag");
  });

  it("are versioned with the settings: a save without them keeps them, a change is a change of the settings", () => {
    const defaults = defaultSettings("promptchan");
    const { risk_rules: _kept, ...withoutRules } = settingsForApi(defaults);
    const parsed = programmeSettingsSchema.parse(withoutRules);
    expect(parsed.risk_rules).toBeUndefined();
    expect(settingChanges(defaults, parsed)).toEqual([]);
    const stricter = { ...defaults.risk_rules, shared_destination: { enabled: true, action: "hold_new" as const } };
    const changes = settingChanges(defaults, { ...defaults, risk_rules: stricter });
    expect(changes.map((change) => change.field)).toEqual(["risk_rules"]);
  });
});
