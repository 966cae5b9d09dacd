/**
 * GET of a public page, function `pages`'s handler (Hosting rewrites the public pages' paths and every path
 * nothing else serves here): the prerendered page with the figures in force (pages/public-pages.ts).
 */
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
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
  const { encoding, body } = compressed(page.html, req.get("Accept-Encoding") ?? "");
  res.set({ "Cache-Control": page.cacheControl, Vary: "Accept-Encoding" });
  if (encoding) res.set("Content-Encoding", encoding);
  res
    .status(page.status)
    .type(page.json ? "json" : "html")
    .send(body);
}

/** Whether an Accept-Encoding header accepts `name` ("br", "gzip"): listed, and not with q=0. */
function accepts(header: string, name: string): boolean {
  return header.split(",").some((part) => {
    const [token, ...params] = part
      .toLowerCase()
      .split(";")
      .map((piece) => piece.trim());
    const quality = params.find((param) => param.startsWith("q="));
    return token === name && (quality === undefined || Number(quality.slice(2)) > 0);
  });
}

/**
 * The page compressed as the browser accepts it, as Hosting sends its own files: a 24 KB page is about 6 KB
 * so, and a phone's first paint waits for all of it (brotli at quality 5 takes a millisecond or two). The
 * Hosting emulator passes a function's answer on as it is (the web bench saw / grow from 31 KB to 49 KB
 * before this), so the function compresses it itself, and says the answer varies with Accept-Encoding.
 */
function compressed(html: string, accepted: string): { encoding?: "br" | "gzip"; body: Buffer | string } {
  if (accepts(accepted, "br")) {
    return { encoding: "br", body: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) };
  }
  if (accepts(accepted, "gzip")) return { encoding: "gzip", body: gzipSync(html) };
  return { body: html };
}
