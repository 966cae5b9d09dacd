/**
 * The Firestore documents, as both the functions and the web app see them (docs/data-model.md explains each
 * collection). Money is integer cents (fields ending in _cents); times are Dates once read through a
 * converter; field names follow SPEC.md §3 (snake_case).
 */
import { advertiserIds, type AdvertiserId } from "./advertisers.js";
import { defaultCommissionRate, defaultRepeatRates, type RepeatRates } from "./commission.js";
import { defaultMembership, type Deal, type GroupMembership, type PastGroup } from "./commission-groups.js";
import type { CustomerIdentifiers } from "./customer-identifiers.js";
import type { DayFigures, DayKey } from "./days.js";
import type { Cents } from "./money.js";
import { emptyPayoutDetails, type PayoutDetails, type PayoutType } from "./payout-details.js";
import type { RateChange } from "./promised-terms.js";
import type { OutboundPostback } from "./outbound-postbacks.js";
import type { RecruitShare, Recruitment } from "./recruits.js";
import type { RiskCaseSummary, RiskHeld } from "./risk.js";
import type { SubIds } from "./sub-ids.js";
import { moneyKeysOf, summaryKeysOf, type SummaryKeys } from "./summary-keys.js";

export const collections = {
  advertisers: "advertisers",
  affiliates: "affiliates",
  /** affiliates/{uid}/transactions */
  transactions: "transactions",
  /** affiliates/{uid}/days */
  days: "days",
  /** affiliates/{uid}/click_shards */
  clickShards: "click_shards",
  /** affiliates/{uid}/days/{day}/address_blocks/{salted key}: sign-ups from one address block (server-only). */
  addressBlocks: "address_blocks",
  payouts: "payouts",
  events: "events",
  // Server-only: no client may read or write these (firestore.rules).
  counters: "counters",
  clicks: "clicks",
  pendingRefunds: "pending_refunds",
  rateLimits: "rate_limits",
  /** payout_audit/{invoiceNumber}: who recorded each payout, which the payout's affiliate must not learn. */
  payoutAudit: "payout_audit",
  /** affiliates/{uid}/recruits/{no}: what each of the affiliate's recruits earned them (issue 34, server-only). */
  recruits: "recruits",
  /** postback_outbox/{id}: affiliates' postbacks to call, staged with the conversion (server-only). */
  postbackOutbox: "postback_outbox",
  /** postback_lanes/{uid}: the calls to an affiliate's receivers in flight now (server-only). */
  postbackLanes: "postback_lanes",
  /** affiliates/{uid}/postback_deliveries: each call of an affiliate's postback, for their delivery log. */
  postbackDeliveries: "postback_deliveries",
  /** integrations/{advertiser}: postback tokens, and /postbacks the log of postbacks received (issue 18). */
  integrations: "integrations",
  /** mail/{id}: e-mails for the Trigger Email extension to send, one per cause (domain/notifications.ts). */
  mail: "mail",
  /** payout_batches/{id}: payouts recorded together, and each one's state (domain/payout-batch.ts). */
  payoutBatches: "payout_batches",
  /** suspension_audit/{id}: who suspended or reinstated an affiliate, when and why. */
  suspensionAudit: "suspension_audit",
  /** advertisers/{id}/settings_versions/{n}: each version of the programme settings (server-only). */
  settingsVersions: "settings_versions",
  /** advertisers/{id}/rate_history/changes: every change of the programme's rates, for promised terms (issue 34). */
  rateHistory: "rate_history",
  /** commission_groups/{id}, and /versions/{n}: the commission groups and their versions (issue 34, server-only). */
  commissionGroups: "commission_groups",
  groupVersions: "versions",
  /** group_moves/{id}: who moved an affiliate to another group, when and why (server-only). */
  groupMoves: "group_moves",
  /** deal_audit/{id}: who set, changed or ended an affiliate's deal, when and why (server-only). */
  dealAudit: "deal_audit",
  /** adjustment_audit/{uid}_{key}: who adjusted an affiliate's balance by hand, when, how much and why (server-only). */
  adjustmentAudit: "adjustment_audit",
  /** reward_rules/{groupId}, and /versions/{n}: a group's tiers and bonuses and their versions (server-only). */
  rewardRules: "reward_rules",
  /** funnel_shards/{advertiser}_{n}: the programme's funnels per advertiser, in shards (server-only). */
  funnelShards: "funnel_shards",
  /** tracker_funnels/{advertiser}_{uid}_{tracker}: each affiliate's tracker's funnel (server-only). */
  trackerFunnels: "tracker_funnels",
  /** payout_destinations/{salted hash}: who uses each payout destination (domain/shared-destination.ts). */
  payoutDestinations: "payout_destinations",
  /** payout_destination_members/{uid}: which of those entries an affiliate is in (server-only). */
  payoutDestinationMembers: "payout_destination_members",
  /** sign_in_devices/{salted key}: who was seen on each sign-in device (domain/shared-device.ts; server-only). */
  signInDevices: "sign_in_devices",
  /** risk_identity/{uid}: the affiliate's own identifiers as salted keys, for self-referral (server-only). */
  riskIdentity: "risk_identity",
  /** risk_rules/{advertiser}: the risk rules in force, apart from the public advertiser document (server-only). */
  riskRules: "risk_rules",
  /** risk_cases/{id}: an affiliate's risk case, its events and resolution (server-only; domain/risk.ts). */
  riskCases: "risk_cases",
  /** risk_cases/{id}/signals/{key}: each signal a case has recorded, so the same one twice adds nothing. */
  riskSignals: "signals",
  /**
   * risk_open/{uid}: the affiliate's open case in brief, whatever its action (server-only): how a signal finds
   * the case to add to, and the staff list its risk mark, without the affiliate's own document naming a case
   * that only flags.
   */
  riskOpen: "risk_open",
} as const;

