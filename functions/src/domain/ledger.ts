/**
 * How advertiser events change an affiliate's figures, as pure functions. The events endpoint applies them
 * inside a Firestore transaction; tests feed the same functions the same events to get the expected totals.
 */
import { isAdvertiserId, type AdvertiserId } from "./advertisers.js";
import { refundClawback, saleCommission } from "./commission.js";
import { maturedHeldDays } from "./balance.js";
import { dealOf, withDeal, type SaleTermsOf } from "./commission-groups.js";
import { dayKey, daysAfter, lastDays, type DayKey } from "./days.js";
import type { Cents } from "./money.js";
import { clickTracker, countedTracker, type TrackerLinks } from "./trackers.js";
import { findLandingPage } from "./landing-pages.js";
import type { RiskCaseStatus, RiskCaseSummary } from "./risk.js";
import { summaryKeyIncrements } from "./summary-keys.js";
import {
  defaultLandingKey,
  defaultTrackerKey,
  recentDaysKept,
  type AffiliateDoc,
  type ClickShardDoc,
  type TransactionDoc,
} from "./model.js";

/** What one event adds to an affiliate's figures. */
export interface Figures {
  clicks: number;
  sign_ups: number;
  sales: number;
  earnings_cents: Cents;
  refunded_cents: Cents;
  refunds: number;
  /** Sales with repeat index 0: a customer's first payment. */
  first_sales: number;
  /** Clicks by bots and headless browsers, counted apart from `clicks` (issue 33). */
  filtered_clicks: number;
  /** Of the filtered clicks, those from hosting and datacenter networks (a subset, not added to them). */
  datacenter_clicks: number;
}

/** Figures for one advertiser, tracker and UTC day. */
export interface LedgerChange {
  advertiser: AdvertiserId;
  /** The tracker the figures count towards: a link's suffix ("/tw"), "" for the default link, or "removed". */
  tracker: string;
  day: DayKey;
  figures: Partial<Figures>;
  /**
   * The landing page the figures came through (a catalogue path, "" for the home page): a click's, and a
   * conversion's reported by click id. Undefined when not known (an event without a click id).
   */
  landing?: string;
  /**
   * Commission entering (positive) or leaving (negative) its hold period's bucket: a sale's commission
   * held until `day`, or a refund cancelling it before then.
   */
  held?: { day: DayKey; cents: Cents };
  /**
   * Commission entering (positive) or leaving (negative) the open risk case's hold (issue 33): a sale's
   * recorded while the case holds, or a refund of such a sale while the case is still open.
   */
  riskHeld?: { day: DayKey; cents: Cents };
  /** Figures that belong to no tracker (a recruiter's share of a recruit's commission, issue 34). */
  untracked?: boolean;
}

export function trackerKey(suffix: string): string {
  return suffix === "" ? defaultTrackerKey : suffix;
}

/** A landing page's key among the landing figures: "default" for the home page, else its catalogue path. */
export function landingKey(landing: string): string {
  return landing === "" ? defaultLandingKey : landing;
}

/** The click shard key for clicks on a tracker through a landing page: "default@/ai-porn", "/tw@default". */
export function clickShardKey(suffix: string, landing: string): string {
  return `${trackerKey(suffix)}@${landingKey(landing)}`;
}

/**
 * A click shard key's tracker suffix and landing page. Keys written before landing pages were counted
 * have no "@" and no landing; a landing that is not in the catalogue (nothing writes one) is dropped too.
 */
export function parseClickShardKey(key: string): { suffix: string; landing?: string } {
  const at = key.indexOf("@");
  const tracker = at === -1 ? key : key.slice(0, at);
  const suffix = tracker === defaultTrackerKey ? "" : tracker;
  if (at === -1) return { suffix };
  const landingPart = key.slice(at + 1);
  const landing = landingPart === defaultLandingKey ? "" : landingPart;
  return findLandingPage(landing) ? { suffix, landing } : { suffix };
}

/**
 * The clicks waiting in click shards, as changes to apply (by the roll-up, or on top of the totals shown).
 * A shard's tracker was a live link when the click counted; one removed since goes to the removed trackers.
 */
