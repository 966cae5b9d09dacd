/** The security headers Hosting sends, and that API answers are never cached. */
import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { emulators, rootDir, siteUrl } from "../../scripts/lib/project.ts";

async function headersOf(path: string, init?: RequestInit): Promise<Headers> {
  const response = await fetch(`${siteUrl}${path}`, { redirect: "manual", ...init });
  await response.arrayBuffer();
  return response.headers;
}

describe("pages", () => {
  test.each(["/", "/terms", "/dashboard", "/no/such/page"])("%s carries the security headers", async (path) => {
    const headers = await headersOf(path);
    const csp = headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toMatch(/script-src 'self'[^;]*https:\/\/apis\.google\.com/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    // The app talks to the emulators in development: their addresses come from firebase.json.
    for (const name of ["auth", "firestore"] as const) {
      expect(csp).toContain(`http://${emulators[name].host}:${emulators[name].port}`);
    }
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(headers.get("x-frame-options")).toBe("DENY");
    // The pages stating the rates are kept by the CDN four minutes (issue 34: function pages fills them in).
    expect(headers.get("cache-control")).toBe(
      ["/", "/terms"].includes(path) ? "public, max-age=0, s-maxage=240" : "no-cache",
    );
  });
});

test.each(["/", "/dashboard"])("%s runs only the inline scripts its policy allows by hash", async (page) => {
  const response = await fetch(`${siteUrl}${page}`);
  const html = await response.text();
  const scriptSrc = response.headers.get("content-security-policy")?.match(/script-src[^;]*/)?.[0] ?? "";
  const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, code]) => code!);
  // The session hint (web/src/lib/session-hint.ts), which paints the signed-in header before Auth loads.
  expect(inline.join("")).toContain('localStorage.getItem("signedIn")');
  for (const code of inline) {
    expect(scriptSrc).toContain(`'sha256-${createHash("sha256").update(code).digest("base64")}'`);
  }
});

describe("API answers and redirects are never cached", () => {
  test.each([
    ["GET", "/api/health"],
    ["GET", "/api/get_user_data"],
    ["POST", "/api/events"],
    ["GET", "/api/no-such-endpoint"],
  ])("%s %s", async (method, path) => {
    const headers = await headersOf(path, { method });
    expect(headers.get("cache-control")).toBe("private, no-store");
    expect(headers.get("x-content-type-options")).toBe("nosniff");
  });

  test("a tracking link's redirect", async () => {
    expect((await headersOf("/m/nobody")).get("cache-control")).toBe("private, no-store");
  });
});

describe("source maps are not published", () => {
  const assets = readdirSync(path.join(rootDir, "web", "dist", "assets"));

  test("the build leaves none in what Hosting serves, and asking for one gets none", async () => {
    expect(assets.filter((file) => file.endsWith(".map"))).toEqual([]);
    const script = assets.find((file) => file.endsWith(".js"));
    // An unpublished file falls through to the app's page (the "**" rewrite), never a map.
    const body = await (await fetch(`${siteUrl}/assets/${script}.map`)).text();
    expect(body).not.toContain('"mappings"');
  });

  test("no bundle Hosting serves names a source map", async () => {
    const scripts = assets.filter((file) => file.endsWith(".js"));
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      const response = await fetch(`${siteUrl}/assets/${script}`);
      expect(response.status, script).toBe(200);
      expect(await response.text(), script).not.toMatch(/sourceMappingURL/);
    }
  });
});
