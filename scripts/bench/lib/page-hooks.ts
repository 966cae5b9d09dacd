/**
 * What the browser benchmarks install in every page before its own scripts run (addInitScript):
 *
 * - a watch on the Firestore web SDK's Listen channel (WebChannel, over fetch streams or XMLHttpRequest):
 *   the bodies it sends (addTarget/removeTarget) and the text it receives (every document the server
 *   delivers, and when each target is current), so the documents a page load reads can be counted from the
 *   wire;
 * - the moment the dashboard's cards are filled (both stat sections present with their ten values and, when
 *   the bench knows it, the expected balance), in performance.now() time, and the moment they are filled
 *   with live figures (both sections marked data-figures="live": not the last figures the device saw);
 * - first contentful paint and the latest largest-contentful-paint candidate (and what it is), the layout
 *   shifts (CLS, as Lighthouse adds them up: every shift without a recent input) and the long tasks (for
 *   the blocking time: each task's time over 50 ms, from first contentful paint on).
 */
import type { BrowserContext, Page } from "playwright-core";
import { collectionOf } from "./firestore-ops.ts";

export interface BenchPaint {
  fcp: number | null;
  lcp: number | null;
  lcpElement: string | null;
  cls: number;
  longTasks: { start: number; duration: number }[];
}

export interface ListenXhr {
  url: string;
  sent: string[];
  text: string;
}

declare global {
  interface Window {
    __benchListen?: ListenXhr[];
    __benchFilledAt?: number;
    __benchLiveAt?: number;
    __benchExpectBalance?: string;
    __benchPaint?: BenchPaint;
  }
}

