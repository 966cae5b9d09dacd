/**
 * POST /api/events: signed sale events per second, sustained, for one affiliate and spread over 1,000,
 * through the Hosting emulator, against GET /api/health on the same function at the same concurrency (the
 * floor: the same path with no signature check and no Firestore). Reads and writes per event are counted
 * on the same app served from the bench process.
 */
import { createHash, randomUUID } from "node:crypto";
import http from "node:http";
import { signature } from "../lib/events-client.ts";
import { demoSecrets } from "../lib/local-secrets.ts";
import type { BenchContext } from "./lib/context.ts";
import { elapsed } from "./lib/context.ts";
import { breakdown, type OpCounts } from "./lib/firestore-ops.ts";
import { closedLoop, send, type Answer, type HttpRequest, type LoadResult } from "./lib/http-load.ts";
import { serve } from "./lib/in-process.ts";
import { loadProse } from "./lib/prose.ts";
import type { Section, Table, Target } from "./lib/results.ts";
import { benchAffiliate, benchUid, seedAffiliates } from "./lib/seed.ts";
import { median, mmm, num, ratio, spread } from "./lib/stats.ts";

const concurrency = 10;
const perRun = 200;
const rounds = 3;
const spreadOver = 1_000;
const hotUid = "bench-events-hot";
/** Issue 20's hot affiliate: this many sales a second for one affiliate, for this long. */
const sustainedRate = 20;
const sustainedSeconds = 60;
const sustainedUid = "bench-events-sustained";
/** "No retry storm": fewer transaction retries than one per this many events. */
const stormEvery = 20;
const advertiser = "promptchan";
const secret = demoSecrets.EVENT_SIGNING_SECRETS[advertiser];
const runId = randomUUID().slice(0, 8);
const prose = loadProse(import.meta.dirname, "events.md");

let sequence = 0;
function saleBody(uid: string, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    id: `bench-${runId}-${sequence++}`,
    advertiser_id: advertiser,
    type: "sale",
    uid,
    amount: "19.99",
    occurred_at: new Date(Date.now() - 60_000).toISOString(),
    ...extra,
  });
}

function eventRequest(raw: string): HttpRequest {
  return {
    path: "/api/events",
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Signature": signature(raw, secret) },
    body: raw,
  };
}

interface Tally {
  applied: number;
  other: Record<string, number>;
}

function tally(): { counts: Tally; onAnswer: (answer: Answer) => void } {
  const counts: Tally = { applied: 0, other: {} };
  return {
    counts,
    onAnswer: (answer) => {
      let status = `${answer.status}`;
      try {
        status = `${answer.status} ${(JSON.parse(answer.body.toString()) as { status?: string }).status ?? ""}`.trim();
      } catch {
        // not JSON: the status code says enough
      }
      if (status === "200 applied") counts.applied += 1;
      else counts.other[status] = (counts.other[status] ?? 0) + 1;
    },
  };
}

async function totalSales(ctx: BenchContext, uids: Set<string>): Promise<number> {
  const snapshot = await ctx.fns.db().collection("affiliates").select("total_sales").get();
  return snapshot.docs
    .filter((doc) => uids.has(doc.id))
    .reduce((sum, doc) => sum + ((doc.get("total_sales") as number | undefined) ?? 0), 0);
}

interface PerEvent {
  label: string;
  events: number;
  reads: number[];
  writes: number[];
  readsBy: Record<string, number>;
  writesBy: Record<string, number>;
  rollbacks: number;
}

function perEvent(label: string, measured: OpCounts[]): PerEvent {
  const sum = (pick: (counts: OpCounts) => Record<string, number>) => {
    const into: Record<string, number> = {};
    for (const counts of measured) {
      for (const [key, value] of Object.entries(pick(counts))) into[key] = (into[key] ?? 0) + value;
    }
    return into;
  };
  return {
    label,
    events: measured.length,
    reads: measured.map((counts) => counts.reads),
    writes: measured.map((counts) => counts.writes),
    readsBy: sum((counts) => counts.readsBy),
    writesBy: sum((counts) => counts.writesBy),
    rollbacks: measured.reduce((total, counts) => total + counts.rollbacks, 0),
  };
}