/** A tracker's figures (SPEC.md §3: total_earnings, total_sign_ups, total_clicks, total_sales). */
export interface TrackerTotals {
  earnings_cents: Cents;
  sign_ups: number;
  clicks: number;
  sales: number;
  /**
   * First sales (repeat index 0) among the sales: the conversion report's last step (issue 18). Absent from
   * figures recorded before it was counted, which read as 0.
   */
  first_sales?: number;
}

/**
 * One landing page's funnel for an affiliate (issue 18's conversion report): clicks sent to it, and the
 * sign-ups and first sales reported with the click id of one of those clicks.
 */
export interface LandingTotals {
  clicks: number;
  sign_ups: number;
  first_sales: number;
}

/** A funnel's figures wherever they are kept: a landing page's, a tracker's, an advertiser's programme. */
export type FunnelFigures = LandingTotals;

/** The key of the default (home) landing page among an advertiser's landing figures; others are its path. */
export const defaultLandingKey = "default";

/** One advertiser's figures for an affiliate. */
export interface AdvertiserTotals extends TrackerTotals {
  refunded_cents: Cents;
  refunds: number;
  /**
   * Clicks by bots and headless browsers on the advertiser's links, counted apart from `clicks` (issue 33;
   * docs/tracking.md). Absent from figures recorded before they were, which read as 0.
   */
  filtered_clicks?: number;
  /**
   * Of the filtered clicks, those from hosting and datacenter networks with a browser's user agent
   * (tracking/hosting-networks.ts); the rest are bots' by their user agent. Absent until one comes.
   */
  datacenter_clicks?: number;
}

/** The default (suffix-less) link's key among the trackers; a real tracker always starts with "/". */
export const defaultTrackerKey = "default";

/** The key under which the figures of every removed tracker link are kept together (domain/trackers.ts). */
export const removedTrackersKey = "removed";

/**
 * affiliates/{uid}: everything one dashboard load needs, in one document (one read), and the keys the
 * advertiser list is queried by (domain/summary-keys.ts).
 */
