/**
 * Commission groups and deals (issue 34): what an affiliate earns, beyond the programme settings.
 *
 * A sale's terms are found field by field, the first that has one winning: the affiliate's deal in force
 * when the sale happened, then the group they were in then (the group's version in force then), then the
 * programme settings in force then (domain/programme-settings.ts). The default group sets nothing: it is
 * the programme settings themselves, not a copy, so an affiliate nobody moved earns exactly what they did.
 */
import { advertiserIds, type AdvertiserId } from "./advertisers.js";
import type { CommissionTerms, RepeatRates } from "./commission.js";

/** Who did something (model.ts's Recorder, spelled here so model.ts can import this module). */
export interface Recorder {
  uid: string;
  email: string;
}

/** The default group's id: the programme settings. It has no document of its own. */
export const defaultGroupId = "default";
export const defaultGroupName = "Default";
/** How many groups a programme may have besides the default one (the list reads them all at once). */
export const maxGroups = 50;
/** How many earlier memberships the affiliate's document keeps, for sales reported late. */
export const pastGroupsKept = 10;

/** A first-sale rate and renewal rates, in the shape the programme settings use. */
export interface GroupRates {
  commission_rate: number;
  repeat_rates: RepeatRates;
}

/** What a group sets; anything it leaves out (an advertiser's rates, null) is the programme settings'. */
export interface GroupTerms {
  rates: Partial<Record<AdvertiserId, GroupRates>>;
  /** Days a sale's commission is held; null: each advertiser's programme setting. */
  hold_days: number | null;
  /** The smallest payout, in cents; null: the programme's. */
  minimum_payout_cents: number | null;
}

/** commission_groups/{id} (server-only): a group's terms in force now and its version. */
export interface CommissionGroupDoc extends GroupTerms {
  name: string;
  version: number;
  created_at: Date;
  updated_at: Date;
}

/** commission_groups/{id}/versions/{n} (server-only): the terms in force from `effective_from`. */
export interface GroupVersionDoc {
  version: number;
  name: string;
  terms: GroupTerms;
  effective_from: Date;
  changed_by: Recorder;
}

/**
 * The group an affiliate is in, on their document: named, with its terms in force now, so the dashboard
 * shows them with no read (kept in step on moves, renames and edits; the ledger reads the group's versions).
 */
export interface GroupMembership {
  id: string;
  name: string;
  /** When they joined it (the epoch for the default group of an affiliate never moved). */
  since: Date;
  /** The group's terms now, for display; null for the default group (the programme settings). */
  terms: GroupTerms | null;
}

/** A group as a move names it: its id, name and terms now (null: the default group). */
export type GroupTarget = Pick<GroupMembership, "id" | "name" | "terms">;

/** An earlier membership: in force from `since` to the next newer one's `since`. */
export interface PastGroup {
  id: string;
  since: Date;
}

/** Overrides of the group's fields for one affiliate; what a deal leaves out is the group's. */
export interface DealTerms {
  rates: Partial<Record<AdvertiserId, Partial<GroupRates>>>;
  hold_days: number | null;
  minimum_payout_cents: number | null;
}

/** An affiliate's deal, on their document (the ledger reads it with the affiliate, at no extra cost). */
export interface Deal extends DealTerms {
  /** Sales from this moment earn it. */
  starts_at: Date;
  /** Sales from this moment earn the group's terms again; null: no end. */
  ends_at: Date | null;
}

/** group_moves/{id} (server-only): who moved an affiliate, when, from which group to which, and why. */
export interface GroupMoveDoc {
  uid: string;
  from: { id: string; name: string };
  to: { id: string; name: string };
  reason: string;
  /** Staff, or a tier of the group left (issue 34): then `uid` is "tier:{group}/{tier}" and `tier` names it. */
  by: Recorder & { tier?: { group_id: string; tier_id: string } };
  at: Date;
}

/** deal_audit/{id} (server-only): a deal set, changed or ended, with who, when and why (by null: a migration). */
export interface DealAuditDoc {
  uid: string;
  deal: Deal | null;
  previous: Deal | null;
  reason: string;
  by: Recorder | null;
  at: Date;
}