export function pendingClickChanges(shards: ClickShardDoc[], links: TrackerLinks): LedgerChange[] {
  const changes: LedgerChange[] = [];
  for (const shard of shards) {
    for (const [day, byAdvertiser] of Object.entries(shard.days ?? {})) {
      for (const [advertiser, trackers] of Object.entries(byAdvertiser ?? {})) {
        if (!isAdvertiserId(advertiser)) continue;
        for (const [key, clicks] of Object.entries(trackers ?? {})) {
          const { suffix, landing } = parseClickShardKey(key);
          const tracker = clickTracker(links, advertiser, suffix);
          if (clicks > 0)
            changes.push({
              advertiser,
              tracker,
              day,
              figures: { clicks },
              ...(landing === undefined ? {} : { landing }),
            });
        }
      }
    }
    // Filtered clicks, and which of them came from datacenters: by day and advertiser only, so they touch no
    // tracker or landing.
    for (const [map, field] of [
      [shard.filtered, "filtered_clicks"],
      [shard.datacenter, "datacenter_clicks"],
    ] as const) {
      for (const [day, byAdvertiser] of Object.entries(map ?? {})) {
        for (const [advertiser, count] of Object.entries(byAdvertiser ?? {})) {
          if (isAdvertiserId(advertiser) && (count ?? 0) > 0) {
            changes.push({ advertiser, tracker: "", day, figures: { [field]: count } });
          }
        }
      }
    }
  }
  return changes;
}

/** An affiliate as the dashboard shows it: the stored figures plus the clicks not yet rolled up. */
export function withPendingClicks(affiliate: AffiliateDoc, shards: ClickShardDoc[], now: Date): AffiliateDoc {
  const changes = pendingClickChanges(shards, affiliate.links);
  return changes.length === 0 ? affiliate : { ...affiliate, ...applyToAffiliate(affiliate, changes, now) };
}

/**
 * What changes add, as a tree shaped like the document they add to: numbers at the leaves. The functions
 * write it as Firestore increments (no read of the hot document, so concurrent events never contend for
 * it); addIncrements applies the same tree in memory, for the dashboard's pending clicks and the tests'
 * reference model. One tree, so the stored and the computed figures cannot drift apart.
 */
export interface Increments {
  [field: string]: number | Increments;
}

const trackerFields = ["earnings_cents", "sign_ups", "clicks", "sales", "first_sales"] as const;
const landingFields = ["clicks", "sign_ups", "first_sales"] as const;
const dayFields = ["clicks", "sign_ups", "sales", "earnings_cents"] as const;
/** A day document's figures: recent_days' and the filtered clicks, which the affiliate keeps only there. */
const dayDocFields = [...dayFields, "filtered_clicks", "datacenter_clicks"] as const;
const advertiserFields = [
  ...trackerFields,
  "refunded_cents",
  "refunds",
  "filtered_clicks",
  "datacenter_clicks",
] as const;
const totalFields = {
  total_earnings_cents: "earnings_cents",
  total_refunded_cents: "refunded_cents",
  total_refunds: "refunds",
  total_sign_ups: "sign_ups",
  total_clicks: "clicks",
  total_filtered_clicks: "filtered_clicks",
  total_datacenter_clicks: "datacenter_clicks",
  total_sales: "sales",
} as const satisfies Record<string, keyof Figures>;

function node(tree: Increments, ...path: string[]): Increments {
  let current = tree;
  for (const key of path) current = (current[key] ??= {}) as Increments;
  return current;
}

const touches = (figures: Partial<Figures>, fields: readonly (keyof Figures)[]) =>
  fields.some((field) => (figures[field] ?? 0) !== 0);

/** The figures a change writes only when it carries them. */
const writtenOnlyWhenCarried: readonly (keyof Figures)[] = ["filtered_clicks", "datacenter_clicks"];

/**
 * Whether a field belongs in a change's increments: every figure does, but the filtered and datacenter
 * clicks only when the change carries them, so a sale or a person's click writes no 0 for them (in a day
 * document, or in an affiliate's written before they were counted: an increment of a missing field starts
 * from 0 all the same).
 */
