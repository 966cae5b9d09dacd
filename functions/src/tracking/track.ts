/**
 * Following a tracking link ({link domain}/m/{uid}{suffix}[?landing=...]): where the visitor goes, and
 * counting the click. Only ever to that advertiser's own origin: the target is built from the configured
 * website and a landing path from the catalogue, never from the request. An unknown uid or suffix still
 * reaches the advertiser's home page, but counts nothing. http/track.ts is the HTTP side.
 */
import { createHash } from "node:crypto";
import { logger } from "firebase-functions";
import { limits } from "../config.js";
import type { TrackingLink } from "../domain/affiliate-link.js";
import { dayKey } from "../domain/days.js";
import { findLandingPage } from "../domain/landing-pages.js";
import { collections } from "../domain/model.js";
import { advertiserForHost, advertiserSettings, type AdvertiserSettings } from "../data/advertiser-config.js";
import { clickIncrement } from "../data/aggregates.js";
import { db, refs } from "../data/firestore.js";

export interface LinkVisit {
  /** The host the link was opened on: it names the advertiser. */
  host: string;
  /** The link, or undefined when the path is not one (the visitor still goes to the advertiser). */
  link: TrackingLink | undefined;
  /** The ?landing= query value, as sent. */
  landing: unknown;
  /** The visitor's id when the visit counts as a click; null when it does not (a HEAD, no link). */
  countAs: string | null;
}

/** The URL to send the visitor to; counts the click first when the link is known and the visit counts. */
export async function followLink(visit: LinkVisit, now: Date): Promise<string> {
  const advertiser = advertiserForHost(await advertiserSettings(now.getTime()), visit.host);
  const { link } = visit;
  if (!link) return advertiser.website;
  const affiliate = (await refs.affiliate(link.uid).get()).data();
  const known = affiliate && (link.suffix === "" || affiliate.links[advertiser.id].includes(link.suffix));
  if (!known) return advertiser.website;
  const target = destination(advertiser, link.uid, link.suffix, visit.landing);
  if (visit.countAs !== null) await countClick(visit.countAs, advertiser, link.uid, link.suffix, now);
  return target;
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
 * Counts the click unless this visitor already clicked this link this hour: the visit record is created
 * (failing if it exists) in the same batch as the shard increment, so the two happen together or not at
 * all. One read (the affiliate, above) and two writes per counted click.
 */
async function countClick(visitor: string, advertiser: AdvertiserSettings, uid: string, suffix: string, now: Date) {
  const window = Math.floor(now.getTime() / limits.clickDedupeWindowMs);
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
