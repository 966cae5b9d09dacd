import { Router } from "express";
import { eventSigningSecrets, limits } from "../../config.js";
import { advertiserServerApi as api, eventBatchEnvelope } from "../../contract/advertiser-servers.js";
import { parseEvent } from "../../domain/events.js";
import { applyEventBatch } from "../../ledger/event-batch.js";
import { eventHash, rawBodyHash } from "../../ledger/event-hash.js";
import { processEvent } from "../../ledger/process-event.js";
import { faultRequested } from "../faults.js";
import { ApiError } from "../../errors.js";
import { enforce, eventLimiter } from "../../rate-limits/limiters.js";
import { reply } from "../answers.js";
import { verifyEventSignature } from "../event-signature.js";
import { limitBody, rawBodyOf } from "../raw-body.js";

export const eventRoutes = Router();

// POST /api/events: an advertiser's server reports a click, sign-up, sale, refund or chargeback. The body is
// verified against its signature first, so it is read raw; parseEvent checks it with the contract's schema
// (domain/events.ts's eventBody) and the rules between its fields.
eventRoutes.post("/events", limitBody(limits.maxEventBodyBytes), async (req, res) => {
  const now = new Date();
  const raw = rawBodyOf(req);
  const advertiser = signer(req.get("X-Signature"), raw, now);
  await enforce(eventLimiter, advertiser, advertiser);
  const body = parseJson(raw);
  const event = parseEvent(body, now);
  if (event.advertiser !== advertiser) {
    throw new ApiError("unauthenticated", `The signature is not ${event.advertiser}'s.`);
  }
  const outcome = await processEvent(event, eventHash(body), now, {
    failBeforeCommit: faultRequested(req, "before-commit"),
    sameAs: rawBodyHash(raw),
  });
  if (faultRequested(req, "after-commit"))
    throw new Error("Injected fault: after the ledger commit, before the answer");
  reply(res, api["POST /api/events"], outcome);
});

// POST /api/events/batch: up to 100 events, signed as one body; each applied and answered on its own
// (ledger/event-batch.ts). The rate limit counts every event of the batch.
eventRoutes.post("/events/batch", limitBody(limits.maxEventBatchBodyBytes), async (req, res) => {
  const now = new Date();
  const raw = rawBodyOf(req);
  const advertiser = signer(req.get("X-Signature"), raw, now);
  const { events } = eventBatchEnvelope.parse(parseJson(raw));
  await enforce(eventLimiter, advertiser, advertiser, events.length);
  reply(res, api["POST /api/events/batch"], { results: await applyEventBatch(advertiser, events, now) });
});

/** The advertiser whose secret signed `raw`, or a 401. */
function signer(header: string | undefined, raw: Buffer, now: Date) {
  return verifyEventSignature(
    header,
    raw,
    eventSigningSecrets.value(),
    Math.floor(now.getTime() / 1000),
    limits.eventSignatureToleranceSeconds,
  );
}

function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString("utf8"));
  } catch {
    throw new ApiError("bad_request", "The request body is not valid JSON.");
  }
}
