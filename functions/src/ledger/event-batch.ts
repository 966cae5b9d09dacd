/**
 * POST /api/events/batch: up to 100 of an advertiser's events in one signed request. Each is parsed and
 * applied on its own, exactly as POST /api/events applies one (processEvent: its own transaction, exactly
 * once by its id), one affiliate's in the order sent, and answered on its own: a refused event leaves the
 * others applied. A batch saves the
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

/**
 * How many of a batch's affiliates have an event in flight at once: enough to overlap Firestore's round trips.
 * One affiliate's events go one after another, in the order sent: a refund after its sale in the batch finds
 * it, and a hot affiliate's events do not queue against each other on its document.
 */
const concurrency = 8;

/** What happened to one event of a batch: its outcome, or the refusal POST /api/events would have answered. */
export type BatchItemResult =
  | ({ index: number; id: string | null } & EventOutcome)
  | { index: number; id: string | null; status: "refused"; code: number; error: string };

/**
 * Applies each event of `events` (signed by `advertiser`): each affiliate's in the order sent, `concurrency`
 * affiliates at a time. Answers in the order sent.
 */
export async function applyEventBatch(
  advertiser: AdvertiserId,
  events: readonly unknown[],
  now: Date,
): Promise<BatchItemResult[]> {
  const results = new Array<BatchItemResult>(events.length);
  await pMap(
    byAffiliate(events),
    async (indexes) => {
      for (const index of indexes) results[index] = await applyOne(advertiser, events[index], index, now);
    },
    { concurrency },
  );
  return results;
}

/** The events' places in the batch, grouped by the uid each names (one without a uid alone). */
function byAffiliate(events: readonly unknown[]): number[][] {
  const groups = new Map<unknown, number[]>();
  events.forEach((body, index) => {
    const uid = (body as { uid?: unknown } | null)?.uid;
    const key = typeof uid === "string" ? uid : Symbol(index);
    const group = groups.get(key);
    if (group) group.push(index);
    else groups.set(key, [index]);
  });
  return [...groups.values()];
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
