// First, so every component's own styles come after the page's base in the cascade.
import "./styles/base.css";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter, matchRoutes } from "react-router-dom";
import { App } from "./app/app";
import { routes } from "./app/routes";
import { rememberAppBuild } from "./lib/app-build";
import { watchAdvertiserLinks } from "./lib/current-advertiser";
import { figuresOfPage, termsOfPage } from "./lib/public-terms";

// When the app starts and first renders, for the bench's timeline (scripts/bench/web.ts).
performance.mark("app:start");
watchAdvertiserLinks();

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

// A prerendered page is hydrated (a public page loads the app only for someone signed in: src/islands.ts):
// its route's chunk must be loaded first, or the first render would not match the HTML. An app shell
// (dashboard.html, advertiser.html ...: the header and the loading state) is rendered over, once its route's chunks
// are in too, so the first render shows the header the shell painted instead of the router's bare fallback.
const shell = root.hasAttribute("data-shell");
const prerendered = root.hasChildNodes() && !shell;
if (prerendered || shell) {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== "function") return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}

const app = (
  <StrictMode>
    {/* The figures the served page states (function `pages` filled them in), so hydration matches its HTML;
        a page stating none (an app shell) has them asked for when a public page is shown. */}
    <App router={createBrowserRouter(routes)} figures={figuresOfPage(root)} stated={termsOfPage(root) !== undefined} />
  </StrictMode>
);
performance.mark("app:routes");
if (prerendered) hydrateRoot(root, app);
else createRoot(root).render(app);
// Its files are in this browser's HTTP cache now: the next visit's shell need not preload them.
rememberAppBuild(import.meta.url);
