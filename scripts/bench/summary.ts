/**
 * GET /api/summary at 1,000 and 10,000 affiliates, against the floor: a bare Admin SDK read of the same
 * documents with the same field mask. Also the service alone in this process (read, rows, order, JSON),
 * which splits the API's time into Firestore, our code and the HTTP path. Then the paged list (issue 20):
 * the first page of GET /api/affiliates (plain, searched, HIGH RISK) at 1,000, 10,000 and 100,000.
 */
import http from "node:http";
import { gunzipSync } from "node:zlib";
import type { BenchContext } from "./lib/context.ts";
import { elapsed } from "./lib/context.ts";
import { breakdown } from "./lib/firestore-ops.ts";
import { send, type Answer } from "./lib/http-load.ts";
import { serve } from "./lib/in-process.ts";
import { loadProse } from "./lib/prose.ts";
import type { Section, Table, Target } from "./lib/results.ts";
import { seedAffiliates } from "./lib/seed.ts";
import { kb, margin, mb, mmm, num, ratio, spread, type Spread } from "./lib/stats.ts";
import { createUser } from "./lib/users.ts";

const sizes = [1_000, 10_000];
/** The paged list is measured at these sizes too, and at the largest, which the whole summary is not. */
const pagedSizes = [...sizes, 100_000];
const runs = 7;

/** What the measured search asks for: the start of some seeded affiliates' names. */
const searchKey = "bench affiliate 12";

/**
 * The first pages measured: the page as it opens, a search, and the HIGH RISK filter. The search is
 * measured up to 10,000 affiliates: the emulator answers `array-contains` by walking every key of every
 * document (seconds at 10,000, past the bench's 60 s at 100,000), which Cloud Firestore answers from its index.
 */
const pagedQueries: { label: string; query: string; upTo?: number }[] = [
  { label: "first page", query: "limit=50" },
  { label: "search", query: `limit=50&q=${encodeURIComponent(searchKey)}`, upTo: 10_000 },
  { label: "HIGH RISK only", query: "limit=50&high_risk=true" },
];

const searchIndex = pagedQueries.findIndex(({ label }) => label === "search");

interface PagedResult {
  affiliates: number;
  /** Per query, in pagedQueries' order; null where a query is not measured at this size. */
  times: (Spread | null)[];
  /** The emulator's own time for the search's query (array-contains, in the list's order), bare. */
  bareSearch: Spread | null;
  /** The emulator's own time for the first page's query (51 documents in the list's order), bare. */
  bareQuery: Spread;
  /** The emulator's own time for counting the affiliates, bare. */
  bareCount: Spread;
  rows: number[];
  reads: number;
  readsBy: Record<string, number>;
}
const prose = loadProse(import.meta.dirname, "summary.md");

interface SizeResult {
  affiliates: number;
  floor: Spread;
  service: Spread;
  local: Spread;
  api: Spread;
  /** GET /api/summary over the bare read, round by round. */
  roundRatios: Spread;
  jsonBytes: number;
  gzipBytes: number;
  rows: number;
  reads: number;
  readsBy: Record<string, number>;
  writes: number;
  writesBy: Record<string, number>;
}

