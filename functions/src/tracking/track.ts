/**
 * Following a tracking link ({link domain}/m/{uid}{suffix}[?landing=...&sub1=...]): where the visitor goes,
 * and counting the click. Only ever to that advertiser's own origin: the target is built from the configured
 * website and a landing path from the catalogue, never from the request. An unknown uid or suffix still
 * reaches the advertiser's home page, but counts nothing. http/track.ts is the HTTP side.
 */
import { createHash } from "node:crypto";
import { logger } from "firebase-functions/logger";
import { limits } from "../config.js";
import type { TrackingLink } from "../domain/affiliate-link.js";
import { newClick } from "../domain/clicks.js";
import { dayKey } from "../domain/days.js";
import { findLandingPage } from "../domain/landing-pages.js";
import type { ClickDoc } from "../domain/model.js";
import type { SubIds } from "../domain/sub-ids.js";
import { advertiserForHost, advertiserSettings, type AdvertiserSettings } from "../data/advertiser-config.js";
import { clickIncrement, filteredClickIncrement, type FilterReason } from "../data/aggregates.js";
import { db, refs } from "../data/firestore.js";
import { knownLinks } from "../data/known-links.js";

export interface LinkVisit {
  /** The host the link was opened on: it names the advertiser. */
  host: string;
  /** The link, or undefined when the path is not one (the visitor still goes to the advertiser). */
  link: TrackingLink | undefined;
  /** The ?landing= query value, as sent. */
  landing: unknown;
  /** The affiliate's sub-ids from the query (domain/sub-ids.ts), recorded with the click. */
  subIds: SubIds;
  /**
   * The visitor's id when the visit counts as a click; null when it does not (a HEAD, no link). A hash
   * salted with a secret: the click id is derived from it, so it must be unguessable.
   */
  countAs: string | null;
  /**
   * Why the click is counted apart, if it is: a bot or a headless browser (tracking/bot-traffic.ts), or a
   * browser in a hosting or datacenter network (tracking/hosting-networks.ts). Such a click counts in
   * filtered_clicks (a datacenter's in datacenter_clicks too), gets no click id and records no click. The
   * visitor is redirected all the same.
   */
  filtered: FilterReason | null;
}

/**
 * The URL to send the visitor to; counts the click first when the link is known and the visit counts, and
 * then names the click by its id (`click_id`) for the advertiser to report conversions with.
 */
export async function followLink(visit: LinkVisit, now: Date): Promise<string> {
  const advertiser = advertiserForHost(await advertiserSettings(now.getTime()), visit.host);
  const { link } = visit;
  if (!link) return advertiser.website;
  // Known from this instance's cache (data/known-links.ts) when the link was clicked lately: no read.
  if (!(await knownLinks.has(link.uid, advertiser.id, link.suffix, now.getTime()))) return advertiser.website;
  // A page of the catalogue that the advertiser offers; anything else lands on the home page.
  const asked = typeof visit.landing === "string" ? findLandingPage(visit.landing)?.value : undefined;
  const landing = asked && advertiser.landingPages.includes(asked) ? asked : "";
  const click = newClick(
    { uid: link.uid, advertiser_id: advertiser.id, tracker: link.suffix, landing },
    visit.subIds,
    now,
    advertiser.attributionWindowDays,
  );
  let clickId: string | null = null;
  if (visit.countAs !== null && visit.filtered !== null) await countFilteredClick(click, visit.filtered, now);
  else if (visit.countAs !== null) clickId = await countClick(visit.countAs, click, now);
  return destination(advertiser, link, landing, clickId);
}

/**
 * The advertiser's page for the chosen landing page, carrying the affiliate and the click so sign-ups and
 * sales are attributed. The affiliate's sub-ids stay with us: they are the affiliate's own labels, for
 * their reports and postbacks, and the advertiser finds the click by its id.
 */
function destination(advertiser: AdvertiserSettings, link: TrackingLink, landing: string, clickId: string | null) {
  const home = new URL(advertiser.website);
  const url = new URL(landing || "/", home.origin);
  url.searchParams.set("ref", link.uid);
  if (link.suffix) url.searchParams.set("tracker", link.suffix);
  if (clickId) url.searchParams.set("click_id", clickId);
  // Built from the configured origin and a catalogue path, so this holds; checked anyway.
  return url.origin === home.origin ? url.toString() : advertiser.website;
}

/**
 * Counts the click unless this visitor already clicked this link this hour, and answers its click id (null
 * when it could not be recorded). The click document is also the visit record: its id is derived from the
 * link, the visitor and the hour, so the create fails for a second click in the hour, which then gets the
 * counted click's id without a read. It goes in one batch with the shard increment: the click is counted
 * and recorded together or not at all. Two writes in one commit per counted click, and the affiliate's
 * links read (above) only when this instance has not seen them lately: one round trip on a warm path.
 */
async function countClick(visitor: string, click: ClickDoc, now: Date): Promise<string | null> {
  const { uid, advertiser_id: advertiser, tracker, landing } = click;
  const window = Math.floor(now.getTime() / limits.clickDedupeWindowMs);
  // 128 bits of a hash over the salted visitor: unguessable without the salt, URL-safe (domain/clicks.ts).
  const clickId = createHash("sha256")
    .update(`${uid}|${advertiser}|${tracker}|${visitor}|${window}`)
    .digest()
    .subarray(0, 16)
    .toString("base64url");
  const { ref, data } = clickIncrement({ uid, advertiser, suffix: tracker, landing, day: dayKey(now) });
  const batch = db().batch();
  // Kept at least a day (the attribution window's minimum), well past the hour it dedupes.
  batch.create(refs.clicks().doc(clickId), click);
  batch.set(ref, data, { merge: true });
  try {
    await batch.commit();
    return clickId;
  } catch (error) {
    if ((error as { code?: number }).code === 6) return clickId; // ALREADY_EXISTS: counted once already
    // The visitor still gets where they were going, without a click id that names nothing; logged.
    logger.error("track: click not counted", { uid, advertiser, tracker, error });
    return null;
  }
}

/**
 * Counts a filtered click apart (issue 33): a bot's, a headless browser's or a datacenter's. One shard
 * increment, no click record, so no click id and nothing a conversion could be credited to. Every such
 * request counts (there is no visit record to tell a repeat by); the per-address rate limit still bounds
 * them. A failed write is logged, and the visitor redirected all the same.
 */
async function countFilteredClick(click: ClickDoc, reason: FilterReason, now: Date): Promise<void> {
  const { uid, advertiser_id: advertiser, tracker } = click;
  const { ref, data } = filteredClickIncrement({ uid, advertiser, day: dayKey(now) }, reason);
  try {
    await ref.set(data, { merge: true });
  } catch (error) {
    logger.error("track: filtered click not counted", { uid, advertiser, tracker, reason, error });
  }
}
