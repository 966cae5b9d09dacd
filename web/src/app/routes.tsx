/**
 * Every route of the site (SPEC.md §2), each page its own lazily loaded chunk. The same table drives the
 * browser's router and the build-time prerender of the public pages.
 */
import { Navigate, type RouteObject } from "react-router-dom";
import { Layout } from "../components/layout";
import { Loading } from "../components/loading";
import { paths } from "../config/paths";
import { RequireSignIn } from "./require-sign-in";
import type * as advertiserModule from "../features/advertiser/advertiser-page";

const page =
  <T,>(load: () => Promise<T>, pick: (module: T) => React.ComponentType) =>
  async () => ({
    Component: pick(await load()),
  });

/** The staff console's sections: one chunk, one module. */
const advertiserPage = (pick: (module: typeof advertiserModule) => React.ComponentType) =>
  page(() => import("../features/advertiser/advertiser-page"), pick);

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
      {
        // Pages that need Firebase at once share one chunk that loads it.
        lazy: page(
          () => import("./signed-in-area"),
          (m) => m.SignedInArea,
        ),
        children: [
          {
            path: paths.signup,
            lazy: page(
              () => import("../features/auth/signup-page"),
              (m) => m.SignupPage,
            ),
          },
          {
            path: paths.login,
            lazy: page(
              () => import("../features/auth/signup-page"),
              (m) => m.LoginPage,
            ),
          },
          {
            // The sign-in guard, once, around every page that needs a signed-in user.
            Component: RequireSignIn,
            children: [
              {
                path: paths.dashboard,
                lazy: page(
                  () => import("../features/dashboard/dashboard-page"),
                  (m) => m.DashboardPage,
                ),
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
];

/**
 * The pages that need Firebase at once (under the signed-in area): each gets the app shell as its own HTML
 * file, with its chunks and the Firebase SDKs preloaded (web/scripts/prerender.ts).
 */
export const shellPaths = [paths.signup, paths.login, paths.dashboard, paths.advertiser];
