/**
 * Tiers and bonuses after a sale (issue 34): called by the ledger once a sale has committed, for that
 * affiliate only (nobody else's figures changed, so no one else is checked, and nothing scans affiliates).
 *
 * The sale itself read the affiliate's document before its transaction and wrote its totals as blind
 * increments, so the hot affiliate's sales never contend for the document. This keeps that: the group's
 * rules are read beside the affiliate (the one read more per sale, and none when the group has no rules),
 * and what may be due is judged from that read plus this sale (domain/rewards.ts mayBeDue). Only then, near
 * a threshold, a small transaction reads the document fresh, confirms exactly and moves or credits. Two
 * concurrent sales that both reach a tier or bonus both get here; their transactions serialise on the
 * affiliate's document, and the second finds the affiliate moved (or the bonus's entry written): one move,
 * one audit record, one credit.
 *
 * A failure here does not undo the sale (it has committed): it is logged, and the affiliate's next sale
 * checks again, as the check asks "reached?", not "crossed by this sale?".
 */
import { FieldValue } from "firebase-admin/firestore";
import { logger } from "firebase-functions/logger";
import { limits } from "../config.js";
import { defaultAdvertiserId } from "../domain/advertisers.js";
import { dayKey } from "../domain/days.js";
import { creditEntry } from "../domain/ledger.js";
import type { AdvertiserEvent } from "../domain/events.js";
import type { AffiliateDoc, TransactionDoc } from "../domain/model.js";
import {
  bonusEntryId,
  dueNow,
  mayBeDue,
  nothingDue,
  tierReason,
  withSale,
  type Bonus,
  type RewardRulesDoc,
} from "../domain/rewards.js";
import { stageEarningsCredit } from "../data/aggregates.js";
import { db, refs } from "../data/firestore.js";
import { stageMove, targetOf } from "../groups/groups.js";

type Sale = Extract<AdvertiserEvent, { type: "sale" }>;

/** What the check did: the tier that moved the affiliate and the bonuses credited (for tests and logs). */
export interface RewardsOutcome {
  moved: string | null;
  credited: string[];
}

const none: RewardsOutcome = { moved: null, credited: [] };

/**
 * Checks the affiliate's group's tiers and bonuses after `sale` committed. `before` is the affiliate's
 * document as read before the sale, `rules` their group's rules as read then (null: none, nothing to do).
 */
export async function rewardsAfterSale(
  sale: Sale,
  before: AffiliateDoc,
  rules: RewardRulesDoc | null,
  now: Date,
): Promise<RewardsOutcome> {
  if (!rules) return none;
  const saleDay = dayKey(sale.occurredAt);
  const projected = withSale(before, saleDay, sale.repeatIndex === 0, sale.amountCents);
  if (nothingDue(mayBeDue(rules, projected, now, saleDay))) return none;
  try {
    return await grant(sale.uid, rules.group_id, saleDay, now);
  } catch (error) {
    logger.error("rewards: check after a sale failed (the next sale checks again)", {
      uid: sale.uid,
      event: sale.id,
      error: String(error),
    });
    return none;
  }
}

/** Confirms from a fresh read, in one transaction, and moves the affiliate and credits bonuses reached. */
function grant(uid: string, groupId: string, saleDay: string, now: Date): Promise<RewardsOutcome> {
  return db().runTransaction(
    async (tx) => {
      const [affiliate, rules] = await Promise.all([
        tx.get(refs.affiliate(uid)).then((snapshot) => snapshot.data()),
        tx.get(refs.rewardRules().doc(groupId)).then((snapshot) => snapshot.data()),
      ]);
      // Moved meanwhile (by staff, or by a concurrent sale's check): the new group's rules are checked next.
      if (!affiliate || !rules || affiliate.group.id !== groupId) return none;
      const found = dueNow(rules, affiliate, now, saleDay);
      const entries = found.bonuses.map((bonus) => refs.transactions(uid).doc(bonusEntryId(bonus.id)));
      const written = await Promise.all(entries.map((ref) => tx.get(ref).then((snapshot) => snapshot.exists)));
      const bonuses = found.bonuses.filter((_, i) => !written[i]);
      const target = found.tier ? await targetOf(tx, found.tier.to_group) : null;

      // Writes, after every read.
      bonuses.forEach((bonus) => tx.create(refs.transactions(uid).doc(bonusEntryId(bonus.id)), bonusEntry(bonus, now)));
      if (bonuses.length > 0) {
        const cents = bonuses.reduce((sum, bonus) => sum + bonus.amount_cents, 0);
        stageEarningsCredit(tx, uid, cents, {
          bonuses_won: FieldValue.arrayUnion(...bonuses.map((bonus) => bonus.id)),
        });
      }
      if (found.tier && target) {
        const by = {
          uid: `tier:${groupId}/${found.tier.id}`,
          email: "",
          tier: { group_id: groupId, tier_id: found.tier.id },
        };
        stageMove(tx, uid, affiliate, target, tierReason(found.tier, affiliate, now), by, now);
      }
      return { moved: found.tier?.id ?? null, credited: bonuses.map((bonus) => bonus.id) };
    },
    { maxAttempts: limits.transactionAttempts },
  );
}

/** A bonus's ledger entry: a credit of its own, payable at once, under an id that makes it once only. */
function bonusEntry(bonus: Bonus, now: Date): TransactionDoc {
  const note = `Bonus: ${bonus.name} (${bonus.first_sales} first sales from ${bonus.starts_on} to ${bonus.ends_on}).`;
  return creditEntry("bonus", defaultAdvertiserId, bonusEntryId(bonus.id), bonus.amount_cents, note, now);
}