export async function benchEvents(ctx: BenchContext): Promise<Section> {
  const started = performance.now();
  const { fns, site, log } = ctx;
  const now = new Date();
  await fns.refs.affiliate(hotUid).set({ ...benchAffiliate(fns, 20_000, now), uid: hotUid });
  // The summary benchmark's first 1,000 affiliates; seeded here when it did not run.
  if (!(await fns.refs.affiliate(benchUid(spreadOver - 1)).get()).exists) await seedAffiliates(fns, 0, spreadOver, now);
  const spreadUids = new Set(Array.from({ length: spreadOver }, (_, i) => benchUid(i)));
  const hotBefore = await totalSales(ctx, new Set([hotUid]));
  const spreadBefore = await totalSales(ctx, spreadUids);

  const load = (request: (index: number) => HttpRequest, onAnswer?: (answer: Answer) => void, count = perRun) =>
    closedLoop({ host: site.host, port: site.port, concurrency, count, maxMs: 90_000, request, onAnswer });
  const health = () => load(() => ({ path: "/api/health" }));
  const hotTally = tally();
  const spreadTally = tally();
  let spreadIndex = 0;
  const hot = () => load(() => eventRequest(saleBody(hotUid)), hotTally.onAnswer);
  const spreadOut = () =>
    load(() => eventRequest(saleBody(benchUid(spreadIndex++ % spreadOver))), spreadTally.onAnswer);

  // Warm-up: one worker per concurrent request must start before anything is timed.
  log("events: warming up");
  await load(() => ({ path: "/api/health" }), undefined, concurrency * 4);
  await load(() => eventRequest(saleBody(benchUid(spreadIndex++ % spreadOver))), spreadTally.onAnswer, concurrency * 4);

  const runs: Record<"health" | "hot" | "spread", LoadResult[]> = { health: [], hot: [], spread: [] };
  for (let round = 0; round < rounds; round++) {
    runs.health.push(await health());
    runs.hot.push(await hot());
    runs.spread.push(await spreadOut());
    log(
      `events: round ${round + 1}: health ${num(runs.health.at(-1)!.perSecond)}/s, ` +
        `hot ${num(runs.hot.at(-1)!.perSecond)}/s, spread ${num(runs.spread.at(-1)!.perSecond)}/s`,
    );
  }
  const hotAfter = await totalSales(ctx, new Set([hotUid]));
  const spreadAfter = await totalSales(ctx, spreadUids);

  log(`events: one affiliate, ${sustainedRate} sales a second for ${sustainedSeconds} s`);
  const sustained = await sustainedHotAffiliate(ctx);

  // Operations per event, on the same app served from this process.
  log("events: counting operations per event");
  const counted = await countPerEvent(ctx);

  return report({
    runs,
    sustained,
    hotTally: hotTally.counts,
    spreadTally: spreadTally.counts,
    hotDelta: hotAfter - hotBefore,
    spreadDelta: spreadAfter - spreadBefore,
    counted,
    elapsedSeconds: elapsed(started),
  });
}

interface Sustained {
  run: LoadResult;
  counts: OpCounts;
  tally: Tally;
  /** How much the affiliate's total_sales grew. */
  delta: number;
}

/**
 * Issue 20's hot affiliate: sales for one affiliate at a steady rate for a minute, on the app served from
 * this process (so its transactions' retries can be counted) against the Firestore emulator.
 */
async function sustainedHotAffiliate(ctx: BenchContext): Promise<Sustained> {
  const { fns, ops } = ctx;
  await fns.refs.affiliate(sustainedUid).set({ ...benchAffiliate(fns, 0, new Date()), uid: sustainedUid });
  const before = await totalSales(ctx, new Set([sustainedUid]));
  const local = await serve(fns.createApp());
  const answers = tally();
  try {
    const { value: run, counts } = await ops.measure(() =>
      closedLoop({
        host: local.host,
        port: local.port,
        // Enough connections that a slow answer never holds the next sale back.
        concurrency: sustainedRate,
        perSecond: sustainedRate,
        count: sustainedRate * sustainedSeconds,
        maxMs: (sustainedSeconds + 60) * 1000,
        request: () => eventRequest(saleBody(sustainedUid)),
        onAnswer: answers.onAnswer,
      }),
    );
    const delta = (await totalSales(ctx, new Set([sustainedUid]))) - before;
    return { run, counts, tally: answers.counts, delta };
  } finally {
    await local.close();
  }
}

