import { defaultAdvertiserId, isAdvertiserId, type AdvertiserId } from "@domain/advertisers";

/** SPEC.md §3: the advertiser the affiliate chose, kept in local storage under this key. */
export const currentAdvertiserKey = "currentAdvertiser";

/** Remembers the advertiser for the sign-up and the dashboard; a browser that refuses storage still signs up. */
export function rememberAdvertiser(id: AdvertiserId): void {
  try {
    window.localStorage.setItem(currentAdvertiserKey, id);
  } catch (error) {
    console.warn("Could not store the current advertiser", error);
  }
}

/** The advertiser last chosen in this browser, else the default one. Browser only (local storage). */
export function storedAdvertiser(): AdvertiserId {
  const stored = window.localStorage.getItem(currentAdvertiserKey);
  return isAdvertiserId(stored) ? stored : defaultAdvertiserId;
}