function hooks(): void {
  // Firestore's Listen channel.
  const listen: ListenXhr[] = [];
  window.__benchListen = listen;
  const open = XMLHttpRequest.prototype.open;
  const send = XMLHttpRequest.prototype.send;
  const urls = new WeakMap<XMLHttpRequest, string>();
  XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, ...args: unknown[]) {
    urls.set(this, String(args[1]));
    return (open as (...a: unknown[]) => void).apply(this, args);
  } as typeof XMLHttpRequest.prototype.open;
  XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
    const url = urls.get(this) ?? "";
    if (url.includes("/Listen/channel")) {
      const entry: ListenXhr = { url, sent: typeof body === "string" && body ? [body] : [], text: "" };
      listen.push(entry);
      const take = () => {
        try {
          if (this.responseText.length > entry.text.length) entry.text = this.responseText;
        } catch {
          // not readable yet
        }
      };
      this.addEventListener("readystatechange", () => {
        if (this.readyState >= 3) take();
      });
      this.addEventListener("progress", take);
    }
    return send.call(this, body);
  };
  // The same channel over fetch (the SDK's WebChannel uses fetch streams where the browser has them): the
  // answer is read from a clone, as it streams in, and the page gets the original untouched.
  const originalFetch = window.fetch;
  window.fetch = function (this: unknown, input: RequestInfo | URL, init?: RequestInit) {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (!url.includes("/Listen/channel")) return originalFetch.call(this, input, init);
    const entry: ListenXhr = { url, sent: [], text: "" };
    listen.push(entry);
    const body = init?.body;
    if (typeof body === "string" || body instanceof URLSearchParams) {
      if (String(body)) entry.sent.push(String(body));
    } else if (input instanceof Request) {
      // The body travels inside the Request: read a copy before the original is sent.
      input
        .clone()
        .text()
        .then((text) => text && entry.sent.push(text))
        .catch(() => undefined);
    }
    const answer = originalFetch.call(this, input, init);
    return answer.then((response) => {
      const reader = response.clone().body?.getReader();
      if (reader) {
        const decoder = new TextDecoder();
        const pump = (): Promise<void> =>
          reader.read().then(({ done, value }) => {
            if (done) {
              entry.text += decoder.decode();
              return;
            }
            entry.text += decoder.decode(value, { stream: true });
            return pump();
          });
        pump().catch(() => undefined);
      }
      return response;
    });
  } as typeof window.fetch;

  // The dashboard's cards. CSS module classes are scoped ("dashboard_stat-card_AbC12"): matched by their part.
  const card = '[class*="_stat-card_"]';
  const value = '[class*="_stat-value_"]';
  const filled = () => {
    if (!document.getElementById("all-time") || !document.getElementById("last-7-days")) return false;
    const values = [...document.querySelectorAll(`${card} ${value}`)];
    if (values.length < 10 || values.some((value) => !value.textContent)) return false;
    const expected = window.__benchExpectBalance;
    if (expected === undefined) return true;
    const balance = [...document.querySelectorAll(card)].find(
      (element) => element.querySelector('[class*="_stat-label_"]')?.textContent === "Balance",
    );
    return balance?.querySelector(value)?.textContent === expected;
  };
  const live = () =>
    ["all-time", "last-7-days"].every(
      (id) => document.getElementById(id)?.closest("section")?.getAttribute("data-figures") === "live",
    );
  const watch = () => {
    if (window.__benchLiveAt !== undefined || !filled()) return;
    window.__benchFilledAt ??= performance.now();
    if (live()) window.__benchLiveAt = performance.now();
  };
  new MutationObserver(watch).observe(document, {
    childList: true,
    subtree: true,
    characterData: true,
    attributes: true,
    attributeFilter: ["data-figures"],
  });

  // Paint timings.
  const paint: BenchPaint = { fcp: null, lcp: null, lcpElement: null, cls: 0, longTasks: [] };
  window.__benchPaint = paint;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.name === "first-contentful-paint") paint.fcp = entry.startTime;
    }).observe({ type: "paint", buffered: true });
    new PerformanceObserver((list) => {
      const entries = list.getEntries();
      const last = entries[entries.length - 1] as (PerformanceEntry & { element?: Element; url?: string }) | undefined;
      if (!last) return;
      paint.lcp = last.startTime;
      const tag = last.element?.tagName.toLowerCase() ?? "?";
      paint.lcpElement = last.url
        ? `${tag} ${new URL(last.url).pathname}`
        : `${tag} “${(last.element?.textContent ?? "").trim().slice(0, 40)}”`;
    }).observe({ type: "largest-contentful-paint", buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) paint.cls += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) paint.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: "longtask", buffered: true });
  } catch {
    // an old browser: no paint timings
  }
}

/** The blocking time of a load: each long task's time over 50 ms, from first contentful paint on. */
export const blockingTime = (paint: BenchPaint): number =>
  paint.longTasks
    .filter((task) => task.start + task.duration > (paint.fcp ?? 0))
    .reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);

export async function installHooks(context: BrowserContext): Promise<void> {
  await context.addInitScript(hooks);
}

/** Tells the page's card watch what the Balance card must show (for every later navigation). */
export async function expectBalance(context: BrowserContext, balance: string): Promise<void> {
  await context.addInitScript((value) => {
    window.__benchExpectBalance = value;
  }, balance);
}

/** Waits for the cards (bounded) and answers when they were filled, in the page's performance.now(). */
export async function cardsFilledAt(page: Page, timeoutMs = 60_000): Promise<number> {
  const handle = await page.waitForFunction(() => window.__benchFilledAt, undefined, {
    timeout: timeoutMs,
    polling: 50,
  });
  return (await handle.jsonValue()) as number;
}

/** Waits for the cards' live figures (bounded) and answers when they came, in the page's performance.now(). */
export async function liveFiguresAt(page: Page, timeoutMs = 60_000): Promise<number> {
  const handle = await page.waitForFunction(() => window.__benchLiveAt, undefined, { timeout: timeoutMs, polling: 50 });
  return (await handle.jsonValue()) as number;
}

export async function listenTraffic(page: Page): Promise<ListenXhr[]> {
  return page.evaluate(() => (window.__benchListen ?? []).map((xhr) => ({ ...xhr, sent: [...xhr.sent] })));
}

