/**
 * The script of the prerendered public pages (issue 20), instead of the app: the page is already complete
 * HTML and CSS, and for a visitor who is not signed in nothing on it needs React. The header shows Log in
 * and Sign Up from the HTML, every link is a plain link, and the partner cards' Get Started remembers its
 * advertiser through one document listener. Someone signed in at this browser (the session hint, set by
 * the script in index.html) gets the app, which hydrates the page and shows their header, account menu and
 * announcement, as before.
 */
import { watchAdvertiserLinks } from "./lib/current-advertiser";
import { sessionHintAttribute } from "./lib/session-hint";

watchAdvertiserLinks();
if (document.documentElement.hasAttribute(sessionHintAttribute)) void import("./main");
