import { describe, expect, test, vi } from "vitest";
import type { AffiliateDoc } from "../domain/model.js";
import { KnownLinks, type ReadLinks } from "./known-links.js";

type Links = AffiliateDoc["links"];
const links = (promptchan: string[]): Links => ({ promptchan, cutechat: [], creategirls: [] });

/** A cache over a fake store of affiliates' links, counting its reads. */
function cacheOver(store: Map<string, Links>, maxAgeMs = 30_000, capacity = 100) {
  const read = vi.fn<ReadLinks>(async (uid) => store.get(uid));
  return { cache: new KnownLinks(read, maxAgeMs, capacity), read };
}

describe("the redirect's cache of affiliates' links", () => {
  test("a live link is read once, then answered from memory until it is as old as the limit", async () => {
    const { cache, read } = cacheOver(new Map([["u1", links(["/tw"])]]));
    expect(await cache.has("u1", "promptchan", "/tw", 0)).toBe(true);
    expect(await cache.has("u1", "promptchan", "/tw", 29_999)).toBe(true);
    expect(await cache.has("u1", "promptchan", "", 29_999)).toBe(true);
    expect(read).toHaveBeenCalledTimes(1);
    expect(await cache.has("u1", "promptchan", "/tw", 30_000)).toBe(true);
    expect(read).toHaveBeenCalledTimes(2);
  });

  test("a link it does not know is read afresh: a new link counts from its first click", async () => {
    const store = new Map([["u1", links(["/tw"])]]);
    const { cache, read } = cacheOver(store);
    expect(await cache.has("u1", "promptchan", "/tw", 0)).toBe(true);
    store.set("u1", links(["/tw", "/new"]));
    expect(await cache.has("u1", "promptchan", "/new", 1)).toBe(true);
    expect(read).toHaveBeenCalledTimes(2);
    // Another advertiser's tracker is not this one's, even under the same suffix.
    expect(await cache.has("u1", "cutechat", "/tw", 2)).toBe(false);
  });

  test("a deleted link goes on counting on this instance for at most the limit, then stops", async () => {
    const store = new Map([["u1", links(["/tw"])]]);
    const { cache } = cacheOver(store);
    expect(await cache.has("u1", "promptchan", "/tw", 0)).toBe(true);
    store.set("u1", links([]));
    expect(await cache.has("u1", "promptchan", "/tw", 29_999)).toBe(true);
    expect(await cache.has("u1", "promptchan", "/tw", 30_000)).toBe(false);
  });

  test("an unknown affiliate is never remembered: each of its clicks is read", async () => {
    const store = new Map<string, Links>();
    const { cache, read } = cacheOver(store);
    expect(await cache.has("ghost", "promptchan", "", 0)).toBe(false);
    expect(await cache.has("ghost", "promptchan", "", 1)).toBe(false);
    expect(read).toHaveBeenCalledTimes(2);
    expect(cache.size).toBe(0);
    // An account made since counts at once.
    store.set("ghost", links([]));
    expect(await cache.has("ghost", "promptchan", "", 2)).toBe(true);
  });

  test("holds at most its capacity, forgetting the least recently clicked affiliate first", async () => {
    const store = new Map(["a", "b", "c"].map((uid) => [uid, links(["/x"])]));
    const { cache, read } = cacheOver(store, 30_000, 2);
    await cache.has("a", "promptchan", "/x", 0);
    await cache.has("b", "promptchan", "/x", 0);
    await cache.has("a", "promptchan", "/x", 1); // a is now the most recent
    await cache.has("c", "promptchan", "/x", 2); // b goes
    expect(cache.size).toBe(2);
    read.mockClear();
    await cache.has("a", "promptchan", "/x", 3);
    expect(read).not.toHaveBeenCalled();
    await cache.has("b", "promptchan", "/x", 3);
    expect(read).toHaveBeenCalledTimes(1);
  });
});
