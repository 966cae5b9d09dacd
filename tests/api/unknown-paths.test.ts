/**
 * What Hosting answers by path (issue 32, item 18). SPEC.md §2 shows the home page at any unknown path; it
 * now says so with a 404, its body the prerendered home page (function `pages` serves it, issue 34), instead of a 200 that
 * told crawlers and link checkers every address exists. Every route of the app still answers 200 with its
 * own HTML, the staff console's sections through the /advertiser/** rewrite, and /api/** and /m/** still
 * reach their functions.
 */
import { describe, expect, test } from "vitest";
import { siteUrl } from "../../scripts/lib/project.ts";
import { paths } from "../../web/src/config/paths.ts";

async function get(path: string): Promise<{ status: number; type: string; body: string; location: string | null }> {
  const response = await fetch(`${siteUrl}${path}`, { redirect: "manual" });
  return {
    status: response.status,
    type: response.headers.get("content-type") ?? "",
    body: await response.text(),
    location: response.headers.get("location"),
  };
}

/**
 * What the page's #root holds: the rendered page, without the head (whose tags name the page's address). The
 * root's own attributes (data-shell, the route's scripts and styles to ask for early) are not its content.
 */
const rootOf = (html: string) => /<div id="root"[^>]*>([\s\S]*)<\/div>\s*<script/.exec(html)?.[1] ?? "";

const appRoutes = [
  ...new Set([
    ...Object.values(paths),
    // The staff console's sections (item 1), whatever paths.ts names them.
    "/advertiser/payouts",
    "/advertiser/integration",
    "/advertiser/reports",
    "/advertiser/settings",
  ]),
];

const unknownPaths = ["/no-such-page", "/no/such/page", "/pricing", "/updates/2025", "/dashboard/old", "/signup/x"];

describe("an unknown path", () => {
  test.each(unknownPaths)("%s answers 404 with the home page", async (path) => {
    const [answer, home] = await Promise.all([get(path), get(paths.home)]);
    expect(answer.status).toBe(404);
    expect(answer.type).toMatch(/^text\/html/);
    // React's renderer separates adjacent text with comments ("60%<!-- --> commission").
    expect(answer.body.replaceAll("<!-- -->", "")).toMatch(/<h1[^>]*>[^<]*<span[^>]*>60% commission<\/span>/);
    expect(answer.body).toMatch(/<a[^>]*href="\/signup"[^>]*>Join Now<\/a>/);
    expect(answer.body).toContain(`<link rel="canonical" href="${siteUrl}/"`);
    // The same page as /, not the app shell: it paints from the HTML, hydrated only for someone signed in.
    expect(answer.body).not.toContain("data-shell");
    expect(rootOf(answer.body)).not.toBe("");
    expect(rootOf(answer.body)).toBe(rootOf(home.body));
  });
});

describe("the app's routes", () => {
  test.each(appRoutes)("%s answers 200 with the app", async (path) => {
    const answer = await get(path);
    expect(answer.status).toBe(200);
    expect(answer.type).toMatch(/^text\/html/);
    expect(answer.body).toContain('<div id="root"');
    expect(rootOf(answer.body)).not.toBe("");
  });

  test("the staff console's sections are the console's own page", async () => {
    const console = (await get(paths.advertiser)).body;
    expect(console).toContain("data-shell");
    for (const section of appRoutes.filter((path) => path.startsWith(`${paths.advertiser}/`))) {
      expect((await get(section)).body, section).toBe(console);
    }
  });
});

describe("the functions behind Hosting", () => {
  test("/api/** reaches the API, which answers an unknown endpoint with its own JSON 404", async () => {
    const health = await get("/api/health");
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toEqual({ ok: true });
    const unknown = await get("/api/no-such-endpoint");
    expect(unknown.status).toBe(404);
    expect(unknown.type).toMatch(/^application\/json/);
    expect(unknown.body).not.toContain("<html");
  });

  test("/m/** reaches the tracking link, which redirects to the advertiser", async () => {
    const answer = await get("/m/no-such-affiliate");
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("https://promptchan.ai");
  });
});
