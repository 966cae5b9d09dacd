/**
 * Renders a public page to static HTML at build time (web/scripts/prerender.ts loads this through Vite), so
 * it paints before any script runs. The same routes and components as in the browser, which hydrates it.
 */
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom";
import { headTags, HeadCollector, type PageMetaProps } from "../components/page-meta";
import { hasFigurePlaceholders, placeholderFigures, termsAttribute, termsPlaceholder } from "@domain/public-terms";
import { AuthStateProvider } from "../lib/auth";
import { PublicFiguresProvider } from "../lib/public-terms";
import { hydratedPaths, prerenderedPaths, routes, shellPaths } from "./routes";

export { hydratedPaths, prerenderedPaths, shellPaths };
/** A page stating figures is rendered with placeholders for them (functions/src/domain/public-terms.ts). */
export { hasFigurePlaceholders, termsAttribute, termsPlaceholder };

/**
 * The path the home page is rendered at for dist/404.html, which Hosting answers (with status 404) for every
 * path that neither a file nor a rewrite serves: SPEC.md §2 shows the home page at any unknown path, and the
 * status tells crawlers and link checkers the truth. Rendered at a path no route names, so the markup is
 * what the browser's router renders at an unknown path and hydrates without a mismatch.
 */
export const unknownPath = "/404";

export interface RenderedPage {
  html: string;
  title: string;
  head: string;
}

const escape = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/** The path's page as HTML, and the title and description its <PageMeta> gave (if it rendered one). */
async function render(path: string): Promise<{ html: string; meta: PageMetaProps | undefined }> {
  const { query, dataRoutes } = createStaticHandler(routes);
  const context = await query(new Request(`http://prerender.local${path}`));
  if (context instanceof Response) throw new Error(`${path} redirected while prerendering`);
  let meta: PageMetaProps | undefined;
  const html = renderToString(
    <HeadCollector value={(collected) => (meta = collected)}>
      <AuthStateProvider>
        <PublicFiguresProvider value={placeholderFigures()}>
          <StaticRouterProvider router={createStaticRouter(dataRoutes, context)} context={context} hydrate={false} />
        </PublicFiguresProvider>
      </AuthStateProvider>
    </HeadCollector>,
  );
  return { html, meta };
}

export async function renderPage(path: string): Promise<RenderedPage> {
  const { html, meta } = await render(path);
  if (!meta) throw new Error(`${path} renders no <PageMeta>: every public page needs its title and description`);
  const head = headTags(meta)
    .map(([tag, attributes]) => {
      const attrs = Object.entries(attributes)
        .map(([name, value]) => `${name}="${escape(value)}"`)
        .join(" ");
      return `<${tag} ${attrs} />`;
    })
    .join("\n    ");
  return { html, title: escape(meta.title), head };
}

/**
 * The app shell (issue 20): what a signed-in page shows before anything is known, the header with the
 * loading state, as the first render of /dashboard gives it while Auth resolves. The signed-in pages' own
 * HTML files carry it, so the dashboard and the advertiser page paint at once; the browser renders over it.
 */
export async function renderShell(): Promise<string> {
  const { html } = await render("/dashboard");
  if (!html.includes('role="status"')) throw new Error("The app shell shows no loading state");
  return html;
}