async function countPerEvent(ctx: BenchContext) {
  const { fns, ops } = ctx;
  const local = await serve(fns.createApp());
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const call = (raw: string) => send(agent, local.host, local.port, eventRequest(raw));
  const measureOne = async (raw: string) => {
    const { value, counts } = await ops.measure(() => call(raw));
    if (value.status !== 200) throw new Error(`An in-process event answered ${value.status}: ${value.body.toString()}`);
    return counts;
  };
  try {
    // Warm: the advertiser secrets, the modules, the connections.
    for (let i = 0; i < 3; i++) await call(saleBody(benchUid(i)));

    const sequential: PerEvent[] = [];
    const hotSales: OpCounts[] = [];
    for (let i = 0; i < 20; i++) hotSales.push(await measureOne(saleBody(hotUid)));
    sequential.push(perEvent("sale, one affiliate", hotSales));
    const spreadSales: OpCounts[] = [];
    const saleIds: string[] = [];
    for (let i = 0; i < 20; i++) {
      const raw = saleBody(benchUid(100 + i));
      saleIds.push((JSON.parse(raw) as { id: string }).id);
      spreadSales.push(await measureOne(raw));
    }
    sequential.push(perEvent("sale, spread", spreadSales));
    // Issue 33: the same sales naming their customer (someone else: no match), for the identity's one read.
    const customerSales: OpCounts[] = [];
    for (let i = 0; i < 20; i++) {
      const customer = {
        customer_id: `cus-${runId}-${i}`,
        customer_email_sha256: createHash("sha256").update(`buyer-${runId}-${i}@example.com`).digest("hex"),
        customer_ip: `203.0.113.${i + 1}`,
      };
      customerSales.push(await measureOne(saleBody(benchUid(500 + i), customer)));
    }
    sequential.push(perEvent("sale, spread, with customer identifiers", customerSales));
    const signUps: OpCounts[] = [];
    for (let i = 0; i < 10; i++)
      signUps.push(await measureOne(saleBody(benchUid(200 + i), { type: "sign_up", amount: undefined })));
    sequential.push(perEvent("sign-up", signUps));
    // Issue 33: sign-ups naming the customer's address: the identity read as for a sale naming its customer,
    // and the address block's day counted with one blind write more.
    const addressedSignUps: OpCounts[] = [];
    for (let i = 0; i < 10; i++) {
      const extra = { type: "sign_up", amount: undefined, customer_ip: `198.51.100.${i + 1}` };
      addressedSignUps.push(await measureOne(saleBody(benchUid(600 + i), extra)));
    }
    sequential.push(perEvent("sign-up with the customer's address", addressedSignUps));
    const refunds: OpCounts[] = [];
    for (let i = 0; i < 10; i++) {
      refunds.push(
        await measureOne(saleBody(benchUid(100 + i), { type: "refund", amount: "5.00", refers_to: saleIds[i] })),
      );
    }
    sequential.push(perEvent("refund", refunds));
    const duplicates: OpCounts[] = [];
    const again = saleBody(hotUid);
    await call(again);
    for (let i = 0; i < 5; i++) duplicates.push(await measureOne(again));
    sequential.push(perEvent("the same event again (duplicate)", duplicates));

    // `concurrency` at a time, every one answered.
    const inParallel = async (bodies: string[]) => {
      const run = await closedLoop({
        host: local.host,
        port: local.port,
        concurrency,
        count: bodies.length,
        maxMs: 90_000,
        request: (index) => eventRequest(bodies[index]!),
      });
      if (run.requests !== bodies.length)
        throw new Error(`${run.requests} of ${bodies.length} in-process events answered`);
    };

    // Concurrent: 100 sales at once for one affiliate, then spread; contention shows as rollbacks (retries).
    const concurrent: { label: string; counts: OpCounts; events: number }[] = [];
    for (const [label, uid] of [
      ["100 sales, 10 at a time, one affiliate", () => hotUid],
      ["100 sales, 10 at a time, spread", (i: number) => benchUid(300 + i)],
    ] as const) {
      const bodies = Array.from({ length: 100 }, (_, i) => saleBody(uid(i)));
      const { counts } = await ops.measure(() => inParallel(bodies));
      concurrent.push({ label, counts, events: 100 });
    }

    // Past the instance's allowance: the event limiter counts each advertiser's events in the instance's
    // memory first, then in a shared counter document. Events for an unknown affiliate (refused after the
    // limiter, before the ledger) use the allowance up; then 20 sales show the sustained cost.
    const sustained = await pastTheAllowance(ctx, inParallel, measureOne);
    return { sequential, concurrent, sustained };
  } finally {
    agent.destroy();
    await local.close();
  }
}

