/**
 * A conversion anomaly (issue 33): many sign-ups from one address block in a day. A person signs up from
 * wherever they are; a farm of accounts (incentivised or scripted sign-ups, one person making trial after
 * trial) signs up from the one machine, office or proxy it runs on, so its sign-ups share an address block
 * (an IPv4 /24 or an IPv6 /48: domain/ip-address.ts's addressBlock) however often it changes the address
 * within it. Measured from the sign-ups whose advertiser named the customer's address (customer_ip), counted
 * per affiliate, UTC day and block by the ledger, the block kept only as a salted key.
 *
 * A day is a finding when one block gave at least `minBlockSignUps` of the affiliate's sign-ups and at least
 * `minBlockShare` of all of them that day. The share is what keeps a big affiliate out: a mobile carrier puts
 * thousands of phones behind a few addresses (carrier-grade NAT), so an affiliate with hundreds of sign-ups a
 * day from phones sees a dozen from one carrier's block as a matter of course; a farm is most of its
 * affiliate's day.
 */
import type { DayFigures, DayKey } from "./days.js";
import type { RiskAction } from "./risk-rules.js";
import type { RiskSignal } from "./risk.js";

/** Fewer sign-ups than this from one block in a day is never a finding. */
export const minBlockSignUps = 10;
/** The block's share of the affiliate's sign-ups that day it takes to be a finding (carrier NAT aside). */
export const minBlockShare = 0.5;
/**
 * How long a day's block counts are kept (a TTL policy deletes them after): past the 90 days the simulation
 * replays and the day the review looks at, with room to spare, and no longer, as they come of customers'
 * addresses.
 */
export const blockDaysKept = 120;

export interface BlockSignUps {
  day: DayKey;
  /** The sign-ups from the busiest block that day. */
  fromBlock: number;
  /** All the affiliate's sign-ups that day. */
  signUps: number;
}

/**
 * The finding on `day`, from the sign-ups of the affiliate's busiest block on each day (`busiest`, the days
 * with no block of `minBlockSignUps` left out) and their daily figures; null when there is none.
 */
export function blockSignUps(
  busiest: Record<DayKey, number>,
  figures: Record<DayKey, Partial<DayFigures>>,
  day: DayKey,
): BlockSignUps | null {
  const fromBlock = busiest[day] ?? 0;
  if (fromBlock < minBlockSignUps) return null;
  // A block's sign-ups are among the day's: a day's figures not yet showing them count them at least.
  const signUps = Math.max(fromBlock, figures[day]?.sign_ups ?? 0);
  return fromBlock >= minBlockShare * signUps ? { day, fromBlock, signUps } : null;
}

/** The finding's signal: one per day (its key names the day, never the block), with the counts for staff. */
export function blockSignUpsSignal(finding: BlockSignUps, action: RiskAction): RiskSignal {
  return {
    key: `conversion_anomaly:address_block:${finding.day}`,
    family: "conversion_anomaly",
    action,
    evidence: {
      detail: `${finding.fromBlock} of the ${finding.signUps} sign-ups on ${finding.day} came from one address block.`,
    },
  };
}
