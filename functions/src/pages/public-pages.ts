/**
 * The public pages with the figures in force (issue 34). The build prerenders each page that states a rate or
 * a payout rule with placeholders in the figures' places (web/scripts/prerender.ts) and publishes them
 * together as one file on Hosting, /_pages/pages.json; Hosting rewrites the pages' paths (and every path
 * nothing else serves, which shows the home page with status 404) to function `pages`, which fills the
 * placeholders with the terms in force (domain/public-terms.ts) and answers with a header that lets the CDN
 * keep the page for four minutes. An instance keeps the terms and the pages for `cacheMs` (a minute in
 * production), so a change of the rates is on every page within five minutes, without a deploy.
 *
 * When the settings cannot be read, the page states the last terms this instance read or, before any,
 * SPEC.md's (the settings' defaults, which the build's prerender stated before issue 34). When the pages
 * cannot be fetched and none were before, the answer is 503, not cached.
 */
import { defaultPublicTerms, fillFigures, type PublicTerms } from "../domain/public-terms.js";

/** The file the build publishes with every page's prerendered HTML, by path. */
export const pagesBundlePath = "/_pages/pages.json";
/**
 * The terms in force as JSON, for the app when it shows a public page it was not loaded on (a signed-in
 * affiliate's Products link): its page's root states no terms (web/src/lib/public-terms.tsx).
 */
export const termsJsonPath = "/_pages/terms.json";

export interface PagesBundle {
  /** Each page's HTML with placeholders, by path ("/", "/terms"). */
  pages: Record<string, string>;
  /** The home page as rendered at an unknown path, answered with status 404 (docs/public-site.md). */
  not_found: string;
}

/**
 * The CDN keeps a page four minutes; with an instance's minute, a change shows within five. firebase.json
 * states the same for the pages' paths (Hosting's header rules apply to a function's answers too, the last
 * matching rule winning), and the prerender checks the two agree.
 */
export const pageCacheControl = "public, max-age=0, s-maxage=240";
/** An unknown path's answer (404) is not kept, as firebase.json's rule for every path says. */
export const notFoundCacheControl = "no-cache";

export interface PageAnswer {
  status: 200 | 404 | 503;
  /** The page's HTML, or the terms' JSON (`json`). */
  html: string;
  cacheControl: string;
  json?: true;
}

export interface PageSources {
  readTerms(): Promise<PublicTerms>;
  readBundle(): Promise<PagesBundle>;
  /** How long an answer read from either source is kept (0: read on every call). */
  cacheMs: number;
  now(): number;
  warn(message: string, error: unknown): void;
}

interface Kept<T> {
  at: number;
  value: T;
}

/**
 * A reader of `read` that keeps its last value for `cacheMs`, shares one read among the callers waiting for
 * it, and on a failed read answers the last value it had or, without one, undefined.
 */
function keeping<T>(read: () => Promise<T>, sources: PageSources) {
  let kept: Kept<T> | undefined;
  let reading: Promise<{ value: T | undefined }> | undefined;
  return (what: string): Promise<{ value: T | undefined }> => {
    if (kept && sources.cacheMs > 0 && sources.now() - kept.at < sources.cacheMs) {
      return Promise.resolve({ value: kept.value });
    }
    reading ??= read()
      .then((value) => {
        kept = { at: sources.now(), value };
        return { value: value as T | undefined };
      })
      .catch((error: unknown) => {
        sources.warn(`public pages: could not read ${what}`, error);
        return { value: kept?.value };
      })
      .finally(() => {
        reading = undefined;
      });
    return reading;
  };
}

/** The answer for each path, from `sources`. */
export function publicPages(sources: PageSources): (path: string) => Promise<PageAnswer> {
  const terms = keeping(sources.readTerms, sources);
  const bundle = keeping(sources.readBundle, sources);
  return async (path) => {
    const [pages, inForce] = await Promise.all([bundle("the prerendered pages"), terms("the terms in force")]);
    if (!pages.value) {
      return {
        status: 503,
        html: "<!doctype html><title>Try again</title><p>This page is not available right now: try again in a moment.</p>",
        cacheControl: "private, no-store",
      };
    }
    const figures = inForce.value ?? defaultPublicTerms();
    if (path === termsJsonPath)
      return { status: 200, html: JSON.stringify(figures), cacheControl: pageCacheControl, json: true };
    const page = Object.hasOwn(pages.value.pages, path) ? pages.value.pages[path] : undefined;
    return page === undefined
      ? { status: 404, html: fillFigures(pages.value.not_found, figures), cacheControl: notFoundCacheControl }
      : { status: 200, html: fillFigures(page, figures), cacheControl: pageCacheControl };
  };
}