export interface AffiliateDoc extends PayoutDetails, SummaryKeys {
  uid: string;
  email: string;
  created_at: Date;
  /**
   * The affiliate's commission rates. They are what sales earn only when `custom_terms` is set (an
   * individual deal); otherwise sales earn the programme's rates in force (domain/programme-settings.ts),
   * and these keep the rates the affiliate joined on.
   */
  commission_rate: number;
  repeat_rates: RepeatRates;
  /**
   * Whether the affiliate's own rates apply instead of the programme's (issue 19). Read as a deal with those
   * rates (domain/commission-groups.ts dealOf) until `npm run migrate:deals` makes it one and clears it.
   */
  custom_terms: boolean;
  /** The commission group they are in (issue 34), named so the dashboard shows it without another read. */
  group: GroupMembership;
  /** Their earlier groups, newest first (at most pastGroupsKept): a sale reported late earns the one it happened in. */
  past_groups: PastGroup[];
  /** Their individual deal, if any: overrides of the group's terms, from a moment, perhaps until one. */
  deal: Deal | null;
  /** The bonuses credited to them (issue 34; ids), so a sale checks no bonus already won. Absent: none. */
  bonuses_won?: string[];
  fraud_user: boolean;
  /** The July 4th tracking-bug compensation credited to this affiliate (SPEC.md §1), 0 for none. */
  july4bug_comp_cents: Cents;
  payout_pending: boolean;
  /** The pending payout's id (its invoice number), while one is pending. */
  pending_payout_id: string | null;
  last_payout: Date | null;
  /** The newest payout's invoice, kept here so the advertiser summary reads one document per affiliate. */
  latest_invoice: InvoiceSnapshot | null;
  total_earnings_cents: Cents;
  total_refunded_cents: Cents;
  total_refunds: number;
  total_payouts_cents: Cents;
  total_sign_ups: number;
  total_clicks: number;
  /**
   * Clicks by bots and headless browsers (a user agent that says so: tracking/bot-traffic.ts), counted
   * apart: not in total_clicks, and given no click id (issue 33). Kept in total, per advertiser and per day
   * (the day documents), not per tracker nor in recent_days: the document's bound would grow for a figure
   * nobody reads there.
   */
  total_filtered_clicks: number;
  /**
   * Of total_filtered_clicks, the clicks from hosting and datacenter networks (a cloud, a VPS, a datacenter a
   * VPN rents: tracking/hosting-networks.ts) whose user agent is a browser's; the rest are bots' (issue 33).
   * Kept where the filtered clicks are.
   */
  total_datacenter_clicks: number;
  total_sales: number;
  by_advertiser: Record<AdvertiserId, AdvertiserTotals>;
  /**
   * Per advertiser, per tracker: the live links' suffixes ("/abc"), "default" for the plain link and for
   * events naming a tracker that is not a link, "removed" for removed links (bounded: domain/trackers.ts).
   */
  trackers: Record<AdvertiserId, Record<string, TrackerTotals>>;
  /** The custom tracker suffixes shown as links, per advertiser (SPEC.md's visible_custom_links). */
  links: Record<AdvertiserId, string[]>;
  /**
   * Per advertiser, per landing page of the catalogue ("default" for the home page, else its path): the
   * funnel of the clicks sent there (bounded by the catalogue: domain/landing-pages.ts).
   */
  landings: Record<AdvertiserId, Record<string, LandingTotals>>;
  /** The affiliate's postbacks to their own tracker (at most 5; domain/outbound-postbacks.ts). */
  postbacks: OutboundPostback[];
  /**
   * The last few months' daily figures (the newest 95 UTC days), kept beside the day documents so the
   * Last 7 Days cards and the 7-, 30- and 90-day chart cost no extra reads. Older keys are pruned as days pass.
   */
  recent_days: Record<DayKey, DayFigures>;
  /**
   * Commission in its hold period (issue 19), by the UTC day it matures on (available from 00:00 UTC that
   * day). Bounded by the longest hold: matured days are pruned by the next ledger write (domain/balance.ts).
   */
  held: Record<DayKey, Cents>;
  /**
   * The open risk case (issue 33, domain/risk.ts) in brief while it holds commission, or null: on this
   * document so the ledger's read of the affiliate sees it, and no click or event reads anything more to
   * learn it. A case that only flags is not here (the affiliate reads this document): risk_open has it.
   */
  risk_case: RiskCaseSummary | null;
  /**
   * Commission held by the open case (sales recorded while it holds), by advertiser and the day it would have
   * matured on: not payable until staff release it (back to `held`) or confirm it (cancelled).
   */
  risk_held: RiskHeld;
  /**
   * How the affiliate was recruited (issue 34, domain/recruits.ts): written by create_account only, absent or
   * null for an affiliate who signed up without a recruit link.
   */
  recruited_by?: Recruitment | null;
  /** How many recruits they have (direct and further up to the programme's levels): numbers them "Recruit n". */
  recruits_count?: number;
}

