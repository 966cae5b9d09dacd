import { describe, expect, it, vi } from "vitest";
import { defaultPublicTerms, figurePlaceholder, type PublicTerms } from "../domain/public-terms.js";
import {
  notFoundCacheControl,
  pageCacheControl,
  publicPages,
  termsJsonPath,
  type PagesBundle,
} from "./public-pages.js";

const bundle: PagesBundle = {
  pages: { "/": `<h1>${figurePlaceholder("promptchan.commission")}</h1>` },
  not_found: `<h1>home ${figurePlaceholder("promptchan.commission")}</h1>`,
};

const termsAt = (rate: number): PublicTerms => {
  const terms = defaultPublicTerms();
  terms.rates.promptchan.commission_rate = rate;
  return terms;
};

function setUp({ cacheMs = 60_000 } = {}) {
  let now = 0;
  const readTerms = vi.fn(() => Promise.resolve(termsAt(0.7)));
  const readBundle = vi.fn(() => Promise.resolve(bundle));
  const warn = vi.fn();
  const answer = publicPages({ readTerms, readBundle, cacheMs, now: () => now, warn });
  return { answer, readTerms, readBundle, warn, later: (ms: number) => (now += ms) };
}

describe("the public pages' function", () => {
  it("fills the page with the terms in force, for the CDN to keep; an unknown path gets home with 404", async () => {
    const { answer } = setUp();
    expect(await answer("/")).toEqual({ status: 200, html: "<h1>70%</h1>", cacheControl: pageCacheControl });
    expect(await answer("/no/such/page")).toEqual({
      status: 404,
      html: "<h1>home 70%</h1>",
      cacheControl: notFoundCacheControl,
    });
    expect((await answer("/toString")).status).toBe(404);
  });

  it("answers the terms in force as JSON for the app, kept by the CDN as the pages are", async () => {
    const { answer } = setUp();
    expect(await answer(termsJsonPath)).toEqual({
      status: 200,
      html: JSON.stringify(termsAt(0.7)),
      cacheControl: pageCacheControl,
      json: true,
    });
  });

  it("reads the terms and the pages once per minute, one read for callers at once", async () => {
    const { answer, readTerms, readBundle, later } = setUp();
    await Promise.all([answer("/"), answer("/"), answer("/x")]);
    later(59_000);
    await answer("/");
    expect(readTerms).toHaveBeenCalledTimes(1);
    expect(readBundle).toHaveBeenCalledTimes(1);
    readTerms.mockResolvedValueOnce(termsAt(0.65));
    later(1_000);
    expect((await answer("/")).html).toBe("<h1>65%</h1>");
    expect(readTerms).toHaveBeenCalledTimes(2);
  });

  it("with no cache (the emulators), reads the terms on every call", async () => {
    const { answer, readTerms } = setUp({ cacheMs: 0 });
    await answer("/");
    await answer("/");
    expect(readTerms).toHaveBeenCalledTimes(2);
  });

  it("states the last terms read when the settings cannot be read, SPEC.md's before any", async () => {
    const { answer, readTerms, warn, later } = setUp();
    readTerms.mockRejectedValueOnce(new Error("Firestore unavailable"));
    expect(await answer("/")).toEqual({ status: 200, html: "<h1>60%</h1>", cacheControl: pageCacheControl });
    expect(warn).toHaveBeenCalledWith("public pages: could not read the terms in force", expect.any(Error));
    // The next call reads again, and keeps what it read.
    expect((await answer("/")).html).toBe("<h1>70%</h1>");
    later(60_000);
    readTerms.mockRejectedValueOnce(new Error("Firestore unavailable"));
    expect((await answer("/")).html).toBe("<h1>70%</h1>");
  });

  it("answers 503, not cached, when the pages cannot be fetched and none were before", async () => {
    const { answer, readBundle } = setUp();
    readBundle.mockRejectedValueOnce(new Error("Hosting unavailable"));
    const failed = await answer("/");
    expect(failed.status).toBe(503);
    expect(failed.cacheControl).toBe("private, no-store");
    expect((await answer("/")).status).toBe(200);
  });
});
