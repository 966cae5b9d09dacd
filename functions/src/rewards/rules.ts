/**
 * Tiers and bonuses (issue 34): staff list every group's, admins save a group's (each save its next version,
 * audited like a group's), and an affiliate sees their own group's with their progress.
 */
import { advertiserIds, type AdvertiserId } from "../domain/advertisers.js";
import { defaultGroupId, defaultGroupName, groupSaleTerms } from "../domain/commission-groups.js";
import type { AffiliateDoc, Recorder } from "../domain/model.js";
import { saleTerms } from "../domain/programme-settings.js";
import {
  bonusProgress,
  rulesProblems,
  tierProgress,
  type Bonus,
  type BonusProgress,
  type RewardRules,
  type RewardRulesDoc,
  type RewardRulesVersionDoc,
  type Tier,
  type TierProgress,
} from "../domain/rewards.js";
import { limits } from "../config.js";
import { rewardRulesOf } from "../data/rewards.js";
import { db, refs } from "../data/firestore.js";
import { settingsInForce } from "../data/programme-settings.js";
import { ApiError } from "../errors.js";

/** Every group's tiers and bonuses that has any saved (at most one document per group). */
export async function listRewardRules(): Promise<RewardRulesDoc[]> {
  return (await refs.rewardRules().orderBy("group_id").get()).docs.map((doc) => doc.data());
}

/** Rules as an admin sends them: a new tier or bonus has no id yet. */
export interface RulesToSave {
  group_id: string;
  /** The version loaded (0: the group had none). */
  version: number;
  tiers: (Omit<Tier, "id"> & { id?: string | undefined })[];
  bonuses: (Omit<Bonus, "id"> & { id?: string | undefined })[];
}

export interface RulesSaved {
  rules: RewardRulesDoc;
  changed: boolean;
}

/** The rules in a fixed order of fields (a stored map's keys come back in an order of Firestore's). */
const comparable = (rules: RewardRules) =>
  JSON.stringify({
    tiers: rules.tiers.map((tier) => [tier.id, tier.first_sales_30d, tier.lifetime_commission_cents, tier.to_group]),
    bonuses: rules.bonuses.map((bonus) => [
      bonus.id,
      bonus.name,
      bonus.first_sales,
      bonus.starts_on,
      bonus.ends_on,
      bonus.amount_cents,
    ]),
  });

/**
 * Saves a group's tiers and bonuses as their next version, in force from `now` (checked at each of its
 * members' next sale). Refused when the group or a tier's target does not exist (404, 400), or when someone
 * saved since the admin loaded them (409). A bonus keeps its id across edits, so one already credited is not
 * credited again; a new one gets a new id.
 */
export async function saveRewardRules(toSave: RulesToSave, by: Recorder, now: Date): Promise<RulesSaved> {
  return db().runTransaction(
    async (tx) => {
      const groupIds = new Set([defaultGroupId, ...(await tx.get(refs.commissionGroups())).docs.map((doc) => doc.id)]);
      if (!groupIds.has(toSave.group_id)) {
        throw new ApiError("not_found", `No commission group has the id ${toSave.group_id}.`);
      }
      const ref = refs.rewardRules().doc(toSave.group_id);
      const current = (await tx.get(ref)).data();
      const loaded = current?.version ?? 0;
      if (loaded !== toSave.version) {
        throw new ApiError(
          "conflict",
          `The group's tiers and bonuses were changed since you loaded them (version ${loaded}, you had ${toSave.version}): reload them and make your change again.`,
        );
      }
      const known = new Set([...(current?.tiers ?? []), ...(current?.bonuses ?? [])].map((rule) => rule.id));
      const unknown = [...toSave.tiers, ...toSave.bonuses].find((rule) => rule.id !== undefined && !known.has(rule.id));
      if (unknown) throw new ApiError("bad_request", `The group has no tier or bonus with the id ${unknown.id}.`);
      // A new tier or bonus gets a random id (a bonus's names its ledger entry: bonus_{id}).
      const withId = <T extends { id?: string | undefined }>(rule: T) => ({
        ...rule,
        id: rule.id ?? refs.rewardRules().doc().id,
      });
      const rules: RewardRules = {
        tiers: toSave.tiers.map(withId),
        bonuses: toSave.bonuses.map(withId),
      };
      const problems = rulesProblems(toSave.group_id, rules, groupIds);
      if (problems.length > 0) throw new ApiError("bad_request", problems.join(" "));
      if (current && comparable(current) === comparable(rules)) return { rules: current, changed: false };

      const version = loaded + 1;
      const doc: RewardRulesDoc = { group_id: toSave.group_id, ...rules, version, updated_at: now };
      const record: RewardRulesVersionDoc = {
        ...rules,
        version,
        effective_from: now,
        changed_by: { uid: by.uid, email: by.email },
      };
      tx.set(ref, doc);
      tx.create(refs.rewardRulesVersions(toSave.group_id).doc(String(version)), record);
      return { rules: doc, changed: true };
    },
    { maxAttempts: limits.transactionAttempts },
  );
}

/** A tier as the affiliate sees it: where it leads, what that group pays per advertiser, and what is left. */
export interface TierShown extends TierProgress {
  to: { id: string; name: string };
  /** The first-sale rate the group it leads to pays now, per advertiser. */
  rates: Record<AdvertiserId, number>;
}

export interface MyRewards {
  tiers: TierShown[];
  bonuses: BonusProgress[];
}

/**
 * The affiliate's group's tiers (with what is left to reach each and what the group it leads to pays now)
 * and its bonuses open or won (with the first sales made in their period), from their document.
 */
export async function myRewards(affiliate: AffiliateDoc, now: Date): Promise<MyRewards> {
  const rules = await rewardRulesOf(affiliate.group.id);
  if (!rules) return { tiers: [], bonuses: [] };
  const targets = [...new Set(rules.tiers.map((tier) => tier.to_group))];
  const [settings, groups] = await Promise.all([
    Promise.all(advertiserIds.map((advertiser) => settingsInForce(advertiser, now))),
    Promise.all(
      targets.map(async (id) =>
        id === defaultGroupId ? null : ((await refs.commissionGroups().doc(id).get()).data() ?? null),
      ),
    ),
  ]);
  const tiers = rules.tiers.map((tier): TierShown => {
    const group = groups[targets.indexOf(tier.to_group)] ?? null;
    const rates = Object.fromEntries(
      advertiserIds.map((advertiser, i) => [
        advertiser,
        groupSaleTerms(saleTerms(settings[i]!), group, advertiser).commissionRate,
      ]),
    ) as Record<AdvertiserId, number>;
    return {
      ...tierProgress(tier, affiliate, now),
      to: { id: tier.to_group, name: group?.name ?? defaultGroupName },
      rates,
    };
  });
  return { tiers, bonuses: bonusProgress(rules, affiliate, now) };
}
