/**
 * Affiliates who recruit affiliates (issue 34, docs/recruits.md): an affiliate who signs up through another's
 * recruit link is their recruit, recorded once, at creation; the recruiter earns a programme-set share of the
 * recruit's commissions for some months from the recruit's sign-up, as ledger entries of their own kind,
 * clawed back whenever the recruit's commission is. Pure rules: the ledger and the account service apply them.
 */
import { applyRate, refundClawback } from "./commission.js";
import type { Cents } from "./money.js";
import { normaliseEmail } from "./self-referral.js";

/** What the programme pays recruiters (a programme setting, versioned with the rest). */
export interface RecruitShareTerms {
  /** The share of the recruit's commission, 0 to 1. */
  rate: number;
  /** For how many months from the recruit's sign-up their sales earn it (0: never). */
  months: number;
  /** How many recruiters up the chain earn it: 1, the direct recruiter only (the default). */
  levels: number;
}

/** 5% of the recruit's commission for 12 months from their sign-up, to their direct recruiter only. */
export const defaultRecruitShare = (): RecruitShareTerms => ({ rate: 0.05, months: 12, levels: 1 });

/** The most levels a programme may set, and so the longest chain a recruit's document keeps. */
export const maxRecruitLevels = 3;
/** The longest share a programme may set, in months. */
export const maxRecruitMonths = 120;

/** One recruiter up a recruit's chain, and the recruit's number among that recruiter's recruits ("Recruit 3"). */
export interface RecruiterLink {
  uid: string;
  no: number;
}

/**
 * affiliates/{uid}.recruited_by: how the affiliate was recruited, written by create_account only. `chain[0]` is
 * the recruiter whose link they came through, then that recruiter's own recruiter, up to maxRecruitLevels.
 */
export interface Recruitment {
  at: Date;
  chain: RecruiterLink[];
  /** When the relation was ended (self-recruiting found later, e.g. a shared payout destination): no share from then. */
  ended_at: Date | null;
}

/** One recruiter's share of a recruit's sale, kept on the sale's entry so a refund knows what to claw back. */
export interface RecruitShare {
  uid: string;
  /** The recruit's number among this recruiter's recruits. */
  no: number;
  /** 1: the direct recruiter. */
  level: number;
  rate: number;
  cents: Cents;
  clawed_back_cents: Cents;
}

/** affiliates/{uid}/recruits/{no} (server-only): what one recruit earned their recruiter, never who they are. */
export interface RecruitFiguresDoc {
  no: number;
  level: number;
  since: Date;
  /** Shares credited, in cents, before clawbacks. */
  earnings_cents: Cents;
  clawed_back_cents: Cents;
  sales: number;
}

/** Why a recruit link is not recorded for a new account (the account is made all the same). */
export const recruitRefusals = {
  unknown: "No affiliate has that recruit link.",
  self: "You cannot recruit yourself.",
  loop: "That recruit link leads back to you.",
  email: "That recruit link belongs to an account with your e-mail address.",
  device: "That recruit link belongs to an account signed in from this device.",
  destination: "That recruit link belongs to an account with your payout destination.",
  exists: "Your account already exists: a recruit link counts only when an account is made.",
} as const;

export type RecruitRefusal = keyof typeof recruitRefusals;

/**
 * One mailbox, however written: trimmed, lower case, without a "+tag", and for Gmail without dots, so
 * "Ann.Lee+x@gmail.com" and "annlee@googlemail.com" are the same person.
 */
export function mailboxOf(email: string): string {
  const normal = normaliseEmail(email);
  const at = normal.lastIndexOf("@");
  if (at < 1) return normal;
  let local = normal.slice(0, at).replace(/\+.*$/, "");
  let domain = normal.slice(at + 1);
  if (domain === "googlemail.com") domain = "gmail.com";
  if (domain === "gmail.com") local = local.replace(/\./g, "");
  return `${local}@${domain}`;
}

export interface RecruitCheck {
  recruitUid: string;
  recruitEmail: string;
  recruiter: { uid: string; email: string; recruited_by?: Recruitment | null };
  /** Whether the recruiter was seen lately on the device the recruit signs up from (shared-device.ts). */
  sameDevice: boolean;
}

