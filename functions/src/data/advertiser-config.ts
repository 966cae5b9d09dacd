/**
 * The advertisers' runtime configuration (website, and the programme settings the click redirect needs:
 * link domain, attribution window, landing pages) from advertisers/{id}, each setting falling back to its
 * default (domain/programme-settings.ts). Cached per instance for `settingsCacheMs`: the click redirect
 * must not pay a read for it on every click, so a change of these settings reaches every instance within
 * that time. The ledger does not use this cache: it reads the settings in force for each sale.
 */
import { advertiserIds, advertisers, defaultAdvertiserId, type AdvertiserId } from "../domain/advertisers.js";
import { storedSettings } from "../domain/programme-settings.js";
import { refs } from "./firestore.js";

export interface AdvertiserSettings {
  id: AdvertiserId;
  website: string;
  linkDomain: string;
  /** Days a click can be credited with a conversion. */
  attributionWindowDays: number;
  /** The catalogue paths a link may land on ("" for the home page). */
  landingPages: readonly string[];
}

/** How stale the redirect's view of the settings may be. */
export const settingsCacheMs = 5 * 60 * 1000;
let cached: { at: number; settings: Map<AdvertiserId, AdvertiserSettings> } | undefined;

export async function advertiserSettings(now = Date.now()): Promise<Map<AdvertiserId, AdvertiserSettings>> {
  if (cached && now - cached.at < settingsCacheMs) return cached.settings;
  const snapshot = await refs.advertisers().get();
  const stored = new Map(snapshot.docs.map((doc) => [doc.id, doc.data()]));
  const settings = new Map(
    advertiserIds.map((id) => {
      const doc = stored.get(id);
      const programme = storedSettings(id, doc);
      return [
        id,
        {
          id,
          website: doc?.website || advertisers[id].website,
          linkDomain: programme.link_domain.replace(/\/+$/, ""),
          attributionWindowDays: programme.attribution_window_days,
          landingPages: programme.landing_pages,
        },
      ];
    }),
  );
  cached = { at: now, settings };
  return settings;
}

/** Forgets the cached settings (this instance saved new ones). */
export function forgetAdvertiserSettings(): void {
  cached = undefined;
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
