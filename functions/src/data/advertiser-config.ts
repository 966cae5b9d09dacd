/**
 * The advertisers' runtime configuration (link domain, website) from advertisers/{id}, falling back to the
 * registry's defaults. Cached per instance: the click redirect must not pay a read for it on every click.
 */
import { advertiserIds, advertisers, defaultAdvertiserId, type AdvertiserId } from "../domain/advertisers.js";
import { refs } from "./firestore.js";

export interface AdvertiserSettings {
  id: AdvertiserId;
  website: string;
  linkDomain: string;
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
        },
      ];
    }),
  );
  cached = { at: now, settings };
  return settings;
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