export async function benchSummary(ctx: BenchContext): Promise<Section> {
  const started = performance.now();
  const { fns, ops, site, log } = ctx;
  const now = new Date();
  const staff = await createUser({ advertiser: true }, "staff");
  const headers = { Authorization: staff.token, "Accept-Encoding": "gzip" };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const localAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const local = await serve(fns.createApp());
  const results: SizeResult[] = [];
  const paged: PagedResult[] = [];
  const pagedPage = (query: string) => send(agent, site.host, site.port, { path: `/api/affiliates?${query}`, headers });
  const measurePaged = async (size: number) => {
    const measured = pagedQueries.map(({ upTo }) => upTo === undefined || size <= upTo);
    for (const [index, { query }] of pagedQueries.entries()) {
      for (let i = 0; i < 2 && measured[index]; i++) checkPage(await pagedPage(query));
    }
    const times = pagedQueries.map(() => [] as number[]);
    const bareQuery: number[] = [];
    const bareSearch: number[] = [];
    const bareCount: number[] = [];
    const affiliates = fns.db().collection("affiliates");
    // The page's own query (the first page's, or the search's), as GET /api/affiliates builds it.
    const pageQuery = (search: string) =>
      fns
        .listPlan(
          { search, pending: false, highRisk: false, ready: false, order: "pending-first" },
          fns.minimumPayoutCents,
        )
        .query.select(...fns.listFields)
        .limit(51)
        .get();
    const timed = async (into: number[], body: () => Promise<unknown>) => {
      const begin = performance.now();
      await body();
      into.push(performance.now() - begin);
    };
    let rows: number[] = [];
    for (let run = 0; run < runs; run++) {
      await timed(bareQuery, () => pageQuery(""));
      if (measured[searchIndex]) await timed(bareSearch, () => pageQuery(searchKey));
      await timed(bareCount, () => affiliates.count().get());
      rows = [];
      for (const [index, { query }] of pagedQueries.entries()) {
        if (!measured[index]) continue;
        const begin = performance.now();
        const answer = await pagedPage(query);
        times[index]!.push(performance.now() - begin);
        rows.push(checkPage(answer));
      }
    }
    const inProcessAgent = new http.Agent({ keepAlive: false });
    const { counts } = await ops.measure(() =>
      send(inProcessAgent, local.host, local.port, { path: "/api/affiliates?limit=50", headers }),
    );
    paged.push({
      affiliates: size,
      times: times.map((values, index) => (measured[index] ? spread(values) : null)),
      bareQuery: spread(bareQuery),
      bareSearch: bareSearch.length > 0 ? spread(bareSearch) : null,
      bareCount: spread(bareCount),
      rows,
      reads: counts.reads,
      readsBy: counts.readsBy,
    });
    log(`summary: ${size} affiliates: first page ${num(spread(times[0]!).median)} ms`);
  };
  try {
    let seeded = (await fns.db().collection("affiliates").count().get()).data().count;
    if (seeded !== 0) throw new Error(`The summary benchmark needs an empty affiliates collection, found ${seeded}`);
    for (const size of sizes) {
      log(`summary: seeding affiliates ${seeded}..${size}`);
      await seedAffiliates(fns, seeded, size, now);
      seeded = size;

      const viaHosting = () => send(agent, site.host, site.port, { path: "/api/summary", headers });
      const inProcess = () => send(localAgent, local.host, local.port, { path: "/api/summary", headers });
      const floorRead = async () => {
        const snapshot = await fns
          .db()
          .collection("affiliates")
          .select(...fns.summarySourceFields)
          .get();
        return snapshot.size;
      };
      // Warm-up: the function's worker, the emulator's caches, our process's JIT.
      for (let i = 0; i < 2; i++) {
        check(await viaHosting(), size);
        check(await inProcess(), size);
        await floorRead();
        await fns.loadSummaryPage(null, 20_000);
      }

      const floor: number[] = [];
      const service: number[] = [];
      const localApi: number[] = [];
      const api: number[] = [];
      let answer: Answer | undefined;
      for (let run = 0; run < runs; run++) {
        let begin = performance.now();
        const documents = await floorRead();
        floor.push(performance.now() - begin);
        if (documents !== size) throw new Error(`The bare read returned ${documents} documents, not ${size}`);

        begin = performance.now();
        await fns.loadSummaryPage(null, 20_000);
        service.push(performance.now() - begin);

        begin = performance.now();
        await inProcess();
        localApi.push(performance.now() - begin);

        begin = performance.now();
        answer = await viaHosting();
        api.push(performance.now() - begin);
      }
      const { rows, jsonBytes } = check(answer!, size);

      // What one call costs, counted on the same app served from this process.
      const inProcessAgent = new http.Agent({ keepAlive: false });
      const { counts } = await ops.measure(() =>
        send(inProcessAgent, local.host, local.port, { path: "/api/summary", headers }),
      );
      results.push({
        affiliates: size,
        floor: spread(floor),
        service: spread(service),
        local: spread(localApi),
        api: spread(api),
        roundRatios: spread(api.map((time, round) => time / floor[round]!)),
        jsonBytes,
        gzipBytes: answer!.body.length,
        rows,
        reads: counts.reads,
        readsBy: counts.readsBy,
        writes: counts.writes,
        writesBy: counts.writesBy,
      });
      log(`summary: ${size} affiliates: api ${num(spread(api).median)} ms, floor ${num(spread(floor).median)} ms`);
      await measurePaged(size);
    }
    for (const size of pagedSizes.filter((size) => size > seeded)) {
      log(`summary: seeding affiliates ${seeded}..${size}`);
      await seedAffiliates(fns, seeded, size, now);
      seeded = size;
      await measurePaged(size);
    }
  } finally {
    agent.destroy();
    localAgent.destroy();
    await local.close();
  }
  return report(results, paged, elapsed(started));
}

