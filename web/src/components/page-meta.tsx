/**
 * Each page's title, description, keywords, social tags and canonical link (issue: public site). Rendered
 * into the static HTML at build time (the prerender collects them through HeadCollector) and kept in step
 * on the client as the visitor navigates.
 */
import { createContext, useContext, useEffect } from "react";
import { siteUrl } from "../config/site";

export interface PageMetaProps {
  title: string;
  description: string;
  /** The page's path, for its canonical link and og:url. */
  path: string;
  keywords?: string[];
  /** Pages behind sign-in are not for search engines. */
  noindex?: boolean;
}

/** Where the prerender collects the page's head tags; absent in the browser. */
export const HeadCollector = createContext<((meta: PageMetaProps) => void) | null>(null);

const siteName = "AI Affiliate Program";
const image = "/og-image.png";

/** The head tags for a page, as [tag, attributes] pairs (shared by the prerender and the browser). */
export function headTags(meta: PageMetaProps): [string, Record<string, string>][] {
  const url = `${siteUrl}${meta.path === "/" ? "/" : meta.path}`;
  return [
    ["meta", { name: "description", content: meta.description }],
    ["meta", { name: "keywords", content: (meta.keywords ?? []).join(", ") }],
    ["meta", { name: "robots", content: meta.noindex ? "noindex, nofollow" : "index, follow" }],
    ["link", { rel: "canonical", href: url }],
    ["meta", { property: "og:type", content: "website" }],
    ["meta", { property: "og:site_name", content: siteName }],
    ["meta", { property: "og:title", content: meta.title }],
    ["meta", { property: "og:description", content: meta.description }],
    ["meta", { property: "og:url", content: url }],
    ["meta", { property: "og:image", content: `${siteUrl}${image}` }],
    ["meta", { name: "twitter:card", content: "summary_large_image" }],
    ["meta", { name: "twitter:title", content: meta.title }],
    ["meta", { name: "twitter:description", content: meta.description }],
    ["meta", { name: "twitter:image", content: `${siteUrl}${image}` }],
  ];
}

/** The attribute that identifies a tag, so the browser updates the existing one instead of adding another. */
function identity(attributes: Record<string, string>): string {
  const [key] = ["name", "property", "rel"].filter((name) => name in attributes);
  return `[${key}="${attributes[key!]}"]`;
}

export function PageMeta(meta: PageMetaProps) {
  const collect = useContext(HeadCollector);
  collect?.(meta);
  useEffect(() => {
    document.title = meta.title;
    for (const [tag, attributes] of headTags(meta)) {
      let element = document.head.querySelector(`${tag}${identity(attributes)}`);
      if (!element) {
        element = document.createElement(tag);
        document.head.append(element);
      }
      for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    }
  });
  return null;
}
