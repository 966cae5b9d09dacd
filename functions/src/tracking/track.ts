/**
 * GET {link domain}/m/{uid}{suffix}[?landing=...]: counts the click and sends the visitor on to the
 * advertiser's site (302). Only ever to that advertiser's own origin: the target is built from the
 * configured website and a landing path from the catalogue, never from the request. An unknown uid or
 * suffix still reaches the advertiser's home page, but counts nothing.
 */
import { createHash } from "node:crypto";
import type { Request, Response } from "express";
import { logger } from "firebase-functions";
import { limits, visitorSalt } from "../config.js";
import { parseTrackingPath } from "../domain/affiliate-link.js";
import { dayKey } from "../domain/days.js";
import { findLandingPage } from "../domain/landing-pages.js";
import { collections } from "../domain/model.js";
import { advertiserForHost, advertiserSettings, type AdvertiserSettings } from "../data/advertiser-config.js";
import { clickIncrement } from "../data/aggregates.js";
import { db, refs } from "../data/firestore.js";
import { clickLimiter } from "../rate-limits/limiters.js";

export async function handleTrack(req: Request, res: Response): Promise<void> {
  const now = new Date();
  const advertiser = advertiserForHost(
    await advertiserSettings(now.getTime()),
    req.get("X-Forwarded-Host") ?? req.get("Host") ?? "",
  );
  const link = req.method === "GET" || req.method === "HEAD" ? parseTrackingPath(req.path) : undefined;
  let target = advertiser.website;

  if (link) {
    // Over the per-visitor limit: refused before anything is read or counted.
    const retryAfter = await clickLimiter.check(visitorId(req));
    if (retryAfter !== null) {
      res.set({ "Cache-Control": "private, no-store", "Retry-After": String(retryAfter) });
      res.status(429).type("text/plain").send(`Too many requests: try again in ${retryAfter} s.`);
      return;
    }
    const affiliate = (await refs.affiliate(link.uid).get()).data();
    const known = affiliate && (link.suffix === "" || affiliate.links[advertiser.id].includes(link.suffix));
    if (known) {
      target = destination(advertiser, link.uid, link.suffix, req.query.landing);
      // A HEAD is a link preview or a checker, not a visitor.
      if (req.method === "GET") await countClick(req, advertiser, link.uid, link.suffix, now);
    }
  }

  res.set("Cache-Control", "private, no-store");
  res.redirect(302, target);
}

/** The advertiser's page for the chosen landing page, carrying the affiliate so sign-ups are attributed. */
function destination(advertiser: AdvertiserSettings, uid: string, suffix: string, landing: unknown): string {
  const home = new URL(advertiser.website);
  const page = typeof landing === "string" ? findLandingPage(landing) : undefined;
  const url = new URL(page?.value || "/", home.origin);
  url.searchParams.set("ref", uid);
  if (suffix) url.searchParams.set("tracker", suffix);
  // Built from the configured origin and a catalogue path, so this holds; checked anyway.
  return url.origin === home.origin ? url.toString() : advertiser.website;
}

/**
 * The visitor's address. Firebase Hosting's CDN passes the address it was reached from in Fastly-Client-IP,
 * while X-Forwarded-For (what req.ip reads) can start with the CDN's own: counting by that would merge every
 * visitor behind one CDN node with the same browser into one, and lose their clicks. Without the header
 * (the emulator, a direct call), req.ip.
 */
function visitorAddress(req: Request): string {
  return req.get("Fastly-Client-IP")?.trim() || req.ip || "";
}

/** Who clicked: a salted hash of address and user agent, so no IP address is ever stored. */
function visitorId(req: Request): string {
  return createHash("sha256")
    .update(`${visitorSalt.value()}|${visitorAddress(req)}|${req.get("User-Agent") ?? ""}`)
    .digest("hex");
}

/**
 * Counts the click unless this visitor already clicked this link this hour: the visit record is created
 * (failing if it exists) in the same batch as the shard increment, so the two happen together or not at
 * all. One read (the affiliate, above) and two writes per counted click.
 */
async function countClick(req: Request, advertiser: AdvertiserSettings, uid: string, suffix: string, now: Date) {
  const window = Math.floor(now.getTime() / limits.clickDedupeWindowMs);
  const visitor = visitorId(req);
  const visitId = createHash("sha256").update(`${uid}|${advertiser.id}|${suffix}|${visitor}|${window}`).digest("hex");
  const visit = db().collection(collections.clickVisits).doc(visitId);
  const { ref, data } = clickIncrement({ uid, advertiser: advertiser.id, suffix, day: dayKey(now) });
  const batch = db().batch();
  // expire_at lets a Firestore TTL policy delete visit records once their window has passed.
  batch.create(visit, { expire_at: new Date((window + 2) * limits.clickDedupeWindowMs) });
  batch.set(ref, data, { merge: true });
  try {
    await batch.commit();
  } catch (error) {
    if ((error as { code?: number }).code === 6) return; // ALREADY_EXISTS: counted once already
    // The visitor still gets where they were going; the failure is logged for follow-up.
    logger.error("track: click not counted", { uid, advertiser: advertiser.id, suffix, error });
  }
}