/** A page's row count, after checking it is one. */
function checkPage(answer: Answer): number {
  if (answer.status !== 200)
    throw new Error(`GET /api/affiliates answered ${answer.status}: ${answer.body.toString()}`);
  const json = answer.headers["content-encoding"] === "gzip" ? gunzipSync(answer.body) : answer.body;
  const page = JSON.parse(json.toString("utf8")) as { affiliates: unknown[] };
  if (!Array.isArray(page.affiliates)) throw new Error("GET /api/affiliates answered no page");
  return page.affiliates.length;
}

function check(answer: Answer, size: number): { rows: number; jsonBytes: number } {
  if (answer.status !== 200) throw new Error(`GET /api/summary answered ${answer.status}: ${answer.body.toString()}`);
  const json = answer.headers["content-encoding"] === "gzip" ? gunzipSync(answer.body) : answer.body;
  const rows = (JSON.parse(json.toString("utf8")) as unknown[]).length;
  if (rows !== size) throw new Error(`GET /api/summary answered ${rows} rows, not ${size}`);
  return { rows, jsonBytes: json.length };
}

/** The run's figures: the whole summary at the largest size, and the paged list at its two ends. */
function measure(results: SizeResult[], paged: PagedResult[]) {
  const largest = results.at(-1)!;
  const affiliateReads = largest.readsBy.affiliates ?? 0;
  // The programme's settings in force (issue 19: the rates shown and the payout rules): one document a call.
  const settingsReads = largest.readsBy.advertisers ?? 0;
  const smallest = paged[0]!;
  const biggest = paged.at(-1)!;
  // The target compares the queries measured at both ends (the search stops at 10,000: see pagedQueries).
  const compared = pagedQueries.flatMap(({ label }, index) => {
    const [big, small] = [biggest.times[index], smallest.times[index]];
    return big && small ? [{ label, big: big.median, small: small.median, ratio: big.median / small.median }] : [];
  });
  return {
    largest,
    apiRatio: largest.api.median / largest.floor.median,
    affiliateReads,
    settingsReads,
    otherReads: largest.reads - affiliateReads - settingsReads,
    paged: {
      smallest,
      biggest,
      compared,
      worst: Math.max(...compared.map((entry) => entry.ratio)),
      lastSearch: [...paged].reverse().find((result) => result.bareSearch !== null)!,
    },
  };
}

type Figures = ReturnType<typeof measure>;

function report(results: SizeResult[], paged: PagedResult[], elapsedSeconds: number): Section {
  const figures = measure(results, paged);
  return {
    id: "summary",
    title: "Advertiser summary",
    method: prose.paragraphs("method", { runs }),
    tables: [timesTable(results), costTable(results), pagedTable(paged)],
    targets: [timeTarget(figures), readsTarget(figures), pagedTarget(figures.paged)],
    notes: [],
    raw: { summary: results, paged },
    elapsedSeconds,
  };
}

function timeTarget({ largest, apiRatio }: Figures): Target {
  const verdict =
    apiRatio > 1.5 ? "time-missed" : largest.roundRatios.max > 1.5 ? "time-some-rounds-over" : "time-every-round-met";
  return {
    promise: "Summary at 10,000 affiliates within 1.5× the bare read of the same documents",
    measured:
      `${num(largest.api.median, 0)} ms vs ${num(largest.floor.median, 0)} ms: ×${apiRatio.toFixed(2)} ` +
      `(round by round ×${largest.roundRatios.min.toFixed(2)}–×${largest.roundRatios.max.toFixed(2)})`,
    met: apiRatio <= 1.5,
    margin: margin(apiRatio, 1.5),
    note: [
      prose.text("time-split", {
        added: num(largest.api.median - largest.floor.median, 0),
        service: num(largest.service.median - largest.floor.median, 0),
        api: num(largest.local.median - largest.service.median, 0),
        emulators: num(largest.api.median - largest.local.median, 0),
      }),
      prose.text(verdict),
    ].join(" "),
    analysis: [
      prose.text("time-split-analysis", { json: mb(largest.jsonBytes), answer: kb(largest.gzipBytes) }),
      ...(apiRatio > 1.5 ? [prose.text("time-missed-analysis")] : []),
    ].join(" "),
  };
}