/** What a sale takes from its terms: the commission rates and the hold (the ledger's SaleTerms). */
export type SaleTermsOf = CommissionTerms & { holdDays: number };

/** The default group as a member's document names it. */
export const defaultMembership = (): GroupMembership => ({
  id: defaultGroupId,
  name: defaultGroupName,
  since: new Date(0),
  terms: null,
});

/** The group the affiliate was in at `at`: the newest membership that began at or before it. */
export function groupIdAt(affiliate: { group: GroupMembership; past_groups: PastGroup[] }, at: Date): string {
  if (affiliate.group.since.getTime() <= at.getTime()) return affiliate.group.id;
  const past = affiliate.past_groups.find((group) => group.since.getTime() <= at.getTime());
  // Older than every membership kept: the oldest one kept is the best known.
  return past?.id ?? affiliate.past_groups.at(-1)?.id ?? affiliate.group.id;
}

/** The affiliate's membership after a move to `to` at `now`: the one left joins the past ones kept. */
export function moveTo(
  affiliate: { group: GroupMembership; past_groups: PastGroup[] },
  to: GroupTarget,
  now: Date,
): { group: GroupMembership; past_groups: PastGroup[] } {
  const left: PastGroup = { id: affiliate.group.id, since: affiliate.group.since };
  return { group: { ...to, since: now }, past_groups: [left, ...affiliate.past_groups].slice(0, pastGroupsKept) };
}

/** `base` with what an override sets (a group's or a deal's rates for the advertiser, its hold) put over it. */
function overlaid(
  base: SaleTermsOf,
  rates: Partial<GroupRates> | undefined,
  holdDays: number | null | undefined,
): SaleTermsOf {
  return {
    commissionRate: rates?.commission_rate ?? base.commissionRate,
    repeatRates: rates?.repeat_rates ?? base.repeatRates,
    holdDays: holdDays ?? base.holdDays,
  };
}

/** The sale terms of a group (null: the default group) over the programme's for the sale's advertiser. */
export function groupSaleTerms(
  programme: SaleTermsOf,
  group: GroupTerms | null,
  advertiser: AdvertiserId,
): SaleTermsOf {
  return overlaid(programme, group?.rates[advertiser], group?.hold_days);
}

/**
 * The affiliate's deal. An affiliate flagged `custom_terms` before deals existed (issue 19), not yet
 * migrated (npm run migrate:deals), has the deal that flag meant: their own rates, for every advertiser,
 * for every sale, with no end.
 */
export function dealOf(affiliate: {
  deal?: Deal | null;
  custom_terms: boolean;
  commission_rate: number;
  repeat_rates: RepeatRates;
}): Deal | null {
  if (affiliate.deal) return affiliate.deal;
  return affiliate.custom_terms ? legacyDeal(affiliate) : null;
}

/** The deal `custom_terms` meant: the affiliate's own rates for every advertiser, always. */
export function legacyDeal(affiliate: { commission_rate: number; repeat_rates: RepeatRates }): Deal {
  const rates = { commission_rate: affiliate.commission_rate, repeat_rates: { ...affiliate.repeat_rates } };
  return {
    rates: Object.fromEntries(advertiserIds.map((id) => [id, rates])),
    hold_days: null,
    minimum_payout_cents: null,
    starts_at: new Date(0),
    ends_at: null,
  };
}

/** Whether the deal applies to a sale that happened at `at`. */
export const dealInForce = (deal: Deal | null, at: Date): deal is Deal =>
  deal !== null &&
  deal.starts_at.getTime() <= at.getTime() &&
  (deal.ends_at === null || at.getTime() < deal.ends_at.getTime());

/** The terms a sale earns under the affiliate's deal (if in force when it happened) over the group's. */
export function withDeal(group: SaleTermsOf, deal: Deal | null, advertiser: AdvertiserId, at: Date): SaleTermsOf {
  return dealInForce(deal, at) ? overlaid(group, deal.rates[advertiser], deal.hold_days) : group;
}

/** Group names are compared without case or surrounding spaces: "VIP" and "vip " are one name. */
export const sameGroupName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
