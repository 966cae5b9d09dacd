/**
 * Small factories for the documents the rules tests seed: one realistic document per collection, money in
 * integer cents, overridable field by field.
 */
import { Timestamp } from "firebase/firestore";

type Doc = Record<string, unknown>;

const at = (iso: string): Timestamp => Timestamp.fromDate(new Date(iso));

export function advertiser(overrides: Doc = {}): Doc {
  return { name: "Promptchan", website: "https://promptchan.com", ...overrides };
}

export function affiliate(uid: string, overrides: Doc = {}): Doc {
  return {
    uid,
    email: `${uid}@example.test`,
    name: uid,
    commission_rate: 0.6,
    total_earnings_cents: 1000,
    payout_pending: false,
    ...overrides,
  };
}

export function transaction(overrides: Doc = {}): Doc {
  return {
    type: "sale",
    advertiser_id: "promptchan",
    earnings_cents: 600,
    transaction_cost_cents: 1000,
    refunded: false,
    timestamp: at("2026-11-20T12:00:00Z"),
    ...overrides,
  };
}

export function day(date: string, overrides: Doc = {}): Doc {
  return { date, clicks: 3, sign_ups: 1, sales: 1, earnings_cents: 600, ...overrides };
}

export function clickShard(overrides: Doc = {}): Doc {
  return { clicks: 4, days: { "2026-11-20": { promptchan: { default: 3, "/tw": 1 } } }, ...overrides };
}

export function delivery(overrides: Doc = {}): Doc {
  return {
    at: new Date("2026-11-20T10:00:00Z"),
    url: "https://tracker.example/pb?payout=12.00",
    status: 200,
    latency_ms: 85,
    attempt: 1,
    outcome: "delivered",
    ...overrides,
  };
}

export function payout(uid: string, overrides: Doc = {}): Doc {
  return { uid, amount_cents: 20000, status: "pending", ...overrides };
}

export function event(overrides: Doc = {}): Doc {
  return {
    advertiser_id: "promptchan",
    event_id: "evt-1",
    type: "sale",
    uid: "alice",
    received_at: at("2026-11-20T12:00:00Z"),
    ...overrides,
  };
}

/** What a server-only collection holds does not matter to the rules: any document will do. */
export function serverDoc(overrides: Doc = {}): Doc {
  return { value: 1, updated_at: at("2026-11-20T12:00:00Z"), ...overrides };
}