/** How many days `recent_days` keeps: the 90-day chart plus a margin for late events. */
export const recentDaysKept = 95;

function perAdvertiser<T>(make: () => T): Record<AdvertiserId, T> {
  return Object.fromEntries(advertiserIds.map((id) => [id, make()])) as Record<AdvertiserId, T>;
}

export const emptyTrackerTotals = (): TrackerTotals => ({
  earnings_cents: 0,
  sign_ups: 0,
  clicks: 0,
  sales: 0,
  first_sales: 0,
});
export const emptyAdvertiserTotals = (): AdvertiserTotals => ({
  ...emptyTrackerTotals(),
  refunded_cents: 0,
  refunds: 0,
});

/** A new affiliate, as create_account makes it: SPEC.md's defaults, nothing earned. */
export function newAffiliate(uid: string, email: string, now: Date): AffiliateDoc {
  const affiliate = blankAffiliate(uid, email, now);
  return { ...affiliate, ...summaryKeysOf(affiliate) };
}

/** newAffiliate without its search keys (withAffiliateDefaults fills them only when a document lacks them). */
function blankAffiliate(uid: string, email: string, now: Date): AffiliateDoc {
  return {
    ...emptyPayoutDetails,
    uid,
    email,
    invoice_email: email,
    created_at: now,
    commission_rate: defaultCommissionRate,
    repeat_rates: { ...defaultRepeatRates },
    custom_terms: false,
    group: defaultMembership(),
    past_groups: [],
    deal: null,
    fraud_user: false,
    july4bug_comp_cents: 0,
    payout_pending: false,
    pending_payout_id: null,
    last_payout: null,
    latest_invoice: null,
    total_earnings_cents: 0,
    total_refunded_cents: 0,
    total_refunds: 0,
    total_payouts_cents: 0,
    total_sign_ups: 0,
    total_clicks: 0,
    total_filtered_clicks: 0,
    total_datacenter_clicks: 0,
    total_sales: 0,
    by_advertiser: perAdvertiser(emptyAdvertiserTotals),
    trackers: perAdvertiser(() => ({})),
    links: perAdvertiser(() => []),
    landings: perAdvertiser(() => ({})),
    postbacks: [],
    recent_days: {},
    held: {},
    risk_case: null,
    risk_held: {},
    owed_cents: 0,
    risk_margin_cents: 0,
    search_keys: [],
  };
}

/**
 * A stored affiliate with any field it lacks (an older document, or a read through a field mask) filled
 * with the default; the money keys are computed when missing (no code reads the search keys from memory).
 */
export function withAffiliateDefaults(data: Partial<AffiliateDoc> & { uid: string }): AffiliateDoc {
  const base = blankAffiliate(data.uid, data.email ?? "", data.created_at ?? new Date(0));
  const affiliate: AffiliateDoc = {
    ...base,
    ...data,
    by_advertiser: { ...base.by_advertiser, ...data.by_advertiser },
    trackers: { ...base.trackers, ...data.trackers },
    links: { ...base.links, ...data.links },
    landings: { ...base.landings, ...data.landings },
  };
  return data.owed_cents === undefined ? { ...affiliate, ...moneyKeysOf(affiliate) } : affiliate;
}

/** A "bonus" is a group's bonus credited once its goal was reached (issue 34, domain/rewards.ts). */
export type TransactionType =
  "sale" | "refund" | "chargeback" | "adjustment" | "cancellation" | "recruit_share" | "bonus";

