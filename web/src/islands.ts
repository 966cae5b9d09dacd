/**
 * The script every built page names (web/scripts/prerender.ts), built on its own (vite.islands.config.ts).
 *
 * A prerendered public page is complete as HTML and CSS (issue 20): for a visitor who is not signed in
 * nothing on it needs React. The header shows Log In and Sign Up from the HTML, every link is a plain link,
 * and the partner cards' Get Started remembers its advertiser through one document listener. Someone signed
 * in at this browser (the session hint, set by the script in index.html) gets the app, named by this
 * script's data-app attribute, which hydrates the page and shows their header, account menu and
 * announcement. The app shell's pages always get the app, and so do /signup and /login (their root marked
 * data-hydrate), whose forms need it. Either way the app starts once the HTML has painted.
 */
import { config } from "./config";
import { paths } from "./config/paths";
import { watchAdvertiserLinks } from "./lib/current-advertiser";
import { readEarlyDashboard } from "./lib/early-figures";
import { lastSeenBeforeAuth } from "./lib/last-seen-figures";
import { sessionHintAttribute } from "./lib/session-hint";

watchAdvertiserLinks();
const root = document.getElementById("root");
const app = document.querySelector<HTMLScriptElement>("script[data-app]")?.dataset.app;
const everyone = root?.hasAttribute("data-shell") || root?.hasAttribute("data-hydrate");
const signedIn = document.documentElement.hasAttribute(sessionHintAttribute);
// A first visit's dashboard (no figures seen here before): its figures read at once, without the SDKs
// (lib/early-figures.ts). Not at an admin's ?uid= view, which shows someone else.
if (
  signedIn &&
  root?.hasAttribute("data-shell") &&
  window.location.pathname === paths.dashboard &&
  !new URLSearchParams(window.location.search).has("uid") &&
  !lastSeenBeforeAuth()
) {
  // In this script rather than a chunk of its own: on a first visit the shell's preloads fill the
  // connections to the site, and a chunk asked for now waited behind them (figures at 3.0 s, not 2.5).
  window.earlyDashboard = readEarlyDashboard(config);
}
if (app && (everyone || signedIn)) {
  afterFirstPaint(() => {
    // A shell's route chunks and their stylesheets (web/scripts/prerender.ts), asked for with the app so
    // they are ready when it renders the page's pending view (the dashboard's last-seen figures).
    for (const [attribute, rel] of [
      ["routeScripts", "modulepreload"],
      ["routeStyles", "stylesheet"],
    ] as const) {
      for (const href of root?.dataset[attribute]?.split(" ").filter(Boolean) ?? []) {
        document.head.append(Object.assign(document.createElement("link"), { rel, href, crossOrigin: "" }));
      }
    }
    const script = document.createElement("script");
    script.type = "module";
    script.crossOrigin = "";
    script.src = app;
    document.body.append(script);
  });
}

/**
 * Runs `then` once the browser has painted the page's HTML (at the latest after 100 ms, for a tab that does
 * not paint while hidden): on a repeat visit the app comes from the HTTP cache and would otherwise run
 * before the first paint.
 */
function afterFirstPaint(then: () => void): void {
  let done = false;
  const once = () => {
    if (!done) then();
    done = true;
  };
  setTimeout(once, 100);
  requestAnimationFrame(() => setTimeout(once, 0));
}
