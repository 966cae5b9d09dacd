/**
 * Receiving an advertiser's postback (issue 18): the conversion it reports is found its affiliate through
 * the click id, and then applied by processEvent, the same exactly-once code as the signed events API, with
 * the advertiser's transaction id as the event id. Every authenticated postback is logged with what came of
 * it, so staff can debug their integration on the integration page.
 *
 * Idempotent on (advertiser, transaction id): a retry answers "duplicate" and counts nothing, even once
 * its click has expired; the same id with other values is a 409.
 */
import { createHash } from "node:crypto";
import { logger } from "firebase-functions/logger";
import { z } from "zod";
import type { AdvertiserId } from "../domain/advertisers.js";
import type { AdvertiserEvent } from "../domain/events.js";
import {
  parsePostback,
  postbackFingerprint,
  PostbackFormatError,
  type PostbackInput,
  type PostbackOutcome,
} from "../domain/inbound-postback.js";
import { fastConversionSeconds, fastConversionSignal } from "../domain/fast-conversion.js";
import { transactionId } from "../domain/ledger.js";
import { centsToDollars } from "../domain/money.js";
import { findClickForConversion } from "../data/clicks.js";
import { refs } from "../data/firestore.js";
import { logPostback } from "../data/integrations.js";
import { raiseByRule } from "../data/risk-cases.js";
import { ApiError, asBadRequest } from "../errors.js";
import { processEvent, type EventOutcome } from "./process-event.js";

export interface PostbackResult extends EventOutcome {
  /** The log entry's id (integrations/{advertiser}/postbacks/{id}). */
  log_id: string;
}

export interface TestOutcome {
  status: "test";
  detail: string;
}

/**
 * Applies an authenticated postback and logs it; a refusal is logged too, then thrown (an ApiError: the
 * caller answers it as a 4xx).
 */
export async function receivePostback(
  advertiser: AdvertiserId,
  method: string,
  params: Record<string, string>,
  now: Date,
): Promise<PostbackResult | (TestOutcome & { log_id: string })> {
  const logged = (status: number, outcome: PostbackOutcome, reason: string | null) =>
    logPostback(advertiser, {
      received_at: now,
      method,
      event: clip(params.event),
      transaction_id: clip(params.transaction_id),
      click_id: clip(params.click_id),
      amount: clip(params.amount),
      status,
      outcome,
      reason,
    }).catch((error: unknown) => {
      // The answer matters more than the log line: the platform would retry and the ledger answers the same.
      logger.error("postback: not logged", { advertiser, error });
      return "";
    });

  let result: EventOutcome | TestOutcome;
  try {
    result = await apply(advertiser, params, now);
  } catch (error) {
    const refusal = asRefusal(error);
    if (!refusal) throw error;
    await logged(refusal.status, "refused", refusal.message);
    throw refusal;
  }
  const log_id = await logged(200, result.status, result.detail ?? null);
  return { ...result, log_id } as PostbackResult | (TestOutcome & { log_id: string });
}

function asRefusal(error: unknown): ApiError | undefined {
  if (error instanceof ApiError) return error.status < 500 ? error : undefined;
  if (error instanceof z.ZodError) return asBadRequest(error);
  if (error instanceof PostbackFormatError) return new ApiError("bad_request", error.message);
  return undefined;
}

/** A logged value: at most 128 characters of it (the log shows what was sent, not a flood of it). */
function clip(value: string | undefined): string | null {
  return value === undefined || value === "" ? null : value.slice(0, 128);
}

async function apply(
  advertiser: AdvertiserId,
  params: Record<string, string>,
  now: Date,
): Promise<EventOutcome | TestOutcome> {
  const input = parsePostback(params, now);
  const at = input.occurredAt ?? now;
  const sha = createHash("sha256").update(postbackFingerprint(advertiser, input)).digest("hex");
  if (input.type === "sign_up" || input.type === "sale") return applyConversion(advertiser, input, sha, at, now);
  return applyRefund(advertiser, input, sha, at, now);
}

