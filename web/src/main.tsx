// First, so every component's own styles come after the page's base in the cascade.
import "./styles/base.css";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter, matchRoutes } from "react-router-dom";
import { App } from "./app/app";
import { routes } from "./app/routes";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

// A prerendered page is hydrated: its route's chunk must be loaded first, or the first render would not
// match the HTML. An empty shell (app.html, every other path) is simply rendered.
const prerendered = root.hasChildNodes();
if (prerendered) {
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
    <App router={createBrowserRouter(routes)} />
  </StrictMode>
);
if (prerendered) hydrateRoot(root, app);
else createRoot(root).render(app);
