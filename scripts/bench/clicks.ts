/**
 * The click redirect /m/{uid}{suffix} through the Hosting emulator's port at 1, 10 and 50 concurrent
 * clients, against a static file served by the same Hosting emulator (the floor); every click from a new
 * visitor, so every one is counted, and the counts checked afterwards. Operations per click are counted on
 * the same handler (handleTrack) served from the bench process.
 */
import { writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { personsUserAgent } from "../lib/browser-agent.ts";
import { rootDir } from "../lib/project.ts";
import type { BenchContext } from "./lib/context.ts";
import { elapsed } from "./lib/context.ts";
import { breakdown, type OpCounts } from "./lib/firestore-ops.ts";
import { closedLoop, send, type Answer, type HttpRequest, type LoadResult } from "./lib/http-load.ts";
import { emulatorWorkers } from "./lib/emulator-workers.ts";
import { asHandler, serve } from "./lib/in-process.ts";
import { loadProse } from "./lib/prose.ts";
import type { Section, Table, Target } from "./lib/results.ts";
import { benchAffiliate } from "./lib/seed.ts";
import { margin, median, mmm, num, ratio, spread, type Spread } from "./lib/stats.ts";

const levels = [1, 10, 50] as const;
const perRun: Record<(typeof levels)[number], number> = { 1: 100, 10: 300, 50: 500 };
const rounds = 3;
const clickUid = "bench-clicks";
const localUid = "bench-clicks-local";
const tracker = "/bench";
export const staticFloorFile = "bench-static.txt";
const prose = loadProse(import.meta.dirname, "clicks.md");

let visitor = 0;
/**
 * A new visitor: their own browser (a person's: a bot's click is counted apart) and their own address (the click rate limit counts by address, so
 * thousands of visitors from the bench's one address would be refused). The bench stands in for Hosting's
 * CDN, which appends the visitor's address to X-Forwarded-For (the emulators trust one hop).
 */
function newVisitor(): Record<string, string> {
  const n = visitor++;
  return {
    "User-Agent": personsUserAgent(`bench-visitor-${process.pid}-${n}`),
    "X-Forwarded-For": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
  };
}

type Kind = "floor" | "health" | "local" | "redirect";

interface LevelResult {
  clients: number;
  /** The Functions emulator's worker processes after the warm-up and after the measured rounds. */
  workers: { warm?: number; after?: number };
  floor: LoadResult[];
  health: LoadResult[];
  local: LoadResult[];
  redirect: LoadResult[];
}

export async function benchClicks(ctx: BenchContext): Promise<Section> {
  const started = performance.now();
  const { fns, site, log } = ctx;
  const now = new Date();
  for (const uid of [clickUid, localUid]) {
    const affiliate = benchAffiliate(fns, 30_000, now);
    affiliate.links.promptchan = [tracker];
    await fns.refs.affiliate(uid).set({ ...affiliate, uid, total_clicks: 0 });
  }
  // The floor: a file of about a redirect answer's size, served by Hosting from web/dist.
  const floorFile = path.join(rootDir, "web", "dist", staticFloorFile);
  writeFileSync(
    floorFile,
    `${"Found. Redirecting to https://promptchan.com/?ref=bench-clicks&tracker=%2Fbench".padEnd(100)}\n`,
  );
  ctx.cleanup(floorFile);

  let redirects = 0;
  const problems: Record<string, number> = {};
  const onRedirect = (answer: Answer) => {
    if (answer.status === 302 && answer.headers.location) redirects += 1;
    else problems[`${answer.status}`] = (problems[`${answer.status}`] ?? 0) + 1;
  };
  const onStatic = (answer: Answer) => {
    if (answer.status !== 200) problems[`static ${answer.status}`] = (problems[`static ${answer.status}`] ?? 0) + 1;
  };
  const onHealth = (answer: Answer) => {
    if (answer.status !== 200) problems[`health ${answer.status}`] = (problems[`health ${answer.status}`] ?? 0) + 1;
  };
  let localClicks = 0;
  const onLocal = (answer: Answer) => {
    if (answer.status === 302) localClicks += 1;
    else problems[`in-process ${answer.status}`] = (problems[`in-process ${answer.status}`] ?? 0) + 1;
  };
  const local = await serve(asHandler(fns.handleTrack));
  // Before anything warms this process's advertiser cache: what a new instance's first click costs.
  const firstClick = await ctx.ops.measure(() =>
    send(new http.Agent(), local.host, local.port, {
      path: `/m/${localUid}${tracker}`,
      headers: { Host: `${site.host}:${site.port}`, ...newVisitor() },
    }),
  );
  if (firstClick.value.status === 302) localClicks += 1;
  const run = (clients: number, count: number, kind: Kind) =>
    closedLoop({
      host: kind === "local" ? local.host : site.host,
      port: kind === "local" ? local.port : site.port,
      concurrency: clients,
      count,
      maxMs: 60_000,
      request: (): HttpRequest => {
        if (kind === "floor") return { path: `/${staticFloorFile}` };
        if (kind === "health") return { path: "/api/health" };
        if (kind === "redirect") return { path: `/m/${clickUid}${tracker}`, headers: newVisitor() };
        // The Host a visitor's browser sends: the advertiser's link domain.
        return {
          path: `/m/${localUid}${tracker}`,
          headers: { Host: `${site.host}:${site.port}`, ...newVisitor() },
        };
      },
      onAnswer: { floor: onStatic, health: onHealth, local: onLocal, redirect: onRedirect }[kind],
    });

  const results: LevelResult[] = [];
  let shardClicks = 0;
  let shardCount = 0;
  let affiliateClicks = 0;
  try {
    for (const clients of levels) {
      // Warm-up at this concurrency: the emulator starts a worker process per simultaneous request.
      log(`clicks: warming up ${clients} client(s)`);
      await run(clients, clients * 3, "redirect");
      await run(clients, clients * 3, "health");
      await run(clients, clients * 2, "floor");
      await run(clients, clients * 2, "local");
      const level: LevelResult = {
        clients,
        workers: { warm: emulatorWorkers() },
        floor: [],
        health: [],
        local: [],
        redirect: [],
      };
      for (let round = 0; round < rounds; round++) {
        level.floor.push(await run(clients, perRun[clients], "floor"));
        level.health.push(await run(clients, perRun[clients], "health"));
        level.local.push(await run(clients, perRun[clients], "local"));
        level.redirect.push(await run(clients, perRun[clients], "redirect"));
      }
      level.workers.after = emulatorWorkers();
      log(
        `clicks: ${clients} client(s): redirect ${num(median(level.redirect.map((r) => r.perSecond)))}/s, ` +
          `static ${num(median(level.floor.map((r) => r.perSecond)))}/s`,
      );
      results.push(level);
    }
  } finally {
    await local.close();
  }

  // Exact counts: every redirect was a new visitor's click, so each must be in the shards and have a click record.
  for (const uid of [clickUid, localUid]) {
    const shards = await fns.refs.clickShards(uid).get();
    shardClicks += shards.docs.reduce((sum, shard) => sum + shard.data().clicks, 0);
    shardCount = Math.max(shardCount, shards.size);
    affiliateClicks += (await fns.refs.affiliate(uid).get()).data()!.total_clicks;
  }
  const clickRecords = (await fns.db().collection(fns.collections.clicks).count().get()).data().count;

  log("clicks: counting operations per click");
  const counted = { ...(await countPerClick(ctx)), first: firstClick.counts };
  return report({
    results,
    redirects: redirects + localClicks,
    problems,
    shardClicks,
    shardCount,
    clickRecords,
    affiliateClicks,
    counted,
    knownLinksMs: fns.knownLinksMs,
    elapsedSeconds: elapsed(started),
  });
}

async function countPerClick(ctx: BenchContext) {
  const { fns, ops, site } = ctx;
  const local = await serve(asHandler(fns.handleTrack));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  // The Host a visitor's browser sends: the advertiser's link domain (promptchan's is the Hosting emulator).
  const click = (suffix: string, visitorHeaders: Record<string, string>) =>
    send(agent, local.host, local.port, {
      path: `/m/${localUid}${suffix}`,
      headers: { Host: `${site.host}:${site.port}`, ...visitorHeaders },
    });
  const measure = async (suffix: string, visitorHeaders: Record<string, string>) => {
    const { value, counts } = await ops.measure(() => click(suffix, visitorHeaders));
    if (value.status !== 302) throw new Error(`An in-process click answered ${value.status}`);
    return counts;
  };
  try {
    const counted: OpCounts[] = [];
    const visitors: Record<string, string>[] = [];
    for (let i = 0; i < 100; i++) {
      visitors.push(newVisitor());
      counted.push(await measure(tracker, visitors.at(-1)!));
    }
    const repeats: OpCounts[] = [];
    for (let i = 0; i < 20; i++) repeats.push(await measure(tracker, visitors[i]!));
    const unknown: OpCounts[] = [];
    for (let i = 0; i < 20; i++) unknown.push(await measure("/nope", newVisitor()));
    return { counted, repeats, unknown };
  } finally {
    agent.destroy();
    await local.close();
  }
}

function workersNote(levels: LevelResult[]): string {
  if (levels.some((level) => level.workers.after === undefined)) return "";
  const grew = levels.filter((level) => (level.workers.after ?? 0) > (level.workers.warm ?? 0));
  const workers = levels.map((level) => `${level.clients} client(s) ${level.workers.warm} → ${level.workers.after}`);
  return [
    prose.text("workers", { levels: workers.join("; ") }),
    grew.length > 0
      ? prose.text("workers-grew", { grew: grew.map((level) => level.clients).join(" and ") })
      : prose.text("workers-steady"),
  ].join(" ");
}

interface ClicksResult {
  results: LevelResult[];
  redirects: number;
  problems: Record<string, number>;
  shardClicks: number;
  shardCount: number;
  clickRecords: number;
  affiliateClicks: number;
  counted: Awaited<ReturnType<typeof countPerClick>> & { first: OpCounts };
  /** How long the redirect trusts the links it has seen (data/known-links.ts). */
  knownLinksMs: number;
  elapsedSeconds: number;
}

const kinds = ["floor", "health", "local", "redirect"] as const;

/** One kind of request at one level, over its rounds. */
interface Timing {
  rate: Spread;
  p50: Spread;
  p99: Spread;
}

/** What a list of clicks cost, click by click. */
interface ClickOps {
  clicks: number;
  trips: number[];
  reads: number[];
  writes: number[];
  refused: number;
  readsBy: Record<string, number>;
  writesBy: Record<string, number>;
}

function timings(level: LevelResult): Record<Kind, Timing> {
  const of = (kind: Kind, pick: (run: LoadResult) => number) => spread(level[kind].map(pick));
  const timing = (kind: Kind) => ({
    rate: of(kind, (run) => run.perSecond),
    p50: of(kind, (run) => run.p50),
    p99: of(kind, (run) => run.p99),
  });
  return { floor: timing("floor"), health: timing("health"), local: timing("local"), redirect: timing("redirect") };
}

function clickOps(list: OpCounts[]): ClickOps {
  const sum = (pick: (counts: OpCounts) => Record<string, number>) => {
    const into: Record<string, number> = {};
    for (const counts of list)
      for (const [key, value] of Object.entries(pick(counts))) into[key] = (into[key] ?? 0) + value;
    return into;
  };
  return {
    clicks: list.length,
    trips: list.map((counts) => counts.requests),
    reads: list.map((counts) => counts.reads),
    writes: list.map((counts) => counts.writes),
    refused: list.reduce((total, counts) => total + counts.refusedWrites, 0),
    readsBy: sum((counts) => counts.readsBy),
    writesBy: sum((counts) => counts.writesBy),
  };
}

/** The run's figures: the timings per level, the operations per kind of click, the counts afterwards. */
function measure(result: ClicksResult) {
  const levels = result.results.map((level) => ({ clients: level.clients, timings: timings(level) }));
  const at10 = levels.find((level) => level.clients === 10)!.timings;
  return {
    levels,
    /** Each kind's p50 at 10 clients, the level the targets name. */
    p50At10: Object.fromEntries(kinds.map((kind) => [kind, at10[kind].p50.median])) as Record<Kind, number>,
    ops: {
      counted: clickOps(result.counted.counted),
      repeats: clickOps(result.counted.repeats),
      unknown: clickOps(result.counted.unknown),
      first: clickOps([result.counted.first]),
    },
    exact: result.shardClicks === result.redirects && result.clickRecords === result.redirects,
  };
}

type Figures = ReturnType<typeof measure>;

function report(result: ClicksResult): Section {
  const figures = measure(result);
  return {
    id: "clicks",
    title: "Click redirect",
    method: prose.paragraphs("method", {
      perRun1: perRun[1],
      perRun10: perRun[10],
      perRun50: perRun[50],
      rounds,
      staticFloorFile,
    }),
    tables: [timingTable(figures), opsTable(figures)],
    targets: [
      ...operationTargets(figures.ops.counted, result),
      p50Target(figures, "Redirect p50 within 1.5× GET /api/health at 10 clients (issue 20)", "health", 1.5),
      p50Target(figures, "Redirect p50 within 2× the static file at 10 clients", "floor", 2),
    ],
    notes: [countsNote(result, figures.exact), prose.text("repeat-clicks"), workersNote(result.results)],
    raw: result.results.map((level) => ({
      clients: level.clients,
      workers: level.workers,
      ...Object.fromEntries(
        kinds.map((kind) => [
          kind,
          level[kind].map((run) => ({ perSecond: run.perSecond, p50: run.p50, p99: run.p99, statuses: run.statuses })),
        ]),
      ),
    })),
    elapsedSeconds: result.elapsedSeconds,
  };
}

function timingTable({ levels }: Figures): Table {
  const labels: Record<Kind, string> = {
    floor: "static file via Hosting (floor)",
    health: "GET /api/health via Hosting (a function, no Firestore)",
    local: "handleTrack alone, in the bench process (no Hosting, no Functions emulator)",
    redirect: `redirect /m/{uid}${tracker} via Hosting`,
  };
  return {
    head: ["clients", "what", "req/s, median (min–max)", "p50 ms", "p99 ms", "p50 vs floor", "req/s vs floor"],
    rows: levels.flatMap(({ clients, timings }) =>
      kinds.map((kind) => {
        const { rate, p50, p99 } = timings[kind];
        const { floor } = timings;
        return [
          String(clients),
          labels[kind],
          mmm(rate),
          mmm(p50),
          mmm(p99),
          kind === "floor" ? "×1.00" : ratio(p50.median, floor.p50.median),
          kind === "floor" ? "×1.00" : ratio(rate.median, floor.rate.median),
        ];
      }),
    ),
  };
}

function opsTable({ ops }: Figures): Table {
  const range = (values: number[]) => `${num(median(values), 0)} (${Math.min(...values)}–${Math.max(...values)})`;
  const row = (label: string, click: ClickOps) => [
    label,
    String(click.clicks),
    range(click.trips),
    range(click.reads),
    breakdown(click.readsBy, click.clicks),
    range(click.writes),
    breakdown(click.writesBy, click.clicks),
    click.refused > 0 ? `${(click.refused / click.clicks).toFixed(1)}` : "0",
  ];
  return {
    caption: "Operations per click (median, min–max over the clicks):",
    head: [
      "click",
      "clicks",
      "round trips",
      "reads",
      "reads by collection",
      "writes",
      "writes by collection",
      "refused writes",
    ],
    rows: [
      row("a new visitor's click (counted)", ops.counted),
      row("the same visitor again within the hour", ops.repeats),
      row("an unknown tracker", ops.unknown),
      row("a new instance's first click", ops.first),
    ],
  };
}

/** The click's operations and round trips against issue 9's and issue 20's limits. */
function operationTargets(counted: ClickOps, result: ClicksResult): Target[] {
  const maxReads = Math.max(...counted.reads);
  const maxWrites = Math.max(...counted.writes);
  const trips = median(counted.trips);
  const oneTrip = counted.trips.filter((n) => n <= 1).length;
  const tripsMet = trips <= 1 && maxWrites <= 2;
  const knownLinksSeconds = result.knownLinksMs / 1000;
  return [
    {
      promise: "A click: at most 2 Firestore writes and 1 read",
      measured: `${num(median(counted.reads), 0)} read and ${num(median(counted.writes), 0)} writes per counted click (max ${maxReads} and ${maxWrites} over ${counted.clicks} clicks)`,
      met: maxReads <= 1 && maxWrites <= 2,
      margin: maxReads <= 1 && maxWrites <= 2 ? "at the limit" : `${maxReads} reads, ${maxWrites} writes at most`,
      note: prose.text("click-operations", { firstClickReads: result.counted.first.reads }),
      analysis: prose.text("click-operations-analysis", { firstClickReads: result.counted.first.reads }),
    },
    {
      promise: "A click: one Firestore round trip on the visitor's path (issue 20)",
      measured: `${num(trips, 0)} round trip per counted click (${oneTrip} of ${counted.clicks} clicks in one; at most ${Math.max(...counted.trips)})`,
      met: tripsMet,
      margin: tripsMet ? "at the limit" : `${num(trips, 0)} round trips`,
      note: prose.text("click-round-trips", { knownLinksSeconds }),
      analysis: prose.text("click-round-trips-analysis", { knownLinksSeconds }),
    },
  ];
}

/** The redirect's p50 at 10 clients against a floor's, with the prose (`{floor}-met`, `{floor}-missed`) saying why. */
function p50Target({ p50At10 }: Figures, promise: string, floor: "floor" | "health", limit: number): Target {
  const p50Ratio = p50At10.redirect / p50At10[floor];
  const prefix = floor === "floor" ? "redirect" : "health";
  const values = {
    ...(floor === "floor" ? { floor: num(p50At10.floor) } : {}),
    health: num(p50At10.health),
    local: num(p50At10.local),
    redirect: num(p50At10.redirect),
  };
  return {
    promise,
    measured: `p50 ${num(p50At10.redirect)} ms vs ${num(p50At10[floor])} ms: ×${p50Ratio.toFixed(2)}`,
    met: p50Ratio <= limit,
    margin: margin(p50Ratio, limit),
    ...(p50Ratio <= limit
      ? { note: prose.text(`${prefix}-met`) }
      : {
          note: prose.text(`${prefix}-missed`, values),
          analysis: prose.text(`${prefix}-missed-analysis`, values),
        }),
  };
}

function countsNote(result: ClicksResult, exact: boolean): string {
  const problems = Object.entries(result.problems);
  return [
    prose.text("counts", {
      redirects: num(result.redirects, 0),
      shardClicks: num(result.shardClicks, 0),
      shardCount: result.shardCount,
      clickRecords: num(result.clickRecords, 0),
      verdict: prose.text(exact ? "counted-once" : "mismatch"),
      affiliateClicks: result.affiliateClicks,
    }),
    ...(problems.length > 0
      ? [
          prose.text("unexpected-answers", {
            answers: problems.map(([status, count]) => `${count} × ${status}`).join(", "),
          }),
        ]
      : []),
  ].join(" ");
}