/** affiliates/{uid}/transactions/{advertiser}_{eventId}: one ledger entry (SPEC.md §3's Transaction). */
export interface TransactionDoc {
  type: TransactionType;
  advertiser_id: AdvertiserId;
  /** The advertiser's id for the event (SPEC.md's {product}_id). */
  event_id: string;
  /** The tracker suffix the sale came through (SPEC.md's {product}_tracker), "" for the plain link. */
  tracker: string;
  /** When it happened at the advertiser. */
  timestamp: Date;
  recorded_at: Date;
  /** What the customer paid (sale) or got back (refund, chargeback). */
  transaction_cost_cents: Cents;
  /** The commission: positive for a sale or credit, negative for a clawback. */
  earnings_cents: Cents;
  /** 0 for a first sale, n for the n-th renewal; null for other entries. */
  repeat_index: number | null;
  /** The commission rate applied to a sale. */
  rate: number | null;
  /** For a sale: whether any of it has been refunded or charged back. */
  refunded: boolean;
  refunded_amount_cents: Cents;
  clawed_back_cents: Cents;
  /** For a refund or chargeback: the sale's event id. */
  refers_to: string | null;
  /** For an adjustment: why. */
  note: string | null;
  /** For a sale reported by click id (a postback): the click it was credited to. */
  click_id?: string;
  /**
   * For a sale: the UTC day its commission leaves the hold period (issue 19). A refund before that day
   * cancels the held commission; after it, it claws back from the balance. Absent on sales recorded before
   * commissions were held (they were payable at once).
   */
  matures_on?: DayKey;
  /**
   * For a sale recorded while a risk case held the affiliate's commission (issue 33): the case. Its
   * commission is in `risk_held` until the case is resolved; a cancellation entry names the case too.
   */
  risk_case_id?: string;
  /**
   * For a recruit's sale (issue 34): each recruiter's share of its commission and how much of it was clawed
   * back, so a refund claws back the same part from them. A `recruit_share` entry (on the recruiter: a share,
   * or negative, its clawback) names the recruit by number in its note, never by id.
   */
  recruit_shares?: RecruitShare[];
}

/**
 * affiliates/{uid}/days/{yyyy-mm-dd}: one UTC day's figures, also per advertiser. (Documents written before
 * per-tracker day figures were dropped may still hold a `trackers` map; nothing reads it.)
 */
export interface DayDoc extends DayFigures {
  date: DayKey;
  refunded_cents: Cents;
  /** The day's clicks by bots and headless browsers, counted apart (absent on days without any). */
  filtered_clicks?: number;
  /** Of them, those from hosting and datacenter networks (absent on days without any). */
  datacenter_clicks?: number;
  by_advertiser: Partial<Record<AdvertiserId, DayFigures & { filtered_clicks?: number; datacenter_clicks?: number }>>;
}

/**
 * affiliates/{uid}/days/{yyyy-mm-dd}/address_blocks/{key} (server-only): the affiliate's sign-ups that day
 * whose customer's address is in one address block (issue 33, domain/address-blocks.ts), the block named only
 * by its salted key (data/address-blocks.ts). Written by the ledger's transaction, with an increment.
 */
export interface AddressBlockDoc {
  uid: string;
  date: DayKey;
  sign_ups: number;
  /** The day + blockDaysKept (domain/address-blocks.ts): a TTL policy deletes the document then. */
  expire_at: Date;
}

export type PayoutStatus = "pending" | "paid";

/** What an invoice says, frozen when the payout is requested (the PDF is always rendered from this). */
export interface InvoiceSnapshot {
  invoice_number: string;
  issued_at: Date;
  due_at: Date;
  /** The period the payout covers, e.g. "October 2026". */
  period: string;
  amount_cents: Cents;
  payee: PayoutDetails;
}

/**
 * payouts/{invoiceNumber}: a requested payout and, once staff record it, its payment. Its affiliate reads it,
 * so it names nobody else: who recorded it is in its PayoutAuditDoc.
 */
export interface PayoutDoc {
  uid: string;
  amount_cents: Cents;
  status: PayoutStatus;
  method: PayoutType;
  requested_at: Date;
  paid_at: Date | null;
  invoice: InvoiceSnapshot;
}