export interface ListenReads {
  /** Documents the server delivered (one read each). */
  documents: number;
  byCollection: Record<string, number>;
  /** Query targets that became current with no document (billed one read each). */
  emptyQueries: number;
  /** What Firestore bills: documents + empty queries. */
  reads: number;
  targets: number;
  /** Frames that did not parse (should be 0). */
  unparsed: number;
}

/** WebChannel frames: "<length>\n<JSON array>", repeated; the length counts UTF-16 code units. */
function* frames(text: string): Generator<string> {
  let at = 0;
  while (at < text.length) {
    const newline = text.indexOf("\n", at);
    if (newline < 0) return;
    const length = Number(text.slice(at, newline));
    if (!Number.isInteger(length) || length <= 0) return;
    const frame = text.slice(newline + 1, newline + 1 + length);
    if (frame.length < length) return; // still arriving
    yield frame;
    at = newline + 1 + length;
  }
}

type Json = Record<string, unknown>;

/** Counts what a page's Listen traffic read: only the exchanges after `since` (earlier traffic) are new. */
export function countListenReads(traffic: ListenXhr[], since: ListenXhr[] = []): ListenReads {
  const targets = new Map<number, { query: boolean; collection: string; documents: number; current: boolean }>();
  const result: ListenReads = { documents: 0, byCollection: {}, emptyQueries: 0, reads: 0, targets: 0, unparsed: 0 };
  traffic.forEach((xhr, index) => {
    const before = since[index];
    const sent = xhr.sent.slice(before?.sent.length ?? 0);
    for (const body of sent) {
      for (const [key, value] of new URLSearchParams(body)) {
        if (!/^req\d+___data__$/.test(key)) continue;
        const message = JSON.parse(value) as { addTarget?: Json };
        const add = message.addTarget;
        if (!add) continue;
        const id = add.targetId as number;
        const query = add.query as { parent?: string; structuredQuery?: { from?: { collectionId?: string }[] } };
        const documents = (add.documents as { documents?: string[] } | undefined)?.documents;
        const collection = query
          ? collectionOf(`${query.parent ?? ""}/${query.structuredQuery?.from?.[0]?.collectionId ?? "?"}/x`)
          : collectionOf(documents?.[0] ?? "?");
        targets.set(id, { query: Boolean(query), collection, documents: 0, current: false });
      }
    }
    const text = xhr.text.slice(before?.text.length ?? 0);
    for (const frame of frames(text)) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(frame);
      } catch {
        result.unparsed += 1;
        continue;
      }
      if (!Array.isArray(parsed)) continue;
      for (const item of parsed) {
        const payload = Array.isArray(item) ? (item[1] as unknown) : undefined;
        if (!Array.isArray(payload)) continue;
        for (const message of payload as Json[]) {
          if (!message || typeof message !== "object" || Array.isArray(message)) continue;
          const change = message.documentChange as { document?: { name?: string }; targetIds?: number[] } | undefined;
          if (change?.document?.name) {
            result.documents += 1;
            const collection = collectionOf(change.document.name);
            result.byCollection[collection] = (result.byCollection[collection] ?? 0) + 1;
            for (const id of change.targetIds ?? []) {
              const target = targets.get(id);
              if (target) target.documents += 1;
            }
          }
          const targetChange = message.targetChange as { targetChangeType?: string; targetIds?: number[] } | undefined;
          if (targetChange?.targetChangeType === "CURRENT") {
            for (const id of targetChange.targetIds ?? [...targets.keys()]) {
              const target = targets.get(id);
              if (target) target.current = true;
            }
          }
        }
      }
    }
  });
  for (const target of targets.values()) {
    if (target.query && target.current && target.documents === 0) {
      result.emptyQueries += 1;
      result.byCollection[target.collection] = (result.byCollection[target.collection] ?? 0) + 1;
    }
  }
  result.targets = targets.size;
  result.reads = result.documents + result.emptyQueries;
  return result;
}