function readsTarget({ largest, affiliateReads, settingsReads, otherReads }: Figures): Target {
  const beyond = largest.reads - largest.affiliates - settingsReads;
  const exact = otherReads === 0 && settingsReads <= 1;
  return {
    promise: "Summary reads = affiliates, and the programme's settings once a call",
    measured: `${num(largest.reads, 0)} reads for ${num(largest.affiliates, 0)} affiliates (${breakdown(largest.readsBy)})`,
    met: affiliateReads === largest.affiliates && settingsReads <= 1 && otherReads === 0,
    margin:
      otherReads === 0 && affiliateReads === largest.affiliates
        ? "exact"
        : `${beyond > 0 ? "+" : ""}${beyond} read(s) per call`,
    ...(exact
      ? {
          note: prose.text("reads-exact", { settingsReads }),
          analysis: prose.text("reads-exact-analysis", { settingsReads }),
        }
      : {
          note: prose.text("reads-extra", {
            affiliateReads,
            otherReads,
            writes: largest.writes,
            readsBy: breakdown(largest.readsBy),
            writesBy: breakdown(largest.writesBy),
          }),
          analysis: prose.text("reads-extra-analysis"),
        }),
  };
}

function pagedTarget({ smallest, biggest, compared, worst, lastSearch }: Figures["paged"]): Target {
  const part = worst <= 1.5 ? "paged-met" : "paged-missed";
  const page = {
    reads: num(biggest.reads, 0),
    readsBy: breakdown(biggest.readsBy),
    affiliates: num(biggest.affiliates, 0),
  };
  const emulator = {
    affiliates: page.affiliates,
    smallest: num(smallest.affiliates, 0),
    bareQuerySmall: num(smallest.bareQuery.median, 0),
    bareQueryBig: num(biggest.bareQuery.median, 0),
    bareCountSmall: num(smallest.bareCount.median, 0),
    bareCountBig: num(biggest.bareCount.median, 0),
    searchAt: num(lastSearch.affiliates, 0),
    bareSearch: num(lastSearch.bareSearch!.median, 0),
  };
  return {
    promise: `First page of the paged list at ${num(biggest.affiliates, 0)} affiliates within 1.5× of at ${num(smallest.affiliates, 0)}`,
    measured: compared
      .map(({ label, big, small, ratio }) => `${label} ${num(big, 0)} ms vs ${num(small, 0)} ms (×${ratio.toFixed(2)})`)
      .join("; "),
    met: worst <= 1.5,
    margin: margin(worst, 1.5),
    note: prose.text(part, page),
    analysis: prose.text(`${part}-analysis`, emulator),
  };
}

function timesTable(results: SizeResult[]): Table {
  return {
    head: ["affiliates", "measurement", "time ms, median (min–max)", "vs bare read"],
    rows: results.flatMap((result) => {
      const row = (label: string, time: Spread, vs: string) => [num(result.affiliates, 0), label, mmm(time, 0), vs];
      const vsFloor = (time: Spread) => ratio(time.median, result.floor.median);
      return [
        row("bare Admin SDK read (floor)", result.floor, "×1.00"),
        row("service in-process", result.service, vsFloor(result.service)),
        row("API in-process (no Hosting, no Functions emulator)", result.local, vsFloor(result.local)),
        row("GET /api/summary via Hosting", result.api, vsFloor(result.api)),
      ];
    }),
  };
}

function costTable(results: SizeResult[]): Table {
  return {
    caption: "One call's answer and cost:",
    head: ["affiliates", "rows", "JSON", "sent (gzip)", "document reads", "writes"],
    rows: results.map((result) => [
      num(result.affiliates, 0),
      num(result.rows, 0),
      mb(result.jsonBytes, 2),
      kb(result.gzipBytes, 0),
      `${num(result.reads, 0)} (${breakdown(result.readsBy)})`,
      `${result.writes}${result.writes > 0 ? ` (${breakdown(result.writesBy)})` : ""}`,
    ]),
  };
}

function pagedTable(paged: PagedResult[]): Table {
  return {
    caption: prose.text("paged-caption"),
    head: [
      "affiliates",
      ...pagedQueries.map(({ label }) => `${label}, ms median (min–max)`),
      "the emulator alone: the page's query",
      "the emulator alone: the search's query",
      "the emulator alone: a count",
      "rows",
      "reads",
    ],
    rows: paged.map((result) => [
      num(result.affiliates, 0),
      ...result.times.map((time) => (time ? mmm(time, 0) : "not measured")),
      mmm(result.bareQuery, 0),
      result.bareSearch ? mmm(result.bareSearch, 0) : "not measured",
      mmm(result.bareCount, 0),
      result.rows.join(" / "),
      `${num(result.reads, 0)} (${breakdown(result.readsBy)})`,
    ]),
  };
}
