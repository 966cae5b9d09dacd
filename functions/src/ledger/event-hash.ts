/**
 * What makes two sends of one event "the same event" (the duplicate answer) rather than "another body under
 * the same id" (409): the SHA-256 of the event's JSON with every object's keys in order, so the single
 * endpoint and the batch endpoint agree on it whatever the spacing or key order an advertiser's client writes.
 * Events recorded before the batch endpoint existed kept the raw body's SHA-256, which the single endpoint
 * still accepts as the same (processEvent's `sameAs`).
 */
import { createHash } from "node:crypto";

/** The SHA-256 (hex) of `value` as canonical JSON: object keys sorted, no spacing. */
export function eventHash(value: unknown): string {
  return createHash("sha256").update(canonicalJson(value)).digest("hex");
}

/** The raw body's SHA-256 (hex), as events were recorded before eventHash. */
export function rawBodyHash(raw: Buffer): string {
  return createHash("sha256").update(raw).digest("hex");
}

export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === "object" && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}
