/**
 * The files a signed-in page's shell preloads on a browser's first visit to a build: a meta tag that a
 * script of web/index.html turns into <link rel="preload"> unless this browser has run the build
 * (web/src/lib/app-build.ts). Written by the prerender; read back by the end-to-end tests and the bench.
 */

/** One link, with the properties the script gives it (crossOrigin "" is the crossorigin attribute). */
export interface PreloadLink {
  rel: "preload";
  as: "script" | "style";
  crossOrigin: "";
  href: string;
}

export interface PreloadList {
  /** The app entry's path: the build the files belong to. */
  build: string;
  links: PreloadLink[];
}

/** The meta tag holding `list`, its JSON escaped for an attribute value. */
export function preloadListTag(list: PreloadList): string {
  const content = JSON.stringify(list).replaceAll("&", "&amp;").replaceAll('"', "&quot;");
  return `<meta name="app-preloads" content="${content}">`;
}

/** The list a page's HTML holds, or undefined for a page without one (a public page). */
export function readPreloadList(html: string): PreloadList | undefined {
  const content = /<meta name="app-preloads" content="([^"]*)">/.exec(html)?.[1];
  if (content === undefined) return undefined;
  return JSON.parse(content.replaceAll("&quot;", '"').replaceAll("&amp;", "&")) as PreloadList;
}
