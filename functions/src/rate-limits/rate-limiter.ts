/**
 * Rate limits shared across function instances: a fixed one-minute window per caller, counted in
 * rate_limits/{scope}_{key}_{window} (Firestore, so every instance sees the same count; a TTL policy on
 * expire_at clears old windows).
 *
 * Each instance first lets `localAllowance` requests of a key through on its own count, then accounts
 * them, and every request after them, in the shared document: an increment, then a read of the total. A
 * normal caller of a hot path (a visitor clicking a link) therefore costs nothing extra, while a caller
 * over the limit is refused across instances; with allowance 0 every request is counted in Firestore at once.
 *
 * The bound it guarantees, however many requests arrive at once: within a window a key gets at most
 * `limit` requests through on one instance, and at most `limit + (n - 1) * localAllowance` across the n
 * instances serving it. Each request is admitted only if the total it reads, after its own increment, is
 * within the limit, and that total counts every increment committed before it: so the k-th request to commit
 * reads at least k (reading first and incrementing after let a burst all read the same count and all pass).
 * The only requests never checked are each instance's local allowance, and an instance's own are counted
 * before any of its checks.
 */
import { createHash } from "node:crypto";
import { FieldValue } from "firebase-admin/firestore";
import { refs } from "../data/firestore.js";

export interface RateRule {
  /** Names the limit in the counter document's id ("api", "clicks", "events"). */
  scope: string;
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
  /** Requests an instance lets through per key and window before it consults the shared count. */
  localAllowance: number;
}

interface LocalCount {
  window: number;
  count: number;
  /** Counted here but not yet added to the shared document. */
  unflushed: number;
  blockedUntil: number;
}

/** Keys an instance remembers before it forgets the oldest (the shared count is what enforces the limit). */
const maxLocalKeys = 50_000;

export class RateLimiter {
  private readonly rule: () => RateRule;
  private readonly local = new Map<string, LocalCount>();

  /** The rule is read on each check, so configuration given at deploy time (params) applies. */
  constructor(rule: () => RateRule) {
    this.rule = rule;
  }

  /**
   * Null when the request may go ahead; otherwise the seconds until it may be retried. Counts the request as
   * `cost` (a batch of events counts each event).
   */
  async check(key: string, now = Date.now(), cost = 1): Promise<number | null> {
    const rule = this.rule();
    const window = Math.floor(now / rule.windowMs);
    const windowEnd = (window + 1) * rule.windowMs;
    const retryAfter = Math.max(1, Math.ceil((windowEnd - now) / 1000));

    let state = this.local.get(key);
    if (!state || state.window !== window) {
      if (this.local.size >= maxLocalKeys) this.local.delete(this.local.keys().next().value!);
      state = { window, count: 0, unflushed: 0, blockedUntil: 0 };
      this.local.set(key, state);
    }
    if (state.blockedUntil > now) return retryAfter;
    state.count += cost;
    state.unflushed += cost;
    if (state.count <= rule.localAllowance) return null;

    const id = createHash("sha256").update(key).digest("hex").slice(0, 32);
    const counter = refs.rateLimitCounter(`${rule.scope}_${id}_${window}`);
    const added = state.unflushed;
    state.unflushed = 0;
    // A blind increment (concurrent requests never queue for this document), then the total it made.
    await counter.set(
      { count: FieldValue.increment(added), scope: rule.scope, expire_at: new Date(windowEnd + rule.windowMs) },
      { merge: true },
    );
    const counted = ((await counter.get()).get("count") as number | undefined) ?? added;
    if (counted > rule.limit) {
      state.blockedUntil = windowEnd;
      return retryAfter;
    }
    return null;
  }

  /**
   * The seconds until `key` may be retried when this instance already knows it is over its limit (a check
   * refused it this window), null otherwise: costs nothing and counts nothing.
   */
  blocked(key: string, now = Date.now()): number | null {
    const state = this.local.get(key);
    if (!state || state.blockedUntil <= now) return null;
    return Math.max(1, Math.ceil((state.blockedUntil - now) / 1000));
  }
}
