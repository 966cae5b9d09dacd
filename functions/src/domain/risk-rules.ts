/**
 * The risk rules (issue 33): one per signal family, each on or off, with its threshold where the family has
 * one and the action a signal of it takes. Programme settings, versioned with the rest; the default
 * advertiser's apply programme-wide, as the payout rules do. The defaults change nothing for anyone: the
 * shared-destination and shared-device signals only flag (a case, nothing held), the others are off.
 */
import { z } from "zod";

export const riskFamilies = [
  "shared_destination",
  "shared_device",
  "self_referral",
  "refund_rate",
  "conversion_anomaly",
  "traffic_quality",
] as const;
export type RiskFamily = (typeof riskFamilies)[number];

/**
 * What a rule's signal does: `flag` opens (or adds to) a case and holds nothing; `hold_new` holds the
 * commission of sales recorded while the case is open and pauses payout requests; `hold_all` does as
 * hold_new, and staff's payout recording skips the affiliate too, so nothing payable leaves.
 */
export const riskActions = ["flag", "hold_new", "hold_all"] as const;
export type RiskAction = (typeof riskActions)[number];

const actionRank: Record<RiskAction, number> = { flag: 0, hold_new: 1, hold_all: 2 };

/** The stronger of two actions: a case's action is the strongest of its events'. */
export const strongerAction = (a: RiskAction, b: RiskAction): RiskAction => (actionRank[b] > actionRank[a] ? b : a);

/** Whether an action holds commission (and so pauses payout requests). */
export const holdsCommission = (action: RiskAction): boolean => action !== "flag";

/** What the settings page and staff call each action. */
export const riskActionLabels: Record<RiskAction, string> = {
  flag: "Flag only",
  hold_new: "Hold new commissions",
  hold_all: "Hold everything payable",
};

interface FamilyInfo {
  /** What staff read. */
  label: string;
  /** What the affiliate reads while under review: plain words, never the rule's threshold. */
  plain: string;
  /** The family's threshold, where it has one: what it measures and its bounds. */
  threshold?: { label: string; min: number; max: number; default: number };
}

export const riskFamilyInfo: Record<RiskFamily, FamilyInfo> = {
  shared_destination: {
    label: "Payout destination shared with other affiliates",
    plain: "Your payout account is also used by another affiliate account.",
  },
  shared_device: {
    label: "Signs in from the same device as other affiliates",
    plain: "Your account was used from a device that other affiliate accounts also use.",
  },
  self_referral: {
    label: "Self-referral",
    plain: "Some sales look like purchases made by the account holder.",
  },
  refund_rate: {
    label: "Refund and chargeback rate",
    plain: "An unusually high share of your sales were refunded or charged back.",
    threshold: { label: "Times the programme's average rate", min: 1, max: 100, default: 3 },
  },
  conversion_anomaly: {
    label: "Conversion anomalies",
    plain: "Some conversions did not follow the usual pattern of a visitor's click.",
    threshold: { label: "Sales spikes: times the affiliate's usual daily sales", min: 2, max: 1000, default: 10 },
  },
  traffic_quality: {
    label: "Traffic quality",
    plain: "Much of your traffic came from automated or hosted sources.",
    threshold: { label: "Percent of clicks filtered as automated", min: 1, max: 100, default: 50 },
  },
};

export interface RiskRule {
  enabled: boolean;
  action: RiskAction;
  /** Present exactly for the families that have one (riskFamilyInfo). */
  threshold?: number;
}

export type RiskRules = Record<RiskFamily, RiskRule>;

/** The families on by default (flag only): both signals of "one person, several accounts". */
const onByDefault: readonly RiskFamily[] = ["shared_destination", "shared_device"];

/** Shared destination and shared device on, flag only; the rest off (each with its default threshold and action). */
export function defaultRiskRules(): RiskRules {
  return Object.fromEntries(
    riskFamilies.map((family) => {
      const threshold = riskFamilyInfo[family].threshold;
      const rule: RiskRule = {
        enabled: onByDefault.includes(family),
        action: "flag",
        ...(threshold ? { threshold: threshold.default } : {}),
      };
      return [family, rule];
    }),
  ) as RiskRules;
}

/** One family's rule, validated: its action, and its threshold within the family's bounds where it has one. */
export const riskRuleSchema = (family: RiskFamily) => {
  const threshold = riskFamilyInfo[family].threshold;
  const base = {
    enabled: z.boolean({ error: "must be true or false." }),
    action: z.enum(riskActions, { error: `must be one of ${riskActions.join(", ")}.` }),
  };
  if (!threshold) return z.strictObject(base);
  return z.strictObject({
    ...base,
    threshold: z
      .number({ error: "must be a number." })
      .min(threshold.min, { error: `must be at least ${threshold.min}.` })
      .max(threshold.max, { error: `must be at most ${threshold.max}.` }),
  });
};

/** Every family's rule, each validated; a family left out keeps nothing (the schema wants every family). */
export const riskRulesSchema = z.strictObject(
  Object.fromEntries(riskFamilies.map((family) => [family, riskRuleSchema(family)])) as {
    [F in RiskFamily]: ReturnType<typeof riskRuleSchema>;
  },
) as unknown as z.ZodType<RiskRules, RiskRules>;

const definedRules = (rules: Partial<Record<RiskFamily, RiskRule | undefined>>): Partial<RiskRules> =>
  Object.fromEntries(Object.entries(rules).filter(([, rule]) => rule !== undefined));

/**
 * The rules as stored (risk_rules/{advertiser}, each settings version): rules saved before a family existed
 * lack it, so a missing family reads as its default; every family present is validated as a save is. Saving
 * still takes riskRulesSchema, which wants every family.
 */
export const storedRiskRulesSchema = z
  .object(
    Object.fromEntries(riskFamilies.map((family) => [family, riskRuleSchema(family).optional()])) as {
      [F in RiskFamily]: z.ZodOptional<ReturnType<typeof riskRuleSchema>>;
    },
  )
  .transform((stored): RiskRules => ({ ...defaultRiskRules(), ...definedRules(stored) })) as unknown as z.ZodType<
  RiskRules,
  Partial<RiskRules>
>;

/** Stored rules read as the rules in force (storedRiskRulesSchema), or null when they are not valid rules. */
export function readStoredRiskRules(stored: unknown): RiskRules | null {
  const parsed = storedRiskRulesSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

/** The rule a signal of the family follows: null when the rule is off (the signal does nothing). */
export function ruleFor(rules: RiskRules, family: RiskFamily): RiskRule | null {
  const rule = rules[family];
  return rule.enabled ? rule : null;
}

/** The rules as the version history writes them: "Shared destination: flag only; Refund rate: off". */
export function formatRiskRules(rules: RiskRules): string {
  const on = riskFamilies.filter((family) => rules[family].enabled);
  if (on.length === 0) return "all off";
  return on
    .map((family) => {
      const rule = rules[family];
      const threshold = rule.threshold === undefined ? "" : ` at ${rule.threshold}`;
      return `${riskFamilyInfo[family].label}: ${riskActionLabels[rule.action].toLowerCase()}${threshold}`;
    })
    .join("; ");
}
