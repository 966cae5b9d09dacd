/**
 * A recruiter's ledger entries for a recruit's sale (issue 34): the share credited, and each clawback of it.
 * Entries of their own kind (`recruit_share`) on the recruiter, with ids derived from the recruit's event, so a
 * retry or a concurrent copy of the event writes nothing twice; the figures they add count no sale, sign-up or
 * tracker: only the recruiter's earnings (a share) or clawed-back commission (its clawback). The share is held
 * as the recruit's commission is: until the same day.
 */
import type { AdvertiserId } from "./advertisers.js";
import { dayKey } from "./days.js";
import { transactionId, type LedgerChange } from "./ledger.js";
import type { Cents } from "./money.js";
import { formatRatePercent } from "./numbers.js";
import type { TransactionDoc } from "./model.js";
import { recruitAlias, shareClawbacks, shareEventId, type RecruitShare } from "./recruits.js";

/** One entry on one recruiter, with what it adds to their figures and to the recruit's line on their dashboard. */
export interface ShareWrite {
  uid: string;
  /** The entry's document id in the recruiter's transactions. */
  docId: string;
  entry: TransactionDoc;
  change: LedgerChange;
  /** What it adds to affiliates/{recruiter}/recruits/{no}. */
  recruit: { no: number; level: number; earnings_cents: Cents; clawed_back_cents: Cents; sales: number };
}

const blankEntry = (advertiser: AdvertiserId, at: Date, now: Date) => ({
  type: "recruit_share" as const,
  advertiser_id: advertiser,
  tracker: "",
  timestamp: at,
  recorded_at: now,
  transaction_cost_cents: 0,
  repeat_index: null,
  refunded: false,
  refunded_amount_cents: 0,
  clawed_back_cents: 0,
});

/** Whether a commission maturing on `day` is still held at `now`. */
const heldOn = (day: string | undefined, now: Date): day is string => day !== undefined && day > dayKey(now);

/**
 * One entry on the share's recruiter: `cents` signed (a share positive, a clawback negative), its figures (earnings,
 * or commission clawed back) on `at`'s day, and out of or into the held share while the sale's commission is held.
 */
function shareWrite(
  sale: TransactionDoc,
  share: RecruitShare,
  at: Date,
  cents: Cents,
  entry: Pick<TransactionDoc, "event_id" | "rate" | "refers_to" | "note" | "matures_on">,
  now: Date,
): ShareWrite {
  const full: TransactionDoc = { ...blankEntry(sale.advertiser_id, at, now), ...entry, earnings_cents: cents };
  const change: LedgerChange = {
    advertiser: sale.advertiser_id,
    tracker: "",
    untracked: true,
    day: dayKey(at),
    figures: cents > 0 ? { earnings_cents: cents } : { refunded_cents: -cents },
    ...(heldOn(sale.matures_on, now) ? { held: { day: sale.matures_on, cents } } : {}),
  };
  return {
    uid: share.uid,
    docId: transactionId(sale.advertiser_id, full.event_id),
    entry: full,
    change,
    recruit: {
      no: share.no,
      level: share.level,
      earnings_cents: Math.max(cents, 0),
      clawed_back_cents: Math.max(-cents, 0),
      sales: cents > 0 ? 1 : 0,
    },
  };
}

/** The share a recruiter earns from a recruit's sale (its entry as recorded, commission and all). */
export function shareCredit(sale: TransactionDoc, share: RecruitShare, now: Date): ShareWrite {
  return shareWrite(
    sale,
    share,
    sale.timestamp,
    share.cents,
    {
      event_id: shareEventId(sale.event_id),
      rate: share.rate,
      refers_to: null,
      note: `${recruitAlias(share.no)}'s sale: ${formatRatePercent(share.rate)} of their commission.`,
      ...(sale.matures_on ? { matures_on: sale.matures_on } : {}),
    },
    now,
  );
}

/**
 * A clawback of a share: `cause` is the recruit's refund, chargeback or cancellation entry (its event id makes the
 * clawback's). Before the share matures it comes out of the held share; after, out of the balance.
 */
export function shareClawback(
  sale: TransactionDoc,
  cause: Pick<TransactionDoc, "type" | "event_id" | "timestamp">,
  share: RecruitShare,
  cents: Cents,
  now: Date,
): ShareWrite {
  const what = cause.type === "cancellation" ? "commission cancelled by a risk review" : `sale's ${cause.type}`;
  return shareWrite(
    sale,
    share,
    cause.timestamp,
    -cents,
    {
      event_id: shareEventId(`${cause.event_id}_of_${sale.event_id}`),
      rate: null,
      refers_to: shareEventId(sale.event_id),
      note: `${recruitAlias(share.no)}'s ${what}: share clawed back.`,
    },
    now,
  );
}

/**
 * A refund's (or chargeback's) clawbacks of the recruiters' shares of the sale: the same part of each share as of
 * the payment, measured on the sale as it was before the refund (`refundCents` undefined: the rest), and the
 * sale entry's shares after it. Nothing for a sale that earned no share.
 */
export function refundShares(
  sale: TransactionDoc,
  refund: Pick<TransactionDoc, "type" | "event_id" | "timestamp">,
  refundCents: Cents | undefined,
  now: Date,
): { writes: ShareWrite[]; update: Pick<TransactionDoc, "recruit_shares"> } {
  if (!sale.recruit_shares?.length) return { writes: [], update: {} };
  const after = shareClawbacks(
    sale.recruit_shares,
    { amountCents: sale.transaction_cost_cents, refundedAmountCents: sale.refunded_amount_cents },
    refundCents,
  );
  return {
    writes: after
      .filter(({ cents }) => cents > 0)
      .map(({ share, cents }) => shareClawback(sale, refund, share, cents, now)),
    update: { recruit_shares: after.map(({ share }) => share) },
  };
}