const moves =
  (figures: Partial<Figures>) =>
  (field: keyof Figures): boolean =>
    !writtenOnlyWhenCarried.includes(field) || figures[field] !== undefined;

function addFigures(target: Increments, figures: Partial<Figures>, fields: readonly (keyof Figures)[]): void {
  for (const field of fields) target[field] = ((target[field] as number | undefined) ?? 0) + (figures[field] ?? 0);
}

/** The affiliate document's increments: totals, per advertiser, per tracker, and recent days in the window. */
export function affiliateIncrements(changes: LedgerChange[], now: Date): Increments {
  const tree: Increments = {};
  const kept = new Set(lastDays(now, recentDaysKept));
  for (const { advertiser, tracker, day, figures, landing, held, riskHeld, untracked } of changes) {
    for (const [total, field] of Object.entries(totalFields)) {
      if (moves(figures)(field)) tree[total] = ((tree[total] as number | undefined) ?? 0) + (figures[field] ?? 0);
    }
    // The advertiser list's keys move with the totals they are made of, in the same write.
    const keys = summaryKeyIncrements({
      earningsCents: figures.earnings_cents ?? 0,
      refundedCents: figures.refunded_cents ?? 0,
      payoutsCents: 0,
      signUps: figures.sign_ups ?? 0,
    });
    for (const [key, cents] of Object.entries(keys)) {
      if (cents !== 0) tree[key] = ((tree[key] as number | undefined) ?? 0) + cents;
    }
    addFigures(node(tree, "by_advertiser", advertiser), figures, advertiserFields.filter(moves(figures)));
    // A refund changes no tracker figure: it must not bring back the key of a tracker removed since its sale.
    if (!untracked && touches(figures, trackerFields)) {
      addFigures(node(tree, "trackers", advertiser, trackerKey(tracker)), figures, trackerFields);
    }
    if (landing !== undefined && touches(figures, landingFields)) {
      addFigures(node(tree, "landings", advertiser, landingKey(landing)), figures, landingFields);
    }
    if (kept.has(day)) {
      // A first sale's count too (issue 34's tiers and bonuses measure it), only where one is carried.
      const fields = figures.first_sales === undefined ? dayFields : [...dayFields, "first_sales" as const];
      addFigures(node(tree, "recent_days", day), figures, fields);
    }
    if (held && held.cents !== 0) {
      const buckets = node(tree, "held");
      buckets[held.day] = ((buckets[held.day] as number | undefined) ?? 0) + held.cents;
    }
    if (riskHeld && riskHeld.cents !== 0) {
      const buckets = node(tree, "risk_held", advertiser);
      buckets[riskHeld.day] = ((buckets[riskHeld.day] as number | undefined) ?? 0) + riskHeld.cents;
    }
  }
  return tree;
}

/**
 * What an affiliate's changes add to one advertiser's programme funnels (the conversion report's aggregates).
 * A type, not an interface, so it is itself an Increments tree (addIncrements adds it up in memory).
 */
export type FunnelIncrements = {
  /** To the affiliate's funnel shard: every tracker's funnel steps added up (the report's totals). */
  totals: Increments;
  /** To the affiliate's funnel shard: the landing pages' funnels, by landing key. */
  landings: Increments;
  /** To each tracker's funnel document, by tracker key; a tracker whose funnel does not move is left out. */
  trackers: Record<string, Increments>;
};

/**
 * The programme funnels' increments per advertiser, taken from the affiliate's own (affiliateIncrements): the
 * funnel steps (clicks, sign-ups, first sales) of its tracker and landing figures, so the programme's
 * figures are always the sum of the affiliates' (domain/conversion-report.ts reads them).
 */
export function funnelIncrements(affiliate: Increments): Partial<Record<AdvertiserId, FunnelIncrements>> {
  const byAdvertiser: Partial<Record<AdvertiserId, FunnelIncrements>> = {};
  const of = (advertiser: string) =>
    (byAdvertiser[advertiser as AdvertiserId] ??= { totals: {}, landings: {}, trackers: {} });
  for (const [advertiser, trackers] of Object.entries((affiliate.trackers ?? {}) as Increments)) {
    for (const [key, tracker] of Object.entries(trackers as Increments)) {
      const figures = tracker as Partial<Figures>;
      if (!touches(figures, landingFields)) continue;
      const funnel = of(advertiser);
      addFigures((funnel.trackers[key] = {}), figures, landingFields);
      addFigures(funnel.totals, figures, landingFields);
    }
  }
  for (const [advertiser, landings] of Object.entries((affiliate.landings ?? {}) as Increments)) {
    of(advertiser).landings = landings as Increments;
  }
  return byAdvertiser;
}

