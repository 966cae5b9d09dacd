/**
 * SPEC.md §3's currentAdvertiser: the advertiser the affiliate chose, remembered in local storage. The one
 * module that reads or stores it: the partner cards' links store it (watchAdvertiserLinks), the dashboard's
 * switch reads and stores it. No React here: the islands script (src/islands.ts) bundles this module.
 */
import { defaultAdvertiserId, isAdvertiserId, type AdvertiserId } from "@domain/advertisers";

/** SPEC.md §3: the advertiser the affiliate chose, kept in local storage under this key. */
export const currentAdvertiserKey = "currentAdvertiser";

/** The advertiser last chosen in this browser; the default when none (or an unknown one) is stored. */
export function storedAdvertiser(): AdvertiserId {
  try {
    const stored = window.localStorage.getItem(currentAdvertiserKey);
    return isAdvertiserId(stored) ? stored : defaultAdvertiserId;
  } catch {
    // A browser that refuses storage: the default, as for a first visit.
    return defaultAdvertiserId;
  }
}

/** Remembers the advertiser for the sign-up and the dashboard; a browser that refuses storage still signs up. */
export function rememberAdvertiser(id: AdvertiserId): void {
  try {
    window.localStorage.setItem(currentAdvertiserKey, id);
  } catch (error) {
    console.warn("Could not store the current advertiser", error);
  }
}

/**
 * The attribute of a link that remembers an advertiser when followed (the partner cards' Get Started, SPEC.md
 * §2): its value is the advertiser's id. A document-wide listener stores it (watchAdvertiserLinks), so the
 * link works the same on a prerendered page that runs no React (src/islands.ts) and in the app.
 */
export const rememberAdvertiserAttribute = "data-remember-advertiser";

/** Marks a document whose remembering links are watched: shared by the islands script's bundle and the app's. */
const watched = Symbol.for("affiliate-programme.watchAdvertiserLinks");

/**
 * Stores the advertiser of every remembering link the visitor follows, before the link is followed: the
 * listener is on the document's capture phase, ahead of the router's own click handler. Called by the
 * islands script (src/islands.ts) and by the app (src/main.tsx), which runs after it on the built pages and
 * alone in `npm run dev`: the first call installs the listener, and later calls, from either bundle, add none.
 */
export function watchAdvertiserLinks(): void {
  const marked = document as Document & { [watched]?: true };
  if (marked[watched]) return;
  marked[watched] = true;
  document.addEventListener(
    "click",
    (event) => {
      const link = event.target instanceof Element ? event.target.closest(`a[${rememberAdvertiserAttribute}]`) : null;
      const id = link?.getAttribute(rememberAdvertiserAttribute);
      if (isAdvertiserId(id)) rememberAdvertiser(id);
    },
    { capture: true },
  );
}
