import { expect, test } from "vitest";
import { siteUrl } from "../../scripts/lib/project.ts";

test("GET /api/health answers through the Hosting rewrite", async () => {
  const response = await fetch(`${siteUrl}/api/health`);
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ ok: true });
  expect(response.headers.get("cache-control")).toBe("private, no-store");
});

test("an unknown /api path answers 404 with a JSON error", async () => {
  const response = await fetch(`${siteUrl}/api/no-such-endpoint`);
  expect(response.status).toBe(404);
  expect(await response.json()).toEqual({ error: "No such endpoint: GET /api/no-such-endpoint" });
});

test("built assets are cached for a year and pages are revalidated", async () => {
  // A public page stating the terms in force: the browser revalidates it, the CDN keeps it four minutes
  // (issue 34); an app page is revalidated by both.
  const page = await fetch(`${siteUrl}/`);
  expect(page.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=240");
  expect((await fetch(`${siteUrl}/dashboard`)).headers.get("cache-control")).toBe("no-cache");
  const html = await page.text();
  const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
  expect(asset).toBeDefined();
  const assetResponse = await fetch(`${siteUrl}${asset}`);
  expect(assetResponse.status).toBe(200);
  expect(assetResponse.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
});