/**
 * One day document's increments, from the changes that fall on that day: totals and per advertiser. Not per
 * tracker: nothing reads that, and a day's map of trackers would grow with every link ever made that day.
 */
export function dayIncrements(changes: LedgerChange[], day: DayKey): Increments {
  const tree: Increments = {};
  for (const { advertiser, figures } of changes.filter((change) => change.day === day)) {
    addFigures(tree, figures, [...dayDocFields, "refunded_cents" as const].filter(moves(figures)));
    addFigures(node(tree, "by_advertiser", advertiser), figures, dayDocFields.filter(moves(figures)));
  }
  return tree;
}

/** The recent_days keys that have left the window and should be deleted. */
export function staleRecentDays(affiliate: Pick<AffiliateDoc, "recent_days">, now: Date): DayKey[] {
  const kept = new Set(lastDays(now, recentDaysKept));
  return Object.keys(affiliate.recent_days ?? {}).filter((day) => !kept.has(day));
}

/** The affiliate's map keys a write should delete: recent days out of the window, matured held buckets. */
export interface StaleKeys {
  recent_days: DayKey[];
  held: DayKey[];
}

/** staleRecentDays and maturedHeldDays of an affiliate read before the write (a key once stale stays stale). */
export function staleKeysOf(affiliate: Pick<AffiliateDoc, "recent_days" | "held">, now: Date): StaleKeys {
  return { recent_days: staleRecentDays(affiliate, now), held: maturedHeldDays(affiliate, now) };
}

/** Adds an increments tree to a document, in memory, returning a new document. */
export function addIncrements<T extends object>(doc: T, tree: Increments): T {
  const next = { ...doc } as Record<string, unknown>;
  for (const [key, value] of Object.entries(tree)) {
    next[key] =
      typeof value === "number"
        ? ((next[key] as number | undefined) ?? 0) + value
        : addIncrements((next[key] as object | undefined) ?? {}, value);
  }
  return next as T;
}

/** The affiliate fields a change touches. */
export type AffiliatePatch = Pick<
  AffiliateDoc,
  | "total_earnings_cents"
  | "total_refunded_cents"
  | "total_refunds"
  | "total_sign_ups"
  | "total_clicks"
  | "total_filtered_clicks"
  | "total_datacenter_clicks"
  | "total_sales"
  | "by_advertiser"
  | "trackers"
  | "landings"
  | "recent_days"
  | "held"
  | "risk_held"
  | "owed_cents"
  | "risk_margin_cents"
>;

/** The affiliate's figures after the changes, computed in memory exactly as the stored increments add up. */
export function applyToAffiliate(affiliate: AffiliateDoc, changes: LedgerChange[], now: Date): AffiliatePatch {
  const recent = { ...affiliate.recent_days };
  const held = { ...affiliate.held };
  const stale = staleKeysOf(affiliate, now);
  for (const day of stale.recent_days) delete recent[day];
  for (const day of stale.held) delete held[day];
  const next = addIncrements({ ...affiliate, recent_days: recent, held }, affiliateIncrements(changes, now));
  return {
    total_earnings_cents: next.total_earnings_cents,
    total_refunded_cents: next.total_refunded_cents,
    total_refunds: next.total_refunds,
    total_sign_ups: next.total_sign_ups,
    total_clicks: next.total_clicks,
    total_filtered_clicks: next.total_filtered_clicks,
    total_datacenter_clicks: next.total_datacenter_clicks,
    total_sales: next.total_sales,
    by_advertiser: next.by_advertiser,
    trackers: next.trackers,
    landings: next.landings,
    recent_days: next.recent_days,
    held: next.held,
    risk_held: next.risk_held,
    owed_cents: next.owed_cents,
    risk_margin_cents: next.risk_margin_cents,
  };
}

