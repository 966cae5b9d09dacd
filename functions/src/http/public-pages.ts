/**
 * GET of a public page, function `pages`'s handler (Hosting rewrites the public pages' paths and every path
 * nothing else serves here): the prerendered page with the figures in force (pages/public-pages.ts).
 */
import type { Request, Response } from "express";
import { logger } from "firebase-functions/logger";
import { pagesOrigin, publicPagesCacheSeconds } from "../config.js";
import { publicTermsInForce } from "../data/public-terms.js";
import { pagesBundlePath, publicPages, type PagesBundle } from "../pages/public-pages.js";

async function readBundle(): Promise<PagesBundle> {
  const response = await fetch(`${pagesOrigin()}${pagesBundlePath}`, { signal: AbortSignal.timeout(5_000) });
  if (!response.ok) throw new Error(`${pagesBundlePath} answered ${response.status}`);
  const bundle = (await response.json()) as Partial<PagesBundle>;
  if (typeof bundle.pages !== "object" || bundle.pages === null || typeof bundle.not_found !== "string") {
    throw new Error(`${pagesBundlePath} holds no pages`);
  }
  return bundle as PagesBundle;
}

let answer: ReturnType<typeof publicPages> | undefined;

export async function handlePublicPage(req: Request, res: Response): Promise<void> {
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.set({ Allow: "GET, HEAD", "Cache-Control": "private, no-store" });
    res.status(405).json({ error: "Only GET and HEAD are allowed here." });
    return;
  }
  answer ??= publicPages({
    readTerms: publicTermsInForce,
    readBundle,
    cacheMs: publicPagesCacheSeconds.value() * 1000,
    now: Date.now,
    warn: (message, error) => logger.warn(message, { error: String(error) }),
  });
  const page = await answer(req.path);
  res.set("Cache-Control", page.cacheControl);
  res.status(page.status).type("html").send(page.html);
}
