/**
 * Typed access to every collection for the functions (Admin SDK). Reads come back as the domain's document
 * types, with Timestamps turned into Dates and missing fields defaulted. The collections' names are
 * domain/model.ts's `collections`, and only data/ spells a path (eslint.config.js refuses `.collection()`
 * and `.collectionGroup()` elsewhere in the functions): the server-only collections a data module owns
 * (postback-outbox.ts, integrations.ts, ...) are reached through `db().collection()` there.
 */
import { getApps, initializeApp } from "firebase-admin/app";
import {
  getFirestore,
  type DocumentData,
  type Firestore,
  type FirestoreDataConverter,
  type PartialWithFieldValue,
  type QueryDocumentSnapshot,
  type SetOptions,
} from "firebase-admin/firestore";
import {
  collections,
  reviveAffiliate,
  reviveDates,
  type AdvertiserDoc,
  type AffiliateDoc,
  type ClickDoc,
  type ClickShardDoc,
  type DayDoc,
  type EventDoc,
  type FunnelShardDoc,
  type PayoutAuditDoc,
  type PayoutDoc,
  type PendingRefundsDoc,
  type RateHistoryDoc,
  type TrackerFunnelDoc,
  type TransactionDoc,
} from "../domain/model.js";
import type { SettingsVersion } from "../domain/programme-settings.js";
import type { CommissionGroupDoc, DealAuditDoc, GroupMoveDoc, GroupVersionDoc } from "../domain/commission-groups.js";
import type { AdjustmentAuditDoc } from "../domain/adjustments.js";
import type { RecruitFiguresDoc } from "../domain/recruits.js";
import type { RiskCaseDoc, RiskCaseSummary } from "../domain/risk.js";
import type { RewardRulesDoc, RewardRulesVersionDoc } from "../domain/rewards.js";
import { summaryKeysOf } from "../domain/summary-keys.js";

let firestore: Firestore | undefined;

/** The Firestore client, created on first use so a cold start pays only for what the request needs. */
export function db(): Firestore {
  if (!firestore) {
    if (getApps().length === 0) initializeApp();
    firestore = getFirestore();
  }
  return firestore;
}

/**
 * `values` in runs of at most 30: Firestore's most values in one `in` or `array-contains-any` filter, so a
 * page's affiliates are asked about in a query per 30.
 */
export function inFilterChunks<T>(values: readonly T[]): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < values.length; i += 30) chunks.push(values.slice(i, i + 30));
  return chunks;
}

/** Writes go as they are; reads come back as the domain's types (reviveDates, or `revive` for defaults). */
function converter<T extends object>(revive: (data: DocumentData) => T = reviveDates): FirestoreDataConverter<T> {
  return {
    toFirestore: (value) => value as DocumentData,
    fromFirestore: (snapshot: QueryDocumentSnapshot) => revive(snapshot.data()),
  };
}

/**
 * A whole affiliate written (create, or set without merge: accounts, the seed, the benches) gets its summary
 * keys from the fields it is written with, so no writer can store a document the advertiser list's
 * queries would order or find wrongly. Partial writes keep them themselves (data/aggregates.ts).
 */
const affiliateConverter: FirestoreDataConverter<AffiliateDoc> = {
  toFirestore: (value: PartialWithFieldValue<AffiliateDoc>, options?: SetOptions) =>
    options ? (value as DocumentData) : { ...value, ...summaryKeysOf(value as AffiliateDoc) },
  fromFirestore: (snapshot: QueryDocumentSnapshot) => reviveAffiliate(snapshot.data()),
};
const transactionConverter = converter<TransactionDoc>();
const dayConverter = converter<DayDoc>();
const clickShardConverter = converter<ClickShardDoc>();
const payoutConverter = converter<PayoutDoc>();
const payoutAuditConverter = converter<PayoutAuditDoc>();
const eventConverter = converter<EventDoc>();
const advertiserConverter = converter<AdvertiserDoc>();
const pendingRefundsConverter = converter<PendingRefundsDoc>();
const clickConverter = converter<ClickDoc>();
const settingsVersionConverter = converter<SettingsVersion>();
const funnelShardConverter = converter<FunnelShardDoc>();
const commissionGroupConverter = converter<CommissionGroupDoc>();
const groupVersionConverter = converter<GroupVersionDoc>();
const groupMoveConverter = converter<GroupMoveDoc>();
const dealAuditConverter = converter<DealAuditDoc>();
const adjustmentAuditConverter = converter<AdjustmentAuditDoc>();
const rewardRulesConverter = converter<RewardRulesDoc>();
const rewardRulesVersionConverter = converter<RewardRulesVersionDoc>();
const trackerFunnelConverter = converter<TrackerFunnelDoc>();
const riskCaseConverter = converter<RiskCaseDoc>();
const riskOpenConverter = converter<RiskCaseSummary>();
const recruitFiguresConverter = converter<RecruitFiguresDoc>();
const rateHistoryConverter = converter<RateHistoryDoc>();