// ---------------------------------------------------------------------------------------------------------

/** A sale as recorded: a parsed sale event has exactly these fields (and a few more). */
export interface SaleInput {
  advertiser: AdvertiserId;
  id: string;
  tracker: string;
  amountCents: Cents;
  repeatIndex: number;
  occurredAt: Date;
}

/** The terms for a sale: the settings version and group version in force when it happened (and the deal). */
export type SaleTerms = SaleTermsOf;

/**
 * The terms a sale of the affiliate earns: their deal's where it has one in force when the sale happened
 * (issue 34; `custom_terms` is such a deal), else the programme's and group's.
 */
export function termsFor(
  affiliate: Pick<AffiliateDoc, "deal" | "custom_terms" | "commission_rate" | "repeat_rates">,
  sale: Pick<SaleInput, "advertiser" | "occurredAt">,
  programme: SaleTerms,
): SaleTerms {
  return withDeal(programme, dealOf(affiliate), sale.advertiser, sale.occurredAt);
}

/**
 * A sale's ledger entry and what it adds. The commission follows the programme's terms in force (or the
 * affiliate's own, under an individual deal); a suspended
 * (fraud_user) affiliate's sales are recorded for the advertiser but earn nothing payable. The sale counts
 * towards its tracker only if that is one of the affiliate's links (countedTracker), and says so. Its
 * commission is held for `holdDays` from the sale's day (issue 19): held unless that day has already come.
 */
export function recordSale(
  affiliate: AffiliateDoc,
  sale: SaleInput,
  now: Date,
  programme: SaleTerms,
  /** The open risk case that holds the affiliate's new commission (issue 33), checked open in the transaction. */
  holdingCase: Pick<RiskCaseSummary, "id"> | null = null,
) {
  const tracker = countedTracker(affiliate.links, sale.advertiser, sale.tracker);
  const terms = termsFor(affiliate, sale, programme);
  const commission = saleCommission(sale.amountCents, sale.repeatIndex, terms);
  const { holdDays } = terms;
  const earnings = affiliate.fraud_user ? 0 : commission.cents;
  const entry: TransactionDoc = {
    type: "sale",
    advertiser_id: sale.advertiser,
    event_id: sale.id,
    tracker,
    timestamp: sale.occurredAt,
    recorded_at: now,
    transaction_cost_cents: sale.amountCents,
    earnings_cents: earnings,
    repeat_index: sale.repeatIndex,
    rate: commission.rate,
    refunded: false,
    refunded_amount_cents: 0,
    clawed_back_cents: 0,
    refers_to: null,
    note: affiliate.fraud_user ? "Commission withheld: account suspended." : null,
    matures_on: daysAfter(sale.occurredAt, holdDays),
    ...(holdingCase && earnings > 0 ? { risk_case_id: holdingCase.id } : {}),
  };
  // Held by the case whatever its maturity day: a release puts it back on that day's timeline.
  const riskHeld = entry.risk_case_id !== undefined;
  const held = !riskHeld && entry.matures_on! > dayKey(now) && earnings > 0;
  const change: LedgerChange = {
    advertiser: sale.advertiser,
    tracker,
    day: dayKey(sale.occurredAt),
    figures: { sales: 1, earnings_cents: earnings, ...(sale.repeatIndex === 0 ? { first_sales: 1 } : {}) },
    ...(held ? { held: { day: entry.matures_on!, cents: earnings } } : {}),
    ...(riskHeld ? { riskHeld: { day: entry.matures_on!, cents: earnings } } : {}),
  };
  return { entry, change };
}

/** A refund or chargeback as applied: a parsed refund event has exactly these fields (and a few more). */
export interface RefundInput {
  type: "refund" | "chargeback";
  advertiser: AdvertiserId;
  id: string;
  /** The refunded part of the payment; absent means all of what is left. */
  amountCents?: Cents;
  occurredAt: Date;
}