/** Why the recruit may not be the recruiter's, or null when they may. */
export function recruitRefusalOf({
  recruitUid,
  recruitEmail,
  recruiter,
  sameDevice,
}: RecruitCheck): RecruitRefusal | null {
  if (recruiter.uid === recruitUid) return "self";
  if (chainOf(recruiter).some((link) => link.uid === recruitUid)) return "loop";
  if (mailboxOf(recruiter.email) === mailboxOf(recruitEmail)) return "email";
  if (sameDevice) return "device";
  return null;
}

/** The recruiters above an affiliate (none when they were not recruited or the relation ended). */
export function chainOf(affiliate: { recruited_by?: Recruitment | null }): RecruiterLink[] {
  const recruitment = affiliate.recruited_by;
  return recruitment && recruitment.ended_at === null ? recruitment.chain : [];
}

/**
 * The uids a new recruit's chain names: the recruiter, then the recruiter's own chain, at most maxRecruitLevels
 * (each given the recruit's number among their recruits when the account is made).
 */
export function chainUids(recruiter: { uid: string; recruited_by?: Recruitment | null }): string[] {
  return [recruiter.uid, ...chainOf(recruiter).map((link) => link.uid)].slice(0, maxRecruitLevels);
}

/** The moment the share ends: `months` calendar months after `at` (UTC; the 31st into a short month is its last day). */
export function shareEnd(at: Date, months: number): Date {
  const end = new Date(at.getTime());
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}

/**
 * The shares a recruit's sale earns up the chain: `rate` of the sale's commission (half a cent rounding up, as
 * every commission) to each of the first `levels` recruiters, when the sale happened from the recruit's sign-up
 * and before the share's end (and before the relation ended). A sale that earns nothing (a suspended recruit's,
 * a renewal without a rate) earns no share.
 */
export function recruitShares(
  recruit: { recruited_by?: Recruitment | null },
  sale: { occurredAt: Date; earningsCents: Cents },
  terms: RecruitShareTerms,
): RecruitShare[] {
  const recruitment = recruit.recruited_by;
  if (!recruitment || sale.earningsCents <= 0) return [];
  const at = sale.occurredAt.getTime();
  if (recruitment.ended_at !== null && at >= recruitment.ended_at.getTime()) return [];
  if (at < recruitment.at.getTime() || at >= shareEnd(recruitment.at, terms.months).getTime()) return [];
  const cents = applyRate(sale.earningsCents, terms.rate);
  if (cents <= 0) return [];
  return recruitment.chain.slice(0, Math.min(terms.levels, maxRecruitLevels)).map((link, index) => ({
    uid: link.uid,
    no: link.no,
    level: index + 1,
    rate: terms.rate,
    cents,
    clawed_back_cents: 0,
  }));
}

/** The sale's state a refund's clawback is measured on: what was paid, and how much of it was refunded before. */
export interface RefundedSale {
  amountCents: Cents;
  refundedAmountCents: Cents;
}

/**
 * What a refund of `refundCents` (undefined: the rest) of the sale claws back from each share: the same part of
 * the share as of the payment, on the running total (commission.ts refundClawback), so partial refunds that add
 * up to the whole payment claw back exactly the whole share. Answers each share as it is after.
 */
export function shareClawbacks(
  shares: readonly RecruitShare[],
  sale: RefundedSale,
  refundCents: Cents | undefined,
): { share: RecruitShare; cents: Cents }[] {
  return shares.map((share) => {
    const { clawbackCents } = refundClawback(
      {
        amountCents: sale.amountCents,
        earningsCents: share.cents,
        refundedAmountCents: sale.refundedAmountCents,
        clawedBackCents: share.clawed_back_cents,
      },
      refundCents,
    );
    return { share: { ...share, clawed_back_cents: share.clawed_back_cents + clawbackCents }, cents: clawbackCents };
  });
}

/** What is left of each share to claw back at once (a risk case's cancellation of the recruit's commission). */
export function cancelledShares(shares: readonly RecruitShare[]): { share: RecruitShare; cents: Cents }[] {
  return shares.map((share) => ({
    share: { ...share, clawed_back_cents: share.cents },
    cents: share.cents - share.clawed_back_cents,
  }));
}

/** A recruit as their recruiter sees them: a number, never a name or an address. */
export const recruitAlias = (no: number): string => `Recruit ${no}`;

/** A share's ledger entry's document id on the recruiter: derived from the recruit's event, so applying it twice is one. */
export const shareEventId = (eventId: string): string => `share_${eventId}`;