/** A staff member who recorded a payout. */
export interface Recorder {
  uid: string;
  email: string;
}

/** payout_audit/{invoiceNumber} (server-only): who recorded the payout of that number as paid, and when. */
export interface PayoutAuditDoc {
  recorded_by: Recorder;
  recorded_at: Date;
  /** The batch that recorded it (payout_batches/{id}), when one did. */
  batch_id?: string;
}

export type EventType = "click" | "sign_up" | "sale" | "refund" | "chargeback";

/** events/{advertiser}_{eventId}: every accepted advertiser event, for idempotency and audit. */
export interface EventDoc {
  advertiser_id: AdvertiserId;
  event_id: string;
  type: EventType;
  uid: string;
  /** SHA-256 of the raw body: the same id with another body is a conflict, not a duplicate. */
  body_sha256: string;
  received_at: Date;
  /** What it did: applied, held until its sale arrives, or ignored (and why). */
  outcome: "applied" | "pending" | "ignored";
  detail: string | null;
  /**
   * A sign-up's or sale's customer identifiers (issue 33), each only as its salted key
   * (data/risk-identity.ts), never as sent; absent when none were sent.
   */
  customer?: CustomerIdentifiers;
}

/** A refund or chargeback that arrived before its sale, waiting in pending_refunds for it. */
export interface PendingRefund {
  type: "refund" | "chargeback";
  event_id: string;
  /** The refunded part of the payment; null for all that is left. */
  amount_cents: Cents | null;
  occurred_at: Date;
}

/**
 * pending_refunds/{advertiser}_{saleId} (server-only): the refunds waiting for one sale, applied when it
 * arrives (events come out of order) and then deleted.
 */
export interface PendingRefundsDoc {
  advertiser_id: AdvertiserId;
  sale_id: string;
  uid: string;
  refunds: PendingRefund[];
  /** When the first of them was received; absent on a document written before this field existed. */
  first_received_at?: Date;
}

/**
 * affiliates/{uid}/click_shards/{n}: clicks counted but not yet rolled up into the affiliate and its days,
 * by UTC day, advertiser and tracker key ("default" or "/abc"), followed by "@" and the landing page's key
 * ("default@/ai-porn"; a key without "@", written before landing pages were counted, has none).
 */
export interface ClickShardDoc {
  clicks: number;
  days: Record<DayKey, Partial<Record<AdvertiserId, Record<string, number>>>>;
  /**
   * Clicks by bots and headless browsers (issue 33), counted apart from `clicks` and `days`: how many, and by
   * UTC day and advertiser (not by tracker: the affiliate keeps them per advertiser). Absent until one comes.
   */
  filtered_clicks?: number;
  filtered?: Record<DayKey, Partial<Record<AdvertiserId, number>>>;
  /** Of the filtered clicks, those from hosting and datacenter networks, likewise. Absent until one comes. */
  datacenter_clicks?: number;
  datacenter?: Record<DayKey, Partial<Record<AdvertiserId, number>>>;
}

/**
 * clicks/{clickId}: one counted click (server-only), kept for its advertiser's attribution window so a
 * conversion reported by its click id is credited to it (domain/clicks.ts). Also the visit record: its id
 * is derived from the visitor, the link and the hour, so a second click in the hour finds it exists.
 */
export interface ClickDoc extends SubIds {
  uid: string;
  advertiser_id: AdvertiserId;
  /** The tracker suffix counted ("/abc"), "" for the plain link: as a ledger entry's `tracker`. */
  tracker: string;
  /** The catalogue landing page the visitor was sent to, "" for the home page. */
  landing: string;
  clicked_at: Date;
  /**
   * clicked_at + the attribution window: conversions from then on are refused, and a TTL policy deletes it.
   * Null once the click has converted (converted_at): its renewals and refunds come later, for as long as
   * the customer pays, so a converted click is kept.
   */
  expire_at: Date | null;
  /** When its first sign-up or sale was credited; null until then. Absent on clicks recorded before. */
  converted_at?: Date | null;
  /**
   * That first conversion as reported (its kind, the advertiser's id for it and when it happened), so the
   * simulation can time it as the postback was timed (domain/fast-conversion.ts). Absent before it converted,
   * and on clicks that converted before this was kept.
   */
  first_conversion?: { type: "sign_up" | "sale"; event_id: string; occurred_at: Date };
  /** A click made on the integration page for test conversions: they are logged and credit nobody. */
  test?: boolean;
}