/**
 * A refund or chargeback of a recorded sale: the clawback entry, the sale's new state and what it takes
 * away. Undefined when the sale is already wholly refunded (a second refund changes nothing). Before the
 * sale's commission matures, the clawback comes out of the held commission, so the payable balance does not
 * move; after, out of the balance, as it always did.
 */
export function recordRefund(
  sale: TransactionDoc,
  refund: RefundInput,
  now: Date,
  /** For a sale a risk case held (risk_case_id): that case's status, read in the transaction. */
  caseStatus?: RiskCaseStatus,
) {
  const computed = refundClawback(
    {
      amountCents: sale.transaction_cost_cents,
      earningsCents: sale.earnings_cents,
      refundedAmountCents: sale.refunded_amount_cents,
      clawedBackCents: sale.clawed_back_cents,
    },
    refund.amountCents,
  );
  const { refundedAmountCents } = computed;
  if (refundedAmountCents === 0) return undefined;
  // A confirmed case cancelled the sale's commission already: its refund claws back nothing more.
  const cancelled = sale.risk_case_id !== undefined && caseStatus === "confirmed";
  const clawbackCents = cancelled ? 0 : computed.clawbackCents;
  const caseHolds = sale.risk_case_id !== undefined && caseStatus === "open";
  const entry: TransactionDoc = {
    type: refund.type,
    advertiser_id: refund.advertiser,
    event_id: refund.id,
    tracker: sale.tracker,
    timestamp: refund.occurredAt,
    recorded_at: now,
    transaction_cost_cents: refundedAmountCents,
    earnings_cents: -clawbackCents,
    repeat_index: null,
    rate: null,
    refunded: false,
    refunded_amount_cents: 0,
    clawed_back_cents: 0,
    refers_to: sale.event_id,
    note: cancelled ? "Nothing clawed back: the commission was cancelled by a confirmed risk review." : null,
  };
  const saleUpdate: Pick<TransactionDoc, "refunded" | "refunded_amount_cents" | "clawed_back_cents"> = {
    refunded: true,
    refunded_amount_cents: sale.refunded_amount_cents + refundedAmountCents,
    clawed_back_cents: sale.clawed_back_cents + clawbackCents,
  };
  const change: LedgerChange = {
    advertiser: refund.advertiser,
    tracker: sale.tracker,
    day: dayKey(refund.occurredAt),
    figures: { refunds: 1, refunded_cents: clawbackCents },
    ...(caseHolds && clawbackCents > 0 ? { riskHeld: { day: sale.matures_on!, cents: -clawbackCents } } : {}),
    ...(!caseHolds && sale.matures_on && sale.matures_on > dayKey(now) && clawbackCents > 0
      ? { held: { day: sale.matures_on, cents: -clawbackCents } }
      : {}),
  };
  return { entry, saleUpdate, change };
}

/**
 * A ledger entry that is earnings alone, outside the advertiser's events: an adjustment, a bonus, a
 * cancellation. `cents` signed (a credit positive); `note` says why, to the affiliate.
 */
export function creditEntry(
  type: "adjustment" | "bonus" | "cancellation",
  advertiser: AdvertiserId,
  eventId: string,
  cents: Cents,
  note: string,
  now: Date,
): TransactionDoc {
  return {
    type,
    advertiser_id: advertiser,
    event_id: eventId,
    tracker: "",
    timestamp: now,
    recorded_at: now,
    transaction_cost_cents: 0,
    earnings_cents: cents,
    repeat_index: null,
    rate: null,
    refunded: false,
    refunded_amount_cents: 0,
    clawed_back_cents: 0,
    refers_to: null,
    note,
  };
}

/** A confirmation's cancellation of one advertiser's held commission: a ledger entry of its own. */
export function cancellationEntry(caseId: string, advertiser: AdvertiserId, cents: number, now: Date): TransactionDoc {
  const note = "Commission cancelled: a risk review found the sales were not genuine.";
  return { ...creditEntry("cancellation", advertiser, `risk_${caseId}`, -cents, note, now), risk_case_id: caseId };
}

/** A ledger entry's document id: the advertiser's event ids are unique per advertiser only. */
export function transactionId(advertiser: AdvertiserId, eventId: string): string {
  return `${advertiser}_${eventId}`;
}
