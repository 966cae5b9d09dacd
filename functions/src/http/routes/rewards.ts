import { Router } from "express";
import { rewardsApi as api, type RewardRulesView } from "../../contract/rewards.js";
import { centsToDollars } from "../../domain/money.js";
import type { RewardRulesDoc } from "../../domain/rewards.js";
import { getAffiliateOrThrow } from "../../data/affiliates.js";
import { listRewardRules, myRewards, saveRewardRules } from "../../rewards/rules.js";
import { reply } from "../answers.js";
import { callerOf, requireAdmin, requireCaller, requireStaff } from "../auth.js";
import { parseBody } from "../inputs.js";

/** Tiers and bonuses (issue 34): staff list them, admins save a group's, an affiliate sees their progress. */
export const rewardRoutes = Router();

const cents = (dollars: number) => Math.round(dollars * 100);
const dollarsOrNull = (value: number | null) => (value === null ? null : centsToDollars(value));

/** A group's rules as the API gives them: money in dollars. */
const rulesView = (rules: RewardRulesDoc): RewardRulesView => ({
  group_id: rules.group_id,
  version: rules.version,
  updated_at: rules.updated_at.toISOString(),
  tiers: rules.tiers.map(({ lifetime_commission_cents, ...tier }) => ({
    ...tier,
    lifetime_commission: dollarsOrNull(lifetime_commission_cents),
  })),
  bonuses: rules.bonuses.map(({ amount_cents, ...bonus }) => ({ ...bonus, amount: centsToDollars(amount_cents) })),
});

// GET /api/reward_rules: every group's tiers and bonuses (staff).
rewardRoutes.get("/reward_rules", requireCaller, requireStaff, async (_req, res) => {
  reply(res, api["GET /api/reward_rules"], { rules: (await listRewardRules()).map(rulesView) });
});

// POST /api/reward_rules: saves a group's tiers and bonuses as their next version (admin).
rewardRoutes.post("/reward_rules", requireCaller, requireAdmin, async (req, res) => {
  const route = api["POST /api/reward_rules"];
  const body = parseBody(route.body, req);
  const caller = callerOf(req);
  const saved = await saveRewardRules(
    {
      group_id: body.group_id,
      version: body.version,
      tiers: body.tiers.map(({ lifetime_commission, ...tier }) => ({
        ...tier,
        lifetime_commission_cents: lifetime_commission === null ? null : cents(lifetime_commission),
      })),
      bonuses: body.bonuses.map(({ amount, name, ...bonus }) => ({
        ...bonus,
        name: name.trim(),
        amount_cents: cents(amount),
      })),
    },
    { uid: caller.uid, email: caller.email },
    new Date(),
  );
  reply(res, route, {
    rules: rulesView(saved.rules),
    changed: saved.changed,
    message: saved.changed ? `Saved as version ${saved.rules.version}: in force from now.` : "Nothing changed.",
  });
});

// GET /api/my_rewards: the caller's group's tiers and bonuses, with their progress.
rewardRoutes.get("/my_rewards", requireCaller, async (req, res) => {
  const now = new Date();
  const affiliate = await getAffiliateOrThrow(callerOf(req).uid);
  const rewards = await myRewards(affiliate, now);
  reply(res, api["GET /api/my_rewards"], {
    group: { id: affiliate.group.id, name: affiliate.group.name },
    tiers: rewards.tiers.map(({ tier, to, rates, first_sales_left, commission_left_cents }) => ({
      to,
      first_sales_30d: tier.first_sales_30d,
      first_sales_left,
      lifetime_commission: dollarsOrNull(tier.lifetime_commission_cents),
      commission_left: dollarsOrNull(commission_left_cents),
      rates,
    })),
    bonuses: rewards.bonuses.map(({ bonus, first_sales, won }) => ({
      id: bonus.id,
      name: bonus.name,
      first_sales: bonus.first_sales,
      first_sales_made: first_sales,
      starts_on: bonus.starts_on,
      ends_on: bonus.ends_on,
      amount: centsToDollars(bonus.amount_cents),
      won,
    })),
  });
});