/**
 * funnel_shards/{advertiser}_{n} (server-only): one of the `funnelShardCount` shards of an advertiser's
 * programme funnels (the conversion report's totals and landing pages), each the sum of the affiliates whose
 * uid falls in it (domain/conversion-report.ts). Added to by every write of an affiliate's landing or tracker
 * figures (data/aggregates.ts), in its transaction.
 */
export interface FunnelShardDoc {
  advertiser_id: AdvertiserId;
  /** Every tracker's figures added up (the removed trackers' too): the report's totals. */
  totals: FunnelFigures;
  /** By landing key ("default", "/ai-porn"), as the affiliates' `landings`. */
  landings: Record<string, FunnelFigures>;
}

/**
 * tracker_funnels/{advertiser}_{uid}_{tracker} (server-only, id from trackerFunnelId): the funnel of one key
 * of an affiliate's tracker map, kept beside it by the same writes, so the report finds the best converting
 * links with one query instead of reading every affiliate.
 */
export interface TrackerFunnelDoc extends FunnelFigures {
  uid: string;
  advertiser_id: AdvertiserId;
  /** The tracker key, as in the affiliate's `trackers`: "default", "/tw" or "removed". */
  tracker: string;
  /**
   * True once the link was removed and its figures moved to "removed" (absent while it is a link, the default
   * link or "removed"). Figures an event racing the removal added since belong to the removed trackers, as
   * the affiliate's own folded key does (domain/trackers.ts's trackerRows).
   */
  folded?: boolean;
  /** Set by every write of figures, false when a removal resets the document: a folded one with figures. */
  counted?: boolean;
}

/** advertisers/{id}: the public registry entry the web pages show. */
export interface AdvertiserDoc {
  name: string;
  website: string;
  link_domain: string;
  assets_url: string;
  description: string;
  commission_rate: number;
  repeat_rates: RepeatRates;
  /** Days a click can be credited with a conversion (1 to 365); absent: config's default (30). */
  attribution_window_days?: number;
  /** Days a sale's commission is held before it can be paid out (0 to 365); absent: the default (30). */
  hold_days?: number;
  /** The catalogue paths links may land on; absent: the whole catalogue. */
  landing_pages?: string[];
  /** The programme settings' version (domain/programme-settings.ts); absent: never changed by an admin. */
  settings_version?: number;
  settings_updated_at?: Date;
  /**
   * When a change last lowered a rate (domain/promised-terms.ts): affiliates who joined before it may be owed
   * the rates they joined on, kept in rate_history; absent: no rate was ever lowered with a promise.
   */
  rates_lowered_at?: Date;
}

/** advertisers/{id}/rate_history/changes: the programme's rate changes, oldest first (signed-in users read it). */
export interface RateHistoryDoc {
  changes: RateChange[];
}

/**
 * Firestore hands back its own Timestamp class (a different one in the Admin and web SDKs); both have
 * toDate(). Turns every such value in a document into a Date, so the rest of the code sees plain data.
 */
export function reviveDates<T>(value: unknown): T {
  if (value === null || typeof value !== "object" || value instanceof Date) return value as T;
  if (typeof (value as { toDate?: unknown }).toDate === "function") return (value as { toDate(): Date }).toDate() as T;
  if (Array.isArray(value)) return value.map((item) => reviveDates(item)) as T;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, reviveDates(item)])) as T;
}

/** An affiliate document as stored (Timestamps, perhaps older fields missing) as the domain reads it. */
export function reviveAffiliate(data: object): AffiliateDoc {
  return withAffiliateDefaults(reviveDates<Partial<AffiliateDoc> & { uid: string }>(data));
}
