/** Tiers and bonuses (issue 34): staff list them, admins save a group's, an affiliate sees their own progress. */
import { z } from "zod";
import { advertiserIds } from "../domain/advertisers.js";
import { defaultGroupId } from "../domain/commission-groups.js";
import { maxBonuses, maxBonusDays, maxTiers, tierWindowDays } from "../domain/rewards.js";
import { dollars, groupNamed, isoDay, isoTime, plainTextField } from "./fields.js";
import { staffOnly, type Routes } from "./route.js";

/** An amount in dollars, in whole cents, above $0 and at most `max` dollars. */
const amount = (max: number) =>
  z
    .number({ error: "must be an amount in dollars." })
    .positive({ error: "must be more than $0." })
    .max(max, { error: `must be at most $${max.toLocaleString("en-US")}.` })
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, { error: "must be in whole cents." });

const groupId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,40}$/, { error: "must be a group's id." })
  .meta({ description: `A group's id; "${defaultGroupId}" is the programme settings.` });

const ruleId = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, { error: "must be the id of one of the group's rules." });

const count = z
  .number({ error: "must be a whole number." })
  .int({ error: "must be a whole number." })
  .min(1, { error: "must be at least 1." })
  .max(100_000, { error: "must be at most 100,000." });

const tierIn = z.strictObject({
  id: ruleId.optional().meta({ description: "Absent: a new tier." }),
  first_sales_30d: count
    .nullable()
    .meta({ description: `Reached with at least this many first sales in the last ${tierWindowDays} days.` }),
  lifetime_commission: amount(10_000_000)
    .nullable()
    .meta({ description: "Or with at least this lifetime commission (net of clawbacks), in dollars." }),
  to_group: groupId.meta({ description: "The group its members move to." }),
});

const bonusIn = z.strictObject({
  id: ruleId.optional().meta({ description: "Absent: a new bonus. Kept across edits: a bonus is credited once." }),
  name: plainTextField(80).refine((text) => text.trim() !== "", { error: "must not be empty." }),
  first_sales: count.meta({ description: "The first sales to make in the period." }),
  starts_on: isoDay,
  ends_on: isoDay.meta({ description: `The period's last day (UTC, included); at most ${maxBonusDays} days.` }),
  amount: amount(100_000).meta({ description: "The bonus, in dollars." }),
});

export const tierView = z
  .strictObject({
    id: z.string(),
    first_sales_30d: z.number().int().nullable(),
    lifetime_commission: dollars.nullable(),
    to_group: z.string(),
  })
  .meta({ id: "Tier" });

export const bonusView = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    first_sales: z.number().int(),
    starts_on: isoDay,
    ends_on: isoDay,
    amount: dollars,
  })
  .meta({ id: "Bonus" });

export const rewardRulesView = z
  .strictObject({
    group_id: z.string(),
    version: z.number().int(),
    updated_at: isoTime.nullable(),
    tiers: z.array(tierView),
    bonuses: z.array(bonusView),
  })
  .meta({ id: "RewardRules" });

export type RewardRulesView = z.output<typeof rewardRulesView>;

export const rewardsApi = {
  "GET /api/reward_rules": {
    summary: "Every group's tiers and bonuses (groups with none are left out).",
    tag: "Programme",
    access: "staff",
    response: z.strictObject({ rules: z.array(rewardRulesView) }),
    refusals: staffOnly,
  },
  "POST /api/reward_rules": {
    summary: "Saves a group's tiers and bonuses as their next version, in force from now.",
    description:
      "A tier moves the group's members to another group once they reach its goal (first sales in 30 days, or lifetime commission); a bonus credits them once when they make its first sales in its period. Send `version` as loaded (0 for a group with none).",
    tag: "Programme",
    access: "admin",
    body: z.strictObject({
      group_id: groupId,
      version: z.number({ error: "must be the version you loaded." }).int().min(0),
      tiers: z.array(tierIn).max(maxTiers, { error: `must be at most ${maxTiers} tiers.` }),
      bonuses: z.array(bonusIn).max(maxBonuses, { error: `must be at most ${maxBonuses} bonuses.` }),
    }),
    response: z.strictObject({ rules: rewardRulesView, changed: z.boolean(), message: z.string() }),
    refusals: {
      403: "Not an admin.",
      404: "No group has that id.",
      409: "The group's tiers and bonuses changed since the version loaded.",
    },
  },
  "GET /api/my_rewards": {
    summary: "The caller's group's tiers, with what is left to reach each, and its bonuses with their progress.",
    tag: "Accounts",
    access: "signed-in",
    response: z.strictObject({
      group: groupNamed,
      tiers: z.array(
        z.strictObject({
          to: groupNamed,
          first_sales_30d: z.number().int().nullable(),
          first_sales_left: z.number().int().nullable(),
          lifetime_commission: dollars.nullable(),
          commission_left: dollars.nullable(),
          rates: z
            .record(z.enum(advertiserIds), z.number())
            .meta({ description: "The first-sale rate the group pays now, per advertiser." }),
        }),
      ),
      bonuses: z.array(
        z.strictObject({
          id: z.string(),
          name: z.string(),
          first_sales: z.number().int(),
          first_sales_made: z.number().int(),
          starts_on: isoDay,
          ends_on: isoDay,
          amount: dollars,
          won: z.boolean(),
        }),
      ),
    }),
    refusals: { 404: "The caller has no affiliate account." },
  },
} as const satisfies Routes;
