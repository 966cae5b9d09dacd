/**
 * Commission groups in Firestore (issue 34): commission_groups/{id} holds a group's terms in force and its
 * version number, commission_groups/{id}/versions/{n} each version with who saved it and when, like the
 * programme settings' versions. The default group has no document: it is the programme settings.
 */
import type { Query } from "firebase-admin/firestore";
import type { AdvertiserId } from "../domain/advertisers.js";
import {
  defaultGroupId,
  groupIdAt,
  groupSaleTerms,
  type CommissionGroupDoc,
  type GroupTerms,
  type SaleTermsOf,
} from "../domain/commission-groups.js";
import type { AffiliateDoc } from "../domain/model.js";
import { saleTerms } from "../domain/programme-settings.js";
import type { RecruitShareTerms } from "../domain/recruits.js";
import { ApiError } from "../errors.js";
import { refs } from "./firestore.js";
import { settingsForAffiliate } from "./programme-settings.js";

/**
 * A group's terms in force at `at` (null: the default group, whose terms are the programme settings): one
 * read of the group's document, and a query of its versions only when `at` is before its latest change.
 */
export async function groupTermsAt(groupId: string, at: Date): Promise<GroupTerms | null> {
  if (groupId === defaultGroupId) return null;
  const doc = (await refs.commissionGroups().doc(groupId).get()).data();
  if (!doc) return null;
  if (at.getTime() >= doc.updated_at.getTime()) return doc;
  const earlier = await refs
    .groupVersions(groupId)
    .where("effective_from", "<=", at)
    .orderBy("effective_from", "desc")
    .limit(1)
    .get();
  return earlier.docs[0]?.data().terms ?? doc;
}

/**
 * What a sale of the affiliate earns from the programme and their group, as in force when it happened (the
 * deal, on the affiliate's document, is applied by the ledger). The group is read once the affiliate's
 * document (read anyway) names it, beside the programme settings' read: an affiliate in the default group
 * costs no read more than before groups existed, any other one read more. The programme's rates are those
 * promised to the affiliate (domain/promised-terms.ts): one read more for an affiliate who joined before a
 * change lowered a rate.
 */
export async function saleTermsInForce(
  advertiser: AdvertiserId,
  at: Date,
  affiliate: Promise<AffiliateDoc>,
): Promise<SaleTermsOf> {
  return (await saleTermsAndShare(advertiser, at, affiliate)).terms;
}

/**
 * saleTermsInForce, and the recruiter's share in force then (issue 34): a programme setting, so it comes with
 * the same read of the settings, at no cost.
 */
export async function saleTermsAndShare(
  advertiser: AdvertiserId,
  at: Date,
  affiliate: Promise<AffiliateDoc>,
): Promise<{ terms: SaleTermsOf; recruitShare: RecruitShareTerms }> {
  const [settings, group] = await Promise.all([
    settingsForAffiliate(
      advertiser,
      at,
      affiliate.then((doc) => doc.created_at),
    ),
    affiliate.then((doc) => groupTermsAt(groupIdAt(doc, at), at)),
  ]);
  return { terms: groupSaleTerms(saleTerms(settings), group, advertiser), recruitShare: settings.recruit_share };
}

/** The group `id` (not the default one), or a 404 naming it. */
export async function getGroupOrThrow(id: string): Promise<CommissionGroupDoc> {
  const group = (await refs.commissionGroups().doc(id).get()).data();
  if (!group) throw new ApiError("not_found", `No commission group has the id ${id}.`);
  return group;
}

/**
 * The lowest minimum payout any affiliate may have now: the programme's, or lower where a group or a deal sets
 * one lower. The staff list's Ready filter asks Firestore for balances from this (its query cannot hold a
 * minimum per affiliate) and checks each row against the affiliate's own. Two reads: the group and the deal
 * with the lowest minimum (an ended deal may count: the bound is then only lower than it need be).
 */
export async function lowestMinimumPayoutCents(programmeCents: number): Promise<number> {
  const lowest = (query: Query, field: string) =>
    query
      .where(field, ">=", 0)
      .orderBy(field)
      .limit(1)
      .select(field)
      .get()
      .then((snapshot) => {
        const value: unknown = snapshot.docs[0]?.get(field);
        return typeof value === "number" ? value : programmeCents;
      });
  const [group, deal] = await Promise.all([
    lowest(refs.commissionGroups().withConverter(null), "minimum_payout_cents"),
    lowest(refs.affiliates().withConverter(null), "deal.minimum_payout_cents"),
  ]);
  return Math.min(programmeCents, group, deal);
}
