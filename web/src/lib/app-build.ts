/**
 * Which build of the app this browser has run: its entry's path, which the build hashes. A signed-in page's
 * shell names its scripts and stylesheets to preload (web/scripts/prerender.ts), and a script in
 * web/index.html preloads them only when this browser has not run this build, so they are not in its HTTP
 * cache. Files preloaded from the cache only hold up a repeat visit's first paint (the browser takes them in
 * before painting): on the phone profile, a repeat visit's first paint came at 470 ms without them against
 * 556 ms with them (medians of four each, 26 November 2026).
 */
export const appBuildKey = "appBuild";

/** Called by the app once it runs, with its entry module's URL (import.meta.url in src/main.tsx). */
export function rememberAppBuild(entryUrl: string): void {
  try {
    window.localStorage.setItem(appBuildKey, new URL(entryUrl).pathname);
  } catch {
    // Storage blocked (some private windows): every visit preloads, as a first one does.
  }
}
