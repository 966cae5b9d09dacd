/**
 * The affiliate dashboard in headless Chromium: the documents one load reads, counted from the Firestore
 * SDK's Listen traffic, at ledgers of 0, 1,000 and 10,000 transactions (and with every click shard
 * pending), and the time from navigation to all cards filled, against the same page opened again with the
 * data already in the app's cache (an in-app navigation back to the dashboard).
 *
 * BENCH_DEBUG=1 writes the last full load's requests and Listen traffic to test-results/bench/, for when
 * the SDK's transport changes and the count needs looking at.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Page, Request } from "playwright-core";
import { rootDir } from "../lib/project.ts";
import type { BenchContext } from "./lib/context.ts";
import { elapsed } from "./lib/context.ts";
import { balanceShown, signInAffiliate } from "./lib/dashboard-user.ts";
import { breakdown } from "./lib/firestore-ops.ts";
import { liveFiguresAt, countListenReads, expectBalance, listenTraffic, type ListenReads } from "./lib/page-hooks.ts";
import { loadProse } from "./lib/prose.ts";
import type { Section, Table, Target } from "./lib/results.ts";
import { writeInBatches } from "./lib/seed.ts";
import { margin, mmm, num, ratio, spread, type Spread } from "./lib/stats.ts";

const loads = 3;
const prose = loadProse(import.meta.dirname, "dashboard.md");

interface Scenario {
  label: string;
  transactions: number;
  pendingShards: number;
}

const scenarios: Scenario[] = [
  { label: "empty ledger", transactions: 0, pendingShards: 0 },
  { label: "1,000 transactions", transactions: 1_000, pendingShards: 0 },
  { label: "10,000 transactions", transactions: 10_000, pendingShards: 0 },
  { label: "10,000 transactions, all 10 click shards pending", transactions: 10_000, pendingShards: 10 },
];

interface ScenarioResult extends Scenario {
  cold: Spread;
  warm: Spread;
  coldReads: ListenReads[];
  warmReads: ListenReads[];
}

export async function benchDashboard(ctx: BenchContext): Promise<Section> {
  const started = performance.now();
  const { log } = ctx;
  const { context, page, uid, email } = await signInAffiliate(ctx);
  const results: ScenarioResult[] = [];
  let ledger = 0;
  try {
    for (const scenario of scenarios) {
      if (scenario.transactions > ledger) {
        log(`dashboard: writing transactions ${ledger}..${scenario.transactions}`);
        await addTransactions(ctx, uid, ledger, scenario.transactions);
        ledger = scenario.transactions;
      }
      if (scenario.pendingShards > 0) await addPendingClicks(ctx, uid, scenario.pendingShards);
      await expectBalance(context, await balanceShown(ctx, uid));

      const cold: number[] = [];
      const warm: number[] = [];
      const coldReads: ListenReads[] = [];
      const warmReads: ListenReads[] = [];
      // One unmeasured load first: the browser's HTTP cache holds the app's files for the measured ones, as
      // for a returning affiliate; the data is what is measured.
      await loadDashboard(ctx, page);
      for (let i = 0; i < loads; i++) {
        const { filledMs, reads } = await loadDashboard(ctx, page);
        cold.push(filledMs);
        coldReads.push(reads);
        const back = await backToDashboard(page);
        warm.push(back.filledMs);
        warmReads.push(back.reads);
      }
      results.push({ ...scenario, cold: spread(cold), warm: spread(warm), coldReads, warmReads });
      log(
        `dashboard: ${scenario.label}: ${coldReads[0]!.reads} reads, cold ${num(spread(cold).median)} ms, ` +
          `cached ${num(spread(warm).median)} ms`,
      );
    }
    const storageState = await context.storageState({ indexedDB: true });
    ctx.shared.dashboard = { uid, email, storageState, balance: await balanceShown(ctx, uid) };
  } finally {
    await context.close();
  }
  return report(results, elapsed(started));
}

/** A full page load of /dashboard: a fresh app, a fresh Firestore SDK with an empty cache. */
async function loadDashboard(ctx: BenchContext, page: Page): Promise<{ filledMs: number; reads: ListenReads }> {
  const requests: string[] = [];
  const onRequest = (request: Request) =>
    requests.push(`${request.method()} ${request.resourceType()} ${request.url()}`);
  if (process.env.BENCH_DEBUG) page.on("request", onRequest);
  await page.goto(`${ctx.site.url}/dashboard`, { waitUntil: "commit" });
  // The live figures (the last ones this device saw may come first, from local storage).
  const filledMs = await liveFiguresAt(page);
  // Let the rest of the page's reads (the link domains, the shards) arrive before counting.
  await page.waitForTimeout(1_500);
  const traffic = await listenTraffic(page);
  if (process.env.BENCH_DEBUG) {
    page.off("request", onRequest);
    writeFileSync(
      path.join(rootDir, "test-results", "bench", "dashboard-debug.json"),
      JSON.stringify({ requests, traffic }, null, 2),
    );
  }
  return { filledMs, reads: countListenReads(traffic) };
}

