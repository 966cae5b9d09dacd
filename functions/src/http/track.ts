/**
 * GET {link domain}/m/{uid}{suffix}[?landing=...&sub1=...&sub5=...], function `track`'s handler: the HTTP side of a tracking
 * link. It identifies the visitor (by the address the platform saw, http/client-address.ts, never by a header
 * the visitor could set), applies the per-address rate limit, tells a bot or a headless browser by its user
 * agent (tracking/bot-traffic.ts) and a datacenter by its address (tracking/hosting-networks.ts), both in
 * memory with no read, and answers the redirect (302) that tracking/track.ts decides, which also counts the
 * click: a person's, or apart as a filtered one.
 */
import { createHash } from "node:crypto";
import type { Request, Response } from "express";
import { visitorSalt } from "../config.js";
import { parseTrackingPath } from "../domain/affiliate-link.js";
import { parseSubIds } from "../domain/sub-ids.js";
import { clickLimiter } from "../rate-limits/limiters.js";
import type { FilterReason } from "../data/aggregates.js";
import { isBotUserAgent } from "../tracking/bot-traffic.js";
import { isHostingAddress } from "../tracking/hosting-networks.js";
import { followLink } from "../tracking/track.js";
import { clientAddress } from "./client-address.js";

export async function handleTrack(req: Request, res: Response): Promise<void> {
  const now = new Date();
  const link = req.method === "GET" || req.method === "HEAD" ? parseTrackingPath(req.path) : undefined;
  let visitor: string | null = null;

  if (link) {
    visitor = visitorId(req);
    // Over the per-address limit: refused before anything is read or counted. By address alone, whatever
    // the user agent says: a script rotating it must not get a fresh allowance with each one.
    const retryAfter = await clickLimiter.check(addressKey(req));
    if (retryAfter !== null) {
      res.set({ "Cache-Control": "private, no-store", "Retry-After": String(retryAfter) });
      res.status(429).type("text/plain").send(`Too many requests: try again in ${retryAfter} s.`);
      return;
    }
  }
  const target = await followLink(
    {
      host: req.get("X-Forwarded-Host") ?? req.get("Host") ?? "",
      link,
      landing: req.query.landing,
      subIds: parseSubIds(req.query),
      // A HEAD is a link preview or a checker, not a visitor.
      countAs: req.method === "GET" ? visitor : null,
      // A bot, a headless browser or a datacenter: counted apart, redirected all the same.
      filtered: link ? filterReason(req) : null,
    },
    now,
  );

  res.set("Cache-Control", "private, no-store");
  res.redirect(302, target);
}

/**
 * Why a click is counted apart, if it is. The user agent first: a bot that says so is a bot wherever it runs,
 * so a datacenter's click is a browser's from a hosting network (a script posing as a person, or a person on a
 * VPN: docs/tracking.md says why both are counted apart).
 */
function filterReason(req: Request): FilterReason | null {
  if (isBotUserAgent(req.get("User-Agent"))) return "bot";
  return isHostingAddress(clientAddress(req)) ? "datacenter" : null;
}

const saltedHash = (...parts: string[]) =>
  createHash("sha256")
    .update([visitorSalt.value(), ...parts].join("|"))
    .digest("hex");

/**
 * Who clicked, for counting a click once an hour: a salted hash of address and user agent (people behind
 * one address, an office or a phone network, are told apart by their browsers), so no IP address is stored.
 */
function visitorId(req: Request): string {
  return saltedHash(clientAddress(req), req.get("User-Agent") ?? "");
}

/** The address alone, salted and hashed: what the click rate limit counts. */
function addressKey(req: Request): string {
  return saltedHash("address", clientAddress(req));
}
