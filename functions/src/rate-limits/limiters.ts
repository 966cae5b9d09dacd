/** The product's rate limits (config.ts rateLimits), one limiter per kind of caller. */
import { rateLimits } from "../config.js";
import { ApiError } from "../errors.js";
import { RateLimiter } from "./rate-limiter.js";

const minute = 60_000;

/**
 * Signed-in API callers, by uid. An instance lets a tenth of the limit through on its own count, so a
 * person using the site (a few calls a minute) costs no extra read or write; a script past the limit is
 * refused once its instances consult the shared count.
 */
export const apiLimiter = new RateLimiter(() => {
  const limit = rateLimits.apiPerCaller.value();
  return { scope: "api", limit, windowMs: minute, localAllowance: Math.floor(limit / 10) };
});

/**
 * Visitors of tracking links, by salted address whatever their user agent: an ordinary visitor's click
 * costs no extra operation.
 */
export const clickLimiter = new RateLimiter(() => ({
  scope: "clicks",
  limit: rateLimits.clicksPerAddress.value(),
  windowMs: minute,
  localAllowance: 20,
}));

/** Advertisers' servers, by advertiser: high volume, so each instance counts a share locally first. */
export const eventLimiter = new RateLimiter(() => {
  const limit = rateLimits.eventsPerAdvertiser.value();
  return { scope: "events", limit, windowMs: minute, localAllowance: Math.floor(limit / 50) };
});

/**
 * Postbacks whose token was wrong, by caller address (http/client-address.ts): an advertiser's platform sends
 * the right token, so a few wrong ones a minute is a mistake and more is someone guessing. Every failure is
 * counted at once; once an address is over the limit, an instance refuses it before looking the token up.
 */
export const badTokenLimiter = new RateLimiter(() => ({
  scope: "bad-tokens",
  limit: rateLimits.badTokensPerAddress.value(),
  windowMs: minute,
  localAllowance: 0,
}));

/** Refuses with a 429 and Retry-After when `limiter` says the key has had its share. */
export async function enforce(limiter: RateLimiter, key: string, who: string, cost = 1): Promise<void> {
  const retryAfter = await limiter.check(key, Date.now(), cost);
  if (retryAfter !== null) {
    throw new ApiError("rate_limited", `Too many requests from ${who}: try again in ${retryAfter} s.`, retryAfter);
  }
}
