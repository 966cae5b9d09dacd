/**
 * Whether someone was signed in at this browser when a page last knew (issue 20): the one thing a page can
 * know before Firebase Auth has loaded and restored the session. A tiny script in web/index.html reads it
 * while the HTML is parsed and marks <html data-signed-in>, so the prerendered pages and the app shell show
 * the signed-in announcement bar in their first paint instead of pushing the page down once Auth answers.
 * Auth's answer always wins: it rewrites the hint whenever it says who is signed in. The hint holds no
 * account data, only "1".
 */
export const sessionHintKey = "signedIn";

/** The attribute the script in web/index.html sets on <html>; CSS shows the signed-in parts by it. */
export const sessionHintAttribute = "data-signed-in";

export function rememberSession(signedIn: boolean): void {
  try {
    if (signedIn) window.localStorage.setItem(sessionHintKey, "1");
    else window.localStorage.removeItem(sessionHintKey);
  } catch {
    // Storage blocked (some private windows): the page just waits for Auth, as without the hint.
  }
  document.documentElement.toggleAttribute(sessionHintAttribute, signedIn);
}
