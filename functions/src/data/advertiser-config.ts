/**
 * The advertisers' runtime configuration (link domain, website, attribution window, commission hold) from advertisers/{id},
 * falling back to the registry's defaults. Cached per instance: the click redirect must not pay a read for
 * it on every click.
 */
import { logger } from "firebase-functions";
import type { z } from "zod";
import { limits } from "../config.js";
import { advertiserIds, advertisers, defaultAdvertiserId, type AdvertiserId } from "../domain/advertisers.js";
import { attributionWindowDaysSchema } from "../domain/clicks.js";
import { holdDaysSchema } from "../domain/balance.js";
import { refs } from "./firestore.js";

export interface AdvertiserSettings {
  id: AdvertiserId;
  website: string;
  linkDomain: string;
  /** Days a click can be credited with a conversion. */
  attributionWindowDays: number;
  /** Days a sale's commission is held before it can be paid out. */
  holdDays: number;
}

const cacheMs = 5 * 60 * 1000;
let cached: { at: number; settings: Map<AdvertiserId, AdvertiserSettings> } | undefined;

export async function advertiserSettings(now = Date.now()): Promise<Map<AdvertiserId, AdvertiserSettings>> {
  if (cached && now - cached.at < cacheMs) return cached.settings;
  const snapshot = await refs.advertisers().get();
  const stored = new Map(snapshot.docs.map((doc) => [doc.id, doc.data()]));
  const settings = new Map(
    advertiserIds.map((id) => {
      const doc = stored.get(id);
      return [
        id,
        {
          id,
          website: doc?.website || advertisers[id].website,
          linkDomain: (doc?.link_domain || advertisers[id].defaultLinkDomain).replace(/\/+$/, ""),
          attributionWindowDays: attributionWindowDays(id, doc?.attribution_window_days),
          holdDays: storedDays(id, "hold_days", doc?.hold_days, holdDaysSchema, limits.commissionHoldDays),
        },
      ];
    }),
  );
  cached = { at: now, settings };
  return settings;
}

/** The advertiser's own window when it sets a valid one; the default when it sets none or a bad one. */
export function attributionWindowDays(id: AdvertiserId, stored: unknown): number {
  return storedDays(id, "attribution_window_days", stored, attributionWindowDaysSchema, limits.attributionWindowDays);
}

/** A number of days advertisers/{id} may set: its own when valid, else the default (a bad one is logged). */
function storedDays(
  id: AdvertiserId,
  field: string,
  stored: unknown,
  schema: z.ZodType<number>,
  fallback: number,
): number {
  if (stored === undefined) return fallback;
  const parsed = schema.safeParse(stored);
  if (parsed.success) return parsed.data;
  logger.warn(`advertisers: ${field} is not a valid whole number of days`, { id, stored });
  return fallback;
}

/** The advertiser whose link domain is `host` ("cutechat.ai", "127.0.0.1:5050"); the default otherwise. */
export function advertiserForHost(settings: Map<AdvertiserId, AdvertiserSettings>, host: string): AdvertiserSettings {
  const wanted = host.trim().toLowerCase();
  for (const advertiser of settings.values()) {
    if (hostOf(advertiser.linkDomain) === wanted) return advertiser;
  }
  return settings.get(defaultAdvertiserId)!;
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return undefined;
  }
}