async function pastTheAllowance(
  ctx: BenchContext,
  inParallel: (bodies: string[]) => Promise<void>,
  measureOne: (raw: string) => Promise<OpCounts>,
): Promise<{ allowanceUsedAfter: number; perEvent: PerEvent } | undefined> {
  const { ops } = ctx;
  // Start with most of a one-minute window ahead, so the window does not turn over half-way.
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 35_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 200));
  let sent = 0;
  const limit = 3_000;
  while (sent < limit) {
    const bodies = Array.from({ length: 50 }, () => saleBody("bench-nobody"));
    const { counts } = await ops.measure(() => inParallel(bodies));
    sent += 50;
    if (Object.keys(counts.readsBy).some((collection) => collection !== "affiliates")) break;
  }
  if (sent >= limit) return undefined;
  const measured: OpCounts[] = [];
  for (let i = 0; i < 20; i++) measured.push(await measureOne(saleBody(benchUid(400 + i))));
  return { allowanceUsedAfter: sent, perEvent: perEvent("sale, past the instance's allowance", measured) };
}

interface EventsResult {
  runs: Record<"health" | "hot" | "spread", LoadResult[]>;
  sustained: Sustained;
  hotTally: Tally;
  spreadTally: Tally;
  hotDelta: number;
  spreadDelta: number;
  counted: Awaited<ReturnType<typeof countPerEvent>>;
  elapsedSeconds: number;
}

type Kind = keyof EventsResult["runs"];

/** The run's figures: each kind's rate and latencies over the rounds, and the hot affiliate's minute. */
function measure(result: EventsResult) {
  const { runs, sustained } = result;
  const timing = (kind: Kind) => ({
    rate: spread(runs[kind].map((run) => run.perSecond)),
    p50: spread(runs[kind].map((run) => run.p50)),
    p99: spread(runs[kind].map((run) => run.p99)),
  });
  const sent = sustainedRate * sustainedSeconds;
  const lost = sustained.tally.applied !== sent || sustained.delta !== sent;
  return {
    timings: { health: timing("health"), hot: timing("hot"), spread: timing("spread") },
    sustained: {
      sent,
      lost,
      retries: sustained.counts.rollbacks,
      storm: sustained.counts.rollbacks * stormEvery >= sent,
    },
    exact: result.hotDelta === result.hotTally.applied && result.spreadDelta === result.spreadTally.applied,
    others: [result.hotTally.other, result.spreadTally.other]
      .flatMap((other) => Object.entries(other))
      .map(([status, count]) => `${count} × ${status}`),
  };
}

type Figures = ReturnType<typeof measure>;

