import { Router, type Request, type Response } from "express";
import { eventSigningSecrets, limits } from "../../config.js";
import { advertiserServerApi as api } from "../../contract/advertiser-servers.js";
import { isAdvertiserId, type AdvertiserId } from "../../domain/advertisers.js";
import { postbackParameters, PostbackFormatError } from "../../domain/inbound-postback.js";
import { isPostbackToken } from "../../data/integrations.js";
import { ApiError } from "../../errors.js";
import { receivePostback } from "../../ledger/postback.js";
import { badTokenLimiter, enforce, eventLimiter } from "../../rate-limits/limiters.js";
import { reply } from "../answers.js";
import { clientAddress } from "../client-address.js";
import { verifyEventSignature } from "../event-signature.js";
import { limitBody, rawBodyOf } from "../raw-body.js";

export const postbackRoutes = Router();

/**
 * GET or POST /api/postback/{advertiser}: an advertiser's platform reports a conversion by click id
 * (domain/inbound-postback.ts). Authenticated by one of the advertiser's tokens (`token` parameter or
 * X-Postback-Token header), or on a POST by the events API's X-Signature over the body.
 */
async function handlePostback(req: Request, res: Response): Promise<void> {
  const now = new Date();
  const advertiser = req.params.advertiser;
  if (!isAdvertiserId(advertiser)) throw new ApiError("not_found", `No such advertiser: ${String(advertiser)}.`);
  let params: Record<string, string>;
  try {
    params = postbackParameters(req.query, req.method === "POST" ? req.body : undefined);
  } catch (error) {
    if (error instanceof PostbackFormatError) throw new ApiError("bad_request", error.message);
    throw error;
  }
  const { token, ...reported } = params;
  await authenticate(req, advertiser, token ?? req.get("X-Postback-Token"), now);
  await enforce(eventLimiter, advertiser, advertiser);
  const { status, detail } = await receivePostback(advertiser, req.method, reported, now);
  reply(res, api["GET /api/postback/{advertiser}"], detail === undefined ? { status } : { status, detail });
}

async function authenticate(req: Request, advertiser: AdvertiserId, token: string | undefined, now: Date) {
  const signature = req.get("X-Signature");
  if (req.method === "POST" && signature) {
    const signer = verifyEventSignature(
      signature,
      rawBodyOf(req),
      eventSigningSecrets.value(),
      Math.floor(now.getTime() / 1000),
      limits.eventSignatureToleranceSeconds,
    );
    if (signer !== advertiser) throw new ApiError("unauthenticated", `The signature is not ${advertiser}'s.`);
    return;
  }
  if (!token) {
    throw new ApiError(
      "unauthenticated",
      "Missing token: add token=<your postback token> (the integration page has it).",
    );
  }
  // Guessing is limited by address before the token is looked up (a lookup reads the integration).
  const address = clientAddress(req);
  const blocked = badTokenLimiter.blocked(address);
  if (blocked !== null) throw tooManyBadTokens(blocked);
  if (!(await isPostbackToken(advertiser, token, now))) {
    const retryAfter = await badTokenLimiter.check(address);
    if (retryAfter !== null) throw tooManyBadTokens(retryAfter);
    throw new ApiError("unauthenticated", "Invalid or expired token: copy the current one from the integration page.");
  }
}

function tooManyBadTokens(retryAfter: number): ApiError {
  return new ApiError(
    "rate_limited",
    `Too many postbacks with a wrong token from your address: try again in ${retryAfter} s.`,
    retryAfter,
  );
}

postbackRoutes.get("/postback/:advertiser", handlePostback);
postbackRoutes.post("/postback/:advertiser", limitBody(limits.maxEventBodyBytes), handlePostback);