/**
 * Away to /updates and back to /dashboard with the app's own links: the same page, its data already in
 * reactfire's and the Firestore SDK's memory.
 */
async function backToDashboard(page: Page): Promise<{ filledMs: number; reads: ListenReads }> {
  await page.getByRole("link", { name: "Updates", exact: true }).first().click();
  await page.waitForURL("**/updates");
  await page.waitForFunction(() => !document.getElementById("all-time"));
  const before = await listenTraffic(page);
  const startedAt = await page.evaluate(() => {
    window.__benchFilledAt = undefined;
    window.__benchLiveAt = undefined;
    const link = [...document.querySelectorAll<HTMLAnchorElement>("a")].find(
      (anchor) => new URL(anchor.href).pathname === "/dashboard",
    );
    if (!link) throw new Error("No link to the dashboard in the page");
    const now = performance.now();
    link.click();
    return now;
  });
  const filledAt = await liveFiguresAt(page);
  await page.waitForTimeout(1_000);
  return { filledMs: filledAt - startedAt, reads: countListenReads(await listenTraffic(page), before) };
}

async function addTransactions(ctx: BenchContext, uid: string, from: number, to: number): Promise<void> {
  const { fns } = ctx;
  const now = Date.now();
  const indexes = Array.from({ length: to - from }, (_, i) => from + i);
  await writeInBatches(fns, indexes, (batch, index) => {
    const at = new Date(now - (index + 1) * 600_000);
    batch.set(fns.refs.transactions(uid).doc(`promptchan_bench-${index}`), {
      type: "sale",
      advertiser_id: "promptchan",
      event_id: `bench-${index}`,
      tracker: "",
      timestamp: at,
      recorded_at: at,
      transaction_cost_cents: 1999,
      earnings_cents: 1199,
      repeat_index: 0,
      rate: 0.6,
      refunded: false,
      refunded_amount_cents: 0,
      clawed_back_cents: 0,
      refers_to: null,
      note: null,
    });
  });
  const { FieldValue } = await import("firebase-admin/firestore");
  await fns.refs
    .affiliate(uid)
    .withConverter(null)
    .update({
      total_sales: FieldValue.increment(to - from),
      total_earnings_cents: FieldValue.increment((to - from) * 1199),
    });
}

async function addPendingClicks(ctx: BenchContext, uid: string, shards: number): Promise<void> {
  const { fns } = ctx;
  const day = fns.dayKey(new Date());
  for (let shard = 0; shard < shards; shard++) {
    await fns.refs
      .clickShards(uid)
      .withConverter(null)
      .doc(String(shard))
      .set({ clicks: 3, days: { [day]: { promptchan: { default: 3 } } } });
  }
}

/** The run's figures: reads per load at each ledger size, and the largest plain ledger's timings. */
function measure(results: ScenarioResult[]) {
  const plain = results.filter((result) => result.pendingShards === 0);
  const growth = plain.map((result) => result.coldReads[0]!.reads);
  return {
    plain,
    growth,
    constant: growth.every((reads) => reads === growth[0]),
    worst: Math.max(...results.flatMap((result) => result.coldReads.map((reads) => reads.reads))),
    largest: results.find((result) => result.transactions === 10_000 && result.pendingShards === 0) ?? results.at(-1)!,
  };
}

function report(results: ScenarioResult[], elapsedSeconds: number): Section {
  const { plain, growth, constant, worst, largest } = measure(results);
  const target: Target = {
    promise: "Dashboard: at most 15 document reads per load, whatever the ledger size",
    measured: `${growth.join(", ")} reads at ${plain
      .map((result) => num(result.transactions, 0))
      .join(", ")} transactions; ${worst} at most (every click shard pending)`,
    met: worst <= 15 && constant,
    margin: margin(worst, 15),
    note: prose.text(constant ? "reads-constant" : "reads-grew"),
  };
  return {
    id: "dashboard",
    title: "Affiliate dashboard",
    method: prose.paragraphs("method", { loads }),
    tables: [loadsTable(results)],
    targets: [target],
    notes: [
      prose.text("full-vs-cached", {
        full: num(largest.cold.median, 0),
        ratio: ratio(largest.cold.median, largest.warm.median),
        cached: num(largest.warm.median, 0),
      }),
    ],
    raw: results,
    elapsedSeconds,
  };
}

function loadsTable(results: ScenarioResult[]): Table {
  const readsOf = (list: ListenReads[]) => {
    const values = list.map((reads) => reads.reads);
    const low = Math.min(...values);
    const high = Math.max(...values);
    return low === high ? String(low) : `${low}–${high}`;
  };
  return {
    head: [
      "ledger",
      "reads per load",
      "what was read",
      "full load to cards, ms",
      "cached, ms",
      "full vs cached",
      "reads, cached",
    ],
    rows: results.map((result) => [
      result.label,
      readsOf(result.coldReads),
      breakdown(result.coldReads[0]!.byCollection),
      mmm(result.cold, 0),
      mmm(result.warm, 0),
      ratio(result.cold.median, result.warm.median),
      readsOf(result.warmReads),
    ]),
  };
}