function report(result: EventsResult): Section {
  const figures = measure(result);
  const { counted } = result;
  return {
    id: "events",
    title: "Advertiser events",
    method: prose.paragraphs("method", { concurrency, perRun, rounds, warmUp: concurrency * 4 }),
    tables: [throughputTable(figures), operationsTable(counted), concurrentTable(counted)],
    targets: [sustainedTarget(result.sustained, figures.sustained)],
    notes: notes(result, figures),
    raw: {
      runs: Object.fromEntries(
        Object.entries(result.runs).map(([key, list]) => [
          key,
          list.map((run) => ({ perSecond: run.perSecond, p50: run.p50, p99: run.p99, statuses: run.statuses })),
        ]),
      ),
      counted,
    },
    elapsedSeconds: result.elapsedSeconds,
  };
}

function throughputTable({ timings }: Figures): Table {
  const label: Record<Kind, string> = {
    health: "GET /api/health (floor)",
    hot: "sales, one affiliate",
    spread: "sales over 1,000 affiliates",
  };
  return {
    head: ["what", "per second, median (min–max)", "vs floor", "p50 ms", "p99 ms"],
    rows: (["health", "hot", "spread"] as const).map((kind) => [
      label[kind],
      mmm(timings[kind].rate),
      ratio(timings[kind].rate.median, timings.health.rate.median),
      mmm(timings[kind].p50),
      mmm(timings[kind].p99),
    ]),
  };
}

function operationsTable(counted: EventsResult["counted"]): Table {
  const range = (values: number[]) =>
    `${num(median(values), 0)} (${num(Math.min(...values), 0)}–${num(Math.max(...values), 0)})`;
  const row = (event: PerEvent) => [
    event.label,
    String(event.events),
    range(event.reads),
    breakdown(event.readsBy, event.events),
    range(event.writes),
    breakdown(event.writesBy, event.events),
  ];
  return {
    caption: "Operations per event, each event measured alone (median, min–max over the events):",
    head: ["event", "events", "reads", "reads by collection (per event)", "writes", "writes by collection (per event)"],
    rows: [...counted.sequential, ...(counted.sustained ? [counted.sustained.perEvent] : [])].map(row),
  };
}

function concurrentTable(counted: EventsResult["counted"]): Table {
  return {
    caption: "Ten at a time: the per-event average, and transaction retries (a rollback is a retried transaction):",
    head: ["run", "reads per event", "writes per event", "rollbacks per event"],
    rows: counted.concurrent.map((row) => [
      row.label,
      (row.counts.reads / row.events).toFixed(2),
      (row.counts.writes / row.events).toFixed(2),
      (row.counts.rollbacks / row.events).toFixed(2),
    ]),
  };
}

function sustainedTarget(sustained: Sustained, { sent, lost, retries, storm }: Figures["sustained"]): Target {
  return {
    promise: `Hot affiliate: ${sustainedRate} sales a second for ${sustainedSeconds} s, none lost or doubled, no retry storm (issue 20)`,
    measured:
      `${num(sustained.tally.applied, 0)} of ${num(sent, 0)} applied at ${num(sustained.run.perSecond)}/s ` +
      `(p50 ${num(sustained.run.p50)} ms, p99 ${num(sustained.run.p99)} ms), total_sales +${num(sustained.delta, 0)}; ` +
      `${retries} transaction retries`,
    met: !lost && !storm,
    margin: !lost && !storm ? `${retries} retries in ${num(sent, 0)} events` : !lost ? "retries" : "MISMATCH",
    note: prose.text("sustained"),
    analysis: prose.text("sustained-analysis", { rate: sustainedRate }),
  };
}

function notes(result: EventsResult, { exact, others }: Figures): string[] {
  const sale = result.counted.sequential[0]!;
  return [
    [
      prose.text("exact", {
        hotSent: result.hotTally.applied,
        hotDelta: result.hotDelta,
        spreadSent: result.spreadTally.applied,
        spreadDelta: result.spreadDelta,
        verdict: prose.text(exact ? "counted-once" : "mismatch"),
      }),
      others.length > 0 ? prose.text("other-answers", { answers: others.join(", ") }) : prose.text("all-applied"),
    ].join(" "),
    [
      prose.text("sale-cost", { reads: num(median(sale.reads), 0), writes: num(median(sale.writes), 0) }),
      ...(result.counted.sustained ? [prose.text("past-the-allowance")] : []),
    ].join(" "),
  ];
}
