/**
 * Which tracking links each affiliate has, as the click redirect sees them (issue 20): kept per instance so
 * a click on a live link costs no read, only the commit that counts it.
 *
 * The staleness is one-sided and bounded. A link the cache does not know (made a moment ago, or an affiliate
 * not yet seen) is read afresh, so a new link counts from its first click. A link deleted elsewhere goes on
 * counting on an instance that saw it for at most `knownLinksMs`; those clicks show under the affiliate's
 * removed trackers, as the clicks made before the deletion do. The API runs in other instances, so it
 * cannot tell this cache when a link changes; the bound is what is promised instead.
 */
import type { AdvertiserId } from "../domain/advertisers.js";
import type { AffiliateDoc } from "../domain/model.js";
import { db, refs } from "./firestore.js";

/** How long a link the cache has seen may go on counting after it is deleted. */
export const knownLinksMs = 30_000;
/** Affiliates remembered per instance (a few hundred bytes each), the least recently clicked forgotten first. */
export const knownLinksCapacity = 20_000;

type Links = AffiliateDoc["links"];
/** An affiliate's links, or undefined when there is no such affiliate. */
export type ReadLinks = (uid: string) => Promise<Links | undefined>;

export class KnownLinks {
  private readonly entries = new Map<string, { at: number; links: Links }>();
  private readonly read: ReadLinks;
  private readonly maxAgeMs: number;
  private readonly capacity: number;

  constructor(read: ReadLinks, maxAgeMs = knownLinksMs, capacity = knownLinksCapacity) {
    this.read = read;
    this.maxAgeMs = maxAgeMs;
    this.capacity = capacity;
  }

  /**
   * Whether the affiliate `uid` has the link `suffix` for `advertiser` ("" is the affiliate's own link,
   * which every affiliate has). Answered from memory when seen within `maxAgeMs`; read otherwise.
   */
  async has(uid: string, advertiser: AdvertiserId, suffix: string, now: number): Promise<boolean> {
    const seen = this.entries.get(uid);
    if (seen && now - seen.at < this.maxAgeMs && includes(seen.links, advertiser, suffix)) {
      // Most recently used last: Map keeps insertion order, so the first entry is the one to forget.
      this.entries.delete(uid);
      this.entries.set(uid, seen);
      return true;
    }
    const links = await this.read(uid);
    this.entries.delete(uid);
    if (!links) return false;
    this.entries.set(uid, { at: now, links });
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    return includes(links, advertiser, suffix);
  }

  /** How many affiliates are remembered (for tests and the bench). */
  get size(): number {
    return this.entries.size;
  }
}

const includes = (links: Links, advertiser: AdvertiserId, suffix: string) =>
  suffix === "" || (links[advertiser] ?? []).includes(suffix);

/** The redirect's cache, reading the affiliate documents (only their links, by a field mask). */
export const knownLinks = new KnownLinks(async (uid) => {
  const [snapshot] = await db().getAll(refs.affiliate(uid).withConverter(null), { fieldMask: ["links"] });
  if (!snapshot?.exists) return undefined;
  return (snapshot.get("links") as Links | undefined) ?? ({} as Links);
});
