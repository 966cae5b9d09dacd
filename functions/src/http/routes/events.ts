import { createHash } from "node:crypto";
import { Router } from "express";
import { eventSigningSecrets, limits } from "../../config.js";
import { advertiserServerApi as api } from "../../contract/advertiser-servers.js";
import { parseEvent } from "../../domain/events.js";
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
  const advertiser = verifyEventSignature(
    req.get("X-Signature"),
    raw,
    eventSigningSecrets.value(),
    Math.floor(now.getTime() / 1000),
    limits.eventSignatureToleranceSeconds,
  );
  await enforce(eventLimiter, advertiser, advertiser);
  const event = parseEvent(parseJson(raw), now);
  if (event.advertiser !== advertiser) {
    throw new ApiError("unauthenticated", `The signature is not ${event.advertiser}'s.`);
  }
  const outcome = await processEvent(event, createHash("sha256").update(raw).digest("hex"), now, {
    failBeforeCommit: faultRequested(req, "before-commit"),
  });
  if (faultRequested(req, "after-commit"))
    throw new Error("Injected fault: after the ledger commit, before the answer");
  reply(res, api["POST /api/events"], outcome);
});

function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString("utf8"));
  } catch {
    throw new ApiError("bad_request", "The request body is not valid JSON.");
  }
}
