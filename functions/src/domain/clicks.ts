/**
 * Click ids (issue 18): every click the redirect counts is recorded in clicks/{clickId} and its id passed to
 * the advertiser, who reports conversions by it. What a click records, and whether a click id can still be
 * credited with a conversion.
 */
import type { ClickDoc } from "./model.js";
import type { SubIdName, SubIds } from "./sub-ids.js";
import { dayMs } from "./days.js";

/** A click id: 128 bits, base64url without padding (22 characters), so it goes in a URL as it is. */
const clickIdPattern = /^[A-Za-z0-9_-]{22}$/;

export function isClickId(value: unknown): value is string {
  return typeof value === "string" && clickIdPattern.test(value);
}

/** The click document for a click counted at `now`, kept for the advertiser's attribution window. */
export function newClick(
  click: Omit<ClickDoc, "clicked_at" | "expire_at" | "converted_at" | SubIdName>,
  subIds: SubIds,
  now: Date,
  attributionWindowDays: number,
): ClickDoc {
  return {
    ...click,
    ...subIds,
    clicked_at: now,
    expire_at: new Date(now.getTime() + attributionWindowDays * dayMs),
    converted_at: null,
  };
}

/** What a click id is worth to a conversion: nothing (unknown, expired), or the click to credit. */
export type ClickForConversion =
  { status: "unknown" } | { status: "expired"; click: ClickDoc } | { status: "valid"; click: ClickDoc };

/**
 * Whether `click` (looked up by its id; undefined when there is none) can be credited with a conversion
 * made at `at`: until its attribution window ends (`expire_at` itself is too late), and for good once it
 * has converted (the customer's renewals are the affiliate's). A click whose window has ended unconverted
 * reads "expired" until the TTL policy deletes it, "unknown" after.
 */
export function clickForConversion(click: ClickDoc | undefined, at: Date): ClickForConversion {
  if (!click) return { status: "unknown" };
  if (click.converted_at || click.expire_at === null) return { status: "valid", click };
  if (at.getTime() >= click.expire_at.getTime()) return { status: "expired", click };
  return { status: "valid", click };
}