async function applyConversion(
  advertiser: AdvertiserId,
  input: PostbackInput,
  sha: string,
  at: Date,
  now: Date,
): Promise<EventOutcome | TestOutcome> {
  const found = await findClickForConversion(input.clickId, at);
  const click = found.status === "unknown" || found.click.advertiser_id !== advertiser ? undefined : found.click;
  if (click?.test) return testOutcome(input);
  if (!click || found.status !== "valid") {
    // A retry of a postback applied while its click was valid is still the same postback.
    if (await alreadyReceived(advertiser, input.transactionId, sha)) return { status: "duplicate" };
    if (!click) {
      throw new ApiError("not_found", `Click id ${input.clickId} is unknown: no click on our links has that id.`);
    }
    throw new ApiError(
      "gone",
      `Click id ${input.clickId} has expired: its attribution window ended ${click.expire_at!.toISOString()}.`,
    );
  }
  const base = {
    id: input.transactionId,
    advertiser,
    uid: click.uid,
    tracker: click.tracker,
    occurredAt: at,
    ...(input.customer ? { customer: input.customer } : {}),
  };
  const event: AdvertiserEvent =
    input.type === "sale"
      ? { ...base, type: "sale", amountCents: input.amountCents!, repeatIndex: input.repeatIndex }
      : { ...base, type: "sign_up" };
  const outcome = await processEvent(event, sha, now, {
    click: { id: input.clickId!, doc: click },
    conflict: valuesConflict,
  });
  // A conversion faster than a person (domain/fast-conversion.ts): the click is in hand, so timing it reads
  // nothing more, and the rule is read only for a conversion credited just now that was too fast.
  const timed = {
    type: input.type === "sale" ? ("sale" as const) : ("sign_up" as const),
    eventId: event.id,
    clickId: input.clickId!,
    clickedAt: click.clicked_at,
    occurredAt: at,
  };
  if (outcome.status === "applied" && fastConversionSeconds(timed) !== null) {
    await raiseByRule(click.uid, "conversion_anomaly", (action) => fastConversionSignal(timed, action), now);
  }
  return outcome;
}

/**
 * A refund or chargeback goes to the affiliate of its sale. The sale's event record names them; a refund
 * that arrives before its sale can be held for it only if its click id names them.
 */
async function applyRefund(
  advertiser: AdvertiserId,
  input: PostbackInput,
  sha: string,
  at: Date,
  now: Date,
): Promise<EventOutcome | TestOutcome> {
  const sale = (await refs.events().doc(transactionId(advertiser, input.saleId!)).get()).data();
  let uid = sale?.uid;
  if (!uid && input.clickId) {
    const found = await findClickForConversion(input.clickId, at);
    if (found.status !== "unknown" && found.click.advertiser_id === advertiser) {
      if (found.click.test) return testOutcome(input);
      uid = found.click.uid;
    }
  }
  if (!uid) {
    if (await alreadyReceived(advertiser, input.transactionId, sha)) return { status: "duplicate" };
    throw new ApiError(
      "conflict",
      `Sale ${input.saleId} has not been received: send the ${input.type} with the sale's click_id to hold it until the sale arrives.`,
    );
  }
  const event: AdvertiserEvent = {
    id: input.transactionId,
    advertiser,
    uid,
    tracker: "",
    occurredAt: at,
    type: input.type as "refund" | "chargeback",
    refersTo: input.saleId!,
    ...(input.amountCents === undefined ? {} : { amountCents: input.amountCents }),
  };
  return processEvent(event, sha, now, { conflict: valuesConflict });
}

const valuesConflict = (id: string) => `Transaction ${id} was already received with other values.`;

async function alreadyReceived(advertiser: AdvertiserId, id: string, sha: string): Promise<boolean> {
  const recorded = (await refs.events().doc(transactionId(advertiser, id)).get()).data();
  if (!recorded) return false;
  if (recorded.body_sha256 === sha) return true;
  throw new ApiError("conflict", valuesConflict(id));
}

function testOutcome(input: PostbackInput): TestOutcome {
  const what =
    input.type === "sale" || input.amountCents !== undefined
      ? `${input.type.replace("_", "-")} of $${centsToDollars(input.amountCents ?? 0).toFixed(2)}`
      : input.type.replace("_", "-");
  return {
    status: "test",
    detail: `Test ${what} received for the test click: the integration works. Nothing was credited.`,
  };
}
