/**
 * POST /api/events/batch: up to 100 of an advertiser's events in one signed request. Each is parsed and
 * applied on its own, exactly as POST /api/events applies one (processEvent: its own transaction, exactly
 * once by its id), and answered on its own: a refused event leaves the others applied. A batch saves the
 * advertiser's server a request per event, and the platform the per-request work (signature, rate limit,
 * routing), which is most of what an event costs on the way in.
 */
import { logger } from "firebase-functions/logger";
import pMap from "p-map";
import type { AdvertiserId } from "../domain/advertisers.js";
import { parseEvent } from "../domain/events.js";
import { ApiError, asApiError } from "../errors.js";
import { eventHash } from "./event-hash.js";
import { processEvent, type EventOutcome } from "./process-event.js";

/** How many of a batch's events are in flight at once: enough to overlap Firestore's round trips. */
const concurrency = 8;

/** What happened to one event of a batch: its outcome, or the refusal POST /api/events would have answered. */
export type BatchItemResult =
  | ({ index: number; id: string | null } & EventOutcome)
  | { index: number; id: string | null; status: "refused"; code: number; error: string };

/** Applies each event of `events` (signed by `advertiser`), at most `concurrency` at a time; answers in order. */
export function applyEventBatch(
  advertiser: AdvertiserId,
  events: readonly unknown[],
  now: Date,
): Promise<BatchItemResult[]> {
  return pMap(events, (body, index) => applyOne(advertiser, body, index, now), { concurrency });
}

async function applyOne(advertiser: AdvertiserId, body: unknown, index: number, now: Date): Promise<BatchItemResult> {
  const id = idOf(body);
  try {
    const event = parseEvent(body, now);
    if (event.advertiser !== advertiser) {
      throw new ApiError("unauthenticated", `The signature is not ${event.advertiser}'s.`);
    }
    return { index, id, ...(await processEvent(event, eventHash(body), now)) };
  } catch (err) {
    const refusal = asApiError(err);
    if (refusal.status >= 500) {
      logger.error("events batch: an event failed", {
        advertiser,
        index,
        error: err instanceof Error ? (err.stack ?? err.message) : String(err),
      });
    }
    return { index, id, status: "refused", code: refusal.status, error: refusal.message };
  }
}

/** The event's id as sent, when it has one to name (a refusal names the event it refuses). */
function idOf(body: unknown): string | null {
  const id = (body as { id?: unknown } | null)?.id;
  return typeof id === "string" ? id.slice(0, 128) : null;
}
