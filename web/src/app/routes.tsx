/**
 * Every route of the site (SPEC.md §2), each page its own lazily loaded chunk. The same table drives the
 * browser's router and the build-time prerender of the public pages.
 */
import { Navigate, type RouteObject } from "react-router-dom";
import { Layout } from "../components/layout";
import { Loading } from "../components/loading";
import { paths } from "../config/paths";
import { RequireSignIn } from "./require-sign-in";
import type { PendingHandle } from "./route-pending";
import type * as advertiserModule from "../features/advertiser/advertiser-page";
import type * as signupModule from "../features/auth/signup-page";

const page =
  <T,>(load: () => Promise<T>, pick: (module: T) => React.ComponentType) =>
  async () => ({
    Component: pick(await load()),
  });

/** The staff console's sections: one chunk, one module. */
const advertiserPage = (pick: (module: typeof advertiserModule) => React.ComponentType) =>
  page(() => import("../features/advertiser/advertiser-page"), pick);

/** The two doors to sign-in (/signup, /login): one chunk, one module. */
const signupPage = (pick: (module: typeof signupModule) => React.ComponentType) =>
  page(() => import("../features/auth/signup-page"), pick);

const home = page(
  () => import("../features/landing/home-page"),
  (m) => m.HomePage,
);

export const routes: RouteObject[] = [
  {
    Component: Layout,
    // Shown while the first page's chunk loads on a path that was not prerendered (the dashboard, say).
    HydrateFallback: Loading,
    children: [
      { index: true, lazy: home },
      {
        path: paths.terms,
        lazy: page(
          () => import("../features/terms/terms-page"),
          (m) => m.TermsPage,
        ),
      },
      // The sign-up page links here; the original never served it, we show the same terms.
      {
        path: paths.termsOfService,
        lazy: page(
          () => import("../features/terms/terms-page"),
          (m) => m.TermsPage,
        ),
      },
      {
        path: paths.products,
        lazy: page(
          () => import("../features/products/products-page"),
          (m) => m.ProductsPage,
        ),
      },
      {
        path: paths.aiPornAffiliateProgram,
        lazy: page(
          () => import("../features/landing/marketing-page"),
          (m) => m.MarketingPage,
        ),
      },
      {
        path: paths.updates,
        lazy: page(
          () => import("../features/updates/updates-page"),
          (m) => m.UpdatesPage,
        ),
      },
      // Prerendered like the public pages (a first-time visitor sees the form from the HTML), and always
      // hydrated: Firebase Auth loads when the form is used or Auth answers who is here, Firestore never.
      { path: paths.signup, lazy: signupPage((m) => m.SignupPage) },
      { path: paths.login, lazy: signupPage((m) => m.LoginPage) },
      {
        // Pages that need Firebase at once share one chunk that loads it.
        lazy: page(
          () => import("./signed-in-area"),
          (m) => m.SignedInArea,
        ),
        children: [
          {
            // The sign-in guard, once, around every page that needs a signed-in user.
            Component: RequireSignIn,
            children: [
              {
                path: paths.dashboard,
                // A light module (the page itself loads behind it), whose pending view (app/route-pending.tsx)
                // shows the figures this device last saw.
                lazy: async () => {
                  const { DashboardRoute, DashboardPending } = await import("../features/dashboard/dashboard-route");
                  const handle: PendingHandle = { pending: <DashboardPending /> };
                  return { Component: DashboardRoute, handle };
                },
              },
              {
                path: paths.advertiser,
                // The API calls' cache, which only this page uses (the dashboard reads Firestore).
                lazy: page(
                  () => import("./api-cache-area"),
                  (m) => m.ApiCacheArea,
                ),
                children: [
                  {
                    // The console (who may see it, its heading and tabs) around each section.
                    lazy: advertiserPage((m) => m.AdvertiserPage),
                    children: [
                      { index: true, lazy: advertiserPage((m) => m.AffiliatesSection) },
                      { path: "payouts", lazy: advertiserPage((m) => m.PayoutsSection) },
                      { path: "integration", lazy: advertiserPage((m) => m.IntegrationSection) },
                      { path: "risk", lazy: advertiserPage((m) => m.RiskSection) },
                      { path: "reports", lazy: advertiserPage((m) => m.ReportsSection) },
                      { path: "settings", lazy: advertiserPage((m) => m.SettingsSection) },
                      // A section that does not exist: the console's first.
                      { path: "*", element: <Navigate to={paths.advertiser} replace /> },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
      // SPEC.md §2: any unknown path shows the home page.
      { path: "*", lazy: home },
    ],
  },
];

/** The public pages written to static HTML at build time (web/scripts/prerender.ts). */
export const prerenderedPaths = [
  paths.home,
  paths.terms,
  paths.termsOfService,
  paths.products,
  paths.aiPornAffiliateProgram,
  paths.updates,
  paths.signup,
  paths.login,
];

/**
 * The prerendered pages that load the app for every visitor, not only for someone signed in here (their
 * forms need it): their HTML marks the root `data-hydrate` for src/islands.ts.
 */
export const hydratedPaths = [paths.signup, paths.login];

/**
 * The pages that need Firebase at once (under the signed-in area): each gets the app shell as its own HTML
 * file, with its chunks and the Firebase SDKs preloaded (web/scripts/prerender.ts).
 */
export const shellPaths = [paths.dashboard, paths.advertiser];
