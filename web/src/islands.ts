/**
 * The script of the prerendered public pages (issue 20), instead of the app, built on its own
 * (vite.islands.config.ts). Such a page is complete as HTML and CSS: for a visitor who is not signed in
 * nothing on it needs React. The header shows Log in and Sign Up from the HTML, every link is a plain link,
 * and the partner cards' Get Started remembers its advertiser through one document listener. Someone signed
 * in at this browser (the session hint, set by the script in index.html) gets the app, named by this
 * script's data-app attribute (web/scripts/prerender.ts), which hydrates the page and shows their header,
 * account menu and announcement, and installs the same listener again (a second store of the same value).
 */
import { watchAdvertiserLinks } from "./lib/current-advertiser";
import { sessionHintAttribute } from "./lib/session-hint";

watchAdvertiserLinks();
const app = document.querySelector<HTMLScriptElement>("script[data-app]")?.dataset.app;
if (app && document.documentElement.hasAttribute(sessionHintAttribute)) {
  const script = document.createElement("script");
  script.type = "module";
  script.crossOrigin = "";
  script.src = app;
  document.body.append(script);
}
