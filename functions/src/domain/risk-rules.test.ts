import { describe, expect, it } from "vitest";
import {
  programmeSettingsSchema,
  settingChanges,
  settingsForApi,
  defaultSettings,
  storedSettings,
  storedVersion,
  type SettingsVersion,
} from "./programme-settings.js";
import {
  defaultRiskRules,
  formatRiskRules,
  readStoredRiskRules,
  riskRulesSchema,
  ruleFor,
  strongerAction,
} from "./risk-rules.js";

describe("risk rules", () => {
  it("default to the shared-destination and shared-device signals flagging only and every other family off", () => {
    const rules = defaultRiskRules();
    expect(ruleFor(rules, "shared_destination")).toEqual({ enabled: true, action: "flag" });
    expect(ruleFor(rules, "shared_device")).toEqual({ enabled: true, action: "flag" });
    expect(ruleFor(rules, "refund_rate")).toBeNull();
    expect(ruleFor(rules, "self_referral")).toBeNull();
    expect(rules.refund_rate.threshold).toBe(3);
    expect(formatRiskRules(rules)).toBe(
      "Payout destination shared with other affiliates: flag only; Signs in from the same device as other affiliates: flag only",
    );
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

  // Rules stored before shared_device existed: every family but it, as a save of the time wrote them.
  const { shared_device: _new, ...older } = defaultRiskRules();
  const olderStricter = { ...older, refund_rate: { enabled: true, action: "hold_all" as const, threshold: 4 } };

  it("stored before a family existed, read with that family at its default; saving still wants every family", () => {
    expect(readStoredRiskRules(olderStricter)).toEqual({
      ...defaultRiskRules(),
      refund_rate: olderStricter.refund_rate,
    });
    expect(riskRulesSchema.safeParse(olderStricter).success).toBe(false);
    // A family present but not valid is not read as something else.
    expect(
      readStoredRiskRules({ ...older, refund_rate: { enabled: true, action: "hold_all", threshold: 0 } }),
    ).toBeNull();
    expect(readStoredRiskRules(undefined)).toBeNull();
    // The settings in force keep the older rules rather than falling back to the defaults.
    expect(storedSettings("promptchan", { risk_rules: olderStricter }).risk_rules.refund_rate).toEqual(
      olderStricter.refund_rate,
    );
  });

  it("a stored version shows rules saved before a family existed with that family, its changes too", () => {
    const settings = {
      ...defaultSettings("promptchan"),
      risk_rules: olderStricter,
    } as unknown as SettingsVersion["settings"];
    const version: SettingsVersion = {
      version: 3,
      effective_from: new Date("2026-11-01T00:00:00Z"),
      changed_by: { uid: "admin", email: "admin@example.com" },
      changes: [
        { field: "risk_rules", from: older as never, to: olderStricter as never },
        { field: "hold_days", from: 30, to: 14 },
      ],
      settings,
    };
    const shown = storedVersion("promptchan", version);
    expect(shown.settings.risk_rules.shared_device).toEqual({ enabled: true, action: "flag" });
    expect(shown.settings.risk_rules.refund_rate).toEqual(olderStricter.refund_rate);
    expect(shown.changes[0]!.from).toEqual(defaultRiskRules());
    expect((shown.changes[0]!.to as typeof olderStricter & { shared_device: unknown }).shared_device).toEqual({
      enabled: true,
      action: "flag",
    });
    expect(shown.changes[1]).toEqual({ field: "hold_days", from: 30, to: 14 });
    // What the history writes of it no longer fails on the missing family.
    expect(formatRiskRules(shown.changes[0]!.to as never)).toContain(
      "Refund and chargeback rate: hold everything payable at 4",
    );
  });
});
