/**
 * Tiers and bonuses in Firestore (issue 34): reward_rules/{groupId} holds a group's rules in force and their
 * version, reward_rules/{groupId}/versions/{n} each version with who saved it and when. The default group's
 * are under its id ("default"), as it has no commission_groups document.
 */
import type { AffiliateDoc } from "../domain/model.js";
import type { RewardRulesDoc } from "../domain/rewards.js";
import { refs } from "./firestore.js";

/** A group's tiers and bonuses in force (one read), or null when it has none. */
export async function rewardRulesOf(groupId: string): Promise<RewardRulesDoc | null> {
  const rules = (await refs.rewardRules().doc(groupId).get()).data();
  return rules && (rules.tiers.length > 0 || rules.bonuses.length > 0) ? rules : null;
}

/** The rules of the group the affiliate's document (being read) names: the ledger's one read more per sale. */
export const rewardRulesFor = (affiliate: Promise<AffiliateDoc>): Promise<RewardRulesDoc | null> =>
  affiliate.then((doc) => rewardRulesOf(doc.group.id));