export const refs = {
  affiliates: () => db().collection(collections.affiliates).withConverter(affiliateConverter),
  affiliate: (uid: string) => refs.affiliates().doc(uid),
  transactions: (uid: string) =>
    refs.affiliate(uid).collection(collections.transactions).withConverter(transactionConverter),
  days: (uid: string) => refs.affiliate(uid).collection(collections.days).withConverter(dayConverter),
  clickShards: (uid: string) =>
    refs.affiliate(uid).collection(collections.clickShards).withConverter(clickShardConverter),
  /** Server-only: what each of the affiliate's recruits earned them, by the recruit's number (issue 34). */
  recruits: (uid: string) =>
    refs.affiliate(uid).collection(collections.recruits).withConverter(recruitFiguresConverter),
  payouts: () => db().collection(collections.payouts).withConverter(payoutConverter),
  /** Server-only: who recorded each payout, by invoice number. */
  payoutAudit: () => db().collection(collections.payoutAudit).withConverter(payoutAuditConverter),
  events: () => db().collection(collections.events).withConverter(eventConverter),
  advertisers: () => db().collection(collections.advertisers).withConverter(advertiserConverter),
  /** Server-only: the versions of an advertiser's programme settings, by number. */
  settingsVersions: (advertiser: string) =>
    refs.advertisers().doc(advertiser).collection(collections.settingsVersions).withConverter(settingsVersionConverter),
  /** The programme's rate changes (issue 34, promised terms): one document, read by signed-in users. */
  rateHistory: (advertiser: string) =>
    refs
      .advertisers()
      .doc(advertiser)
      .collection(collections.rateHistory)
      .doc("changes")
      .withConverter(rateHistoryConverter),
  /** Server-only: the commission groups (issue 34; the default group is the programme settings, no document). */
  commissionGroups: () => db().collection(collections.commissionGroups).withConverter(commissionGroupConverter),
  /** Server-only: a group's versions, by number. */
  groupVersions: (groupId: string) =>
    refs.commissionGroups().doc(groupId).collection(collections.groupVersions).withConverter(groupVersionConverter),
  /** Server-only: every move of an affiliate between groups (who, when, from, to, why). */
  groupMoves: () => db().collection(collections.groupMoves).withConverter(groupMoveConverter),
  /** Server-only: every deal set, changed or ended (who, when, why). */
  dealAudit: () => db().collection(collections.dealAudit).withConverter(dealAuditConverter),
  /** Server-only: every manual adjustment of a balance (who, when, how much, why), by affiliate and key. */
  adjustmentAudit: () => db().collection(collections.adjustmentAudit).withConverter(adjustmentAuditConverter),
  /** Server-only: each group's tiers and bonuses (issue 34), by group id (the default group's too). */
  rewardRules: () => db().collection(collections.rewardRules).withConverter(rewardRulesConverter),
  /** Server-only: the versions of a group's tiers and bonuses, by number. */
  rewardRulesVersions: (groupId: string) =>
    refs.rewardRules().doc(groupId).collection(collections.groupVersions).withConverter(rewardRulesVersionConverter),
  /** Server-only: the refunds waiting for their sale (staff see the overdue ones through the API). */
  pendingRefunds: () => db().collection(collections.pendingRefunds).withConverter(pendingRefundsConverter),
  /** Server-only: counted clicks by click id (no client reads them). */
  clicks: () => db().collection(collections.clicks).withConverter(clickConverter),
  /** Every affiliate's click shards at once (the scheduled roll-up finds who has clicks waiting). */
  allClickShards: () => db().collectionGroup(collections.clickShards),
  /** Server-only: the invoice number counter. */
  invoiceCounter: () => db().collection(collections.counters).doc("invoices"),
  /** Server-only: one rate-limit counter (a rule's key in one window). */
  rateLimitCounter: (id: string) => db().collection(collections.rateLimits).doc(id),
  /** Server-only: who suspended or reinstated an affiliate, and why. */
  suspensionAudit: () => db().collection(collections.suspensionAudit),
  /** Server-only: the advertiser's payout batches (advertiser/payout-batch.ts). */
  payoutBatches: () => db().collection(collections.payoutBatches),
  /** Server-only: each advertiser's programme funnels, in shards (the conversion report's totals and pages). */
  funnelShards: () => db().collection(collections.funnelShards).withConverter(funnelShardConverter),
  /** Server-only: each affiliate's tracker funnels (the conversion report's best converting links). */
  trackerFunnels: () => db().collection(collections.trackerFunnels).withConverter(trackerFunnelConverter),
  /** Server-only: risk cases (issue 33, domain/risk.ts). */
  riskCases: () => db().collection(collections.riskCases).withConverter(riskCaseConverter),
  riskCase: (id: string) => refs.riskCases().doc(id),
  /** Server-only: the signals a case has recorded, by key, so the same signal twice adds nothing. */
  riskSignals: (caseId: string) => refs.riskCase(caseId).collection(collections.riskSignals),
  /** Server-only: each affiliate's open case in brief, whatever its action (domain/risk.ts's RiskCaseSummary). */
  riskOpens: () => db().collection(collections.riskOpen).withConverter(riskOpenConverter),
  riskOpen: (uid: string) => refs.riskOpens().doc(uid),
  /** Server-only documents by collection name, untyped (the tests' and scripts' way in). */
  internal: (collection: (typeof collections)[keyof typeof collections]) => db().collection(collection),
};
