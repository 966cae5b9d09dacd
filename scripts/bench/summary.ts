/**
 * GET /api/summary at 1,000 and 10,000 affiliates, against the floor: a bare Admin SDK read of the same
 * documents with the same field mask. Also the service alone in this process (read, rows, order, JSON),
 * which splits the API's time into Firestore, our code and the HTTP path.
 */
import http from "node:http";
import { gunzipSync } from "node:zlib";
import type { BenchContext } from "./lib/context.ts";
import { elapsed } from "./lib/context.ts";
import { breakdown } from "./lib/firestore-ops.ts";
import { send, type Answer } from "./lib/http-load.ts";
import { serve } from "./lib/in-process.ts";
import type { Section, Target } from "./lib/results.ts";
import { seedAffiliates } from "./lib/seed.ts";
import { kb, margin, mb, mmm, num, ratio, spread, type Spread } from "./lib/stats.ts";
import { createUser } from "./lib/users.ts";

const sizes = [1_000, 10_000];
const runs = 7;

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
    }
  } finally {
    agent.destroy();
    localAgent.destroy();
    await local.close();
  }
  return report(results, elapsed(started));
}

function check(answer: Answer, size: number): { rows: number; jsonBytes: number } {
  if (answer.status !== 200) throw new Error(`GET /api/summary answered ${answer.status}: ${answer.body.toString()}`);
  const json = answer.headers["content-encoding"] === "gzip" ? gunzipSync(answer.body) : answer.body;
  const rows = (JSON.parse(json.toString("utf8")) as unknown[]).length;
  if (rows !== size) throw new Error(`GET /api/summary answered ${rows} rows, not ${size}`);
  return { rows, jsonBytes: json.length };
}

function report(results: SizeResult[], elapsedSeconds: number): Section {
  const largest = results.at(-1)!;
  const apiRatio = largest.api.median / largest.floor.median;
  const affiliateReads = largest.readsBy.affiliates ?? 0;
  const otherReads = largest.reads - affiliateReads;
  const targets: Target[] = [
    {
      promise: "Summary at 10,000 affiliates within 1.5× the bare read of the same documents",
      measured:
        `${num(largest.api.median, 0)} ms vs ${num(largest.floor.median, 0)} ms: ×${apiRatio.toFixed(2)} ` +
        `(round by round ×${largest.roundRatios.min.toFixed(2)}–×${largest.roundRatios.max.toFixed(2)})`,
      met: apiRatio <= 1.5,
      margin: margin(apiRatio, 1.5),
      note:
        `Of the ${num(largest.api.median - largest.floor.median, 0)} ms the API adds to the bare read, ` +
        `${num(largest.service.median - largest.floor.median, 0)} ms is the service's own work (a row per ` +
        `affiliate, the pending-first order, ${mb(largest.jsonBytes)} of JSON), ` +
        `${num(largest.local.median - largest.service.median, 0)} ms the API around it (the token check and ` +
        "account lookup against the Auth emulator, the rate-limit counter, gzip of the answer at level 5, the " +
        `local HTTP hop), and ${num(largest.api.median - largest.local.median, 0)} ms the emulators' path ` +
        `(Hosting's proxy and the Functions emulator's worker, each copying the ${kb(largest.gzipBytes)} answer); ` +
        "the parts are medians of separate measurements, so they add up only roughly. " +
        (apiRatio <= 1.5
          ? largest.roundRatios.max > 1.5
            ? "The median is within the limit but single rounds went over it: on two shared cores the margin is thin."
            : "Every round was within the limit."
          : "What would reach it: gzip's share shrinks with a faster level (1 instead of 5: the answer grows by a " +
            "fraction, the CPU time drops by about half) or by compressing while the rows are serialised (stream " +
            "the JSON through a gzip stream instead of building one 5 MB string and compressing it after); the " +
            "emulators' share is not the product's (production Hosting and Cloud Run do not copy answers through " +
            "worker IPC)."),
    },
    {
      promise: "Summary reads = affiliates",
      measured: `${num(largest.reads, 0)} reads for ${num(largest.affiliates, 0)} affiliates (${breakdown(largest.readsBy)})`,
      met: affiliateReads === largest.affiliates && otherReads === 0,
      margin:
        largest.reads === largest.affiliates
          ? "exact"
          : `${largest.reads - largest.affiliates > 0 ? "+" : ""}${largest.reads - largest.affiliates} read(s) per call`,
      note:
        otherReads === 0
          ? "One document read per affiliate and nothing else, whatever the ledgers hold: the API's per-caller " +
            "rate limit counts a caller's first 30 calls of the minute in the instance's memory, so a staff " +
            "member's summary costs no rate-limit read or write."
          : `One read per affiliate (${affiliateReads}), and ${otherReads} more read(s) and ${largest.writes} ` +
            `write(s) per call (${breakdown(largest.readsBy)} read; ${breakdown(largest.writesBy)} written): the ` +
            "API's per-caller rate limit, which counts every signed-in call in a shared Firestore document. A " +
            "constant per call, not per affiliate. What would reach it: count a caller's first calls in the " +
            "instance's memory before the shared document, as the click and event limiters do (a local allowance " +
            "above zero), so an ordinary staff member's summary costs no extra operation.",
    },
  ];
  return {
    id: "summary",
    title: "Advertiser summary",
    method: [
      "The bench writes 1,000, then 9,000 more, affiliate documents straight into the Firestore emulator " +
        "(Admin SDK batches; each with payout details, three advertisers' totals, up to four trackers, 35 days " +
        "of recent figures, and one in twenty with a pending payout and its invoice), then, at each size, after " +
        `two warm-up rounds, ${runs} rounds of four measurements:`,
      "- **bare read (the floor)**: the Admin SDK in the bench process reads the same documents with the same " +
        "field mask (`select(...summarySourceFields)`), nothing else;\n" +
        "- **service in-process**: `loadSummaryPage` (compiled `functions/lib`) in the bench process: the same " +
        "read, a row per affiliate, the order, the page's JSON;\n" +
        "- **API in-process**: the whole API app (`createApp()`: token check, account lookup, rate limit, the " +
        "route, gzip) served from the bench process, called over local HTTP, without Hosting or the Functions " +
        "emulator;\n" +
        "- **GET /api/summary**: a staff user's call through the Hosting emulator's port to the `api` function, " +
        "gzip accepted, timed to the last byte.",
      "Reads and writes per call are counted on the same app (`createApp()`) served from the bench process, " +
        "where the Admin SDK's request log shows each operation (see “How operations are counted”).",
    ],
    tables: [
      {
        head: ["affiliates", "measurement", "time ms, median (min–max)", "vs bare read"],
        rows: results.flatMap((result) => [
          [num(result.affiliates, 0), "bare Admin SDK read (floor)", mmm(result.floor, 0), "×1.00"],
          [
            num(result.affiliates, 0),
            "service in-process",
            mmm(result.service, 0),
            ratio(result.service.median, result.floor.median),
          ],
          [
            num(result.affiliates, 0),
            "API in-process (no Hosting, no Functions emulator)",
            mmm(result.local, 0),
            ratio(result.local.median, result.floor.median),
          ],
          [
            num(result.affiliates, 0),
            "GET /api/summary via Hosting",
            mmm(result.api, 0),
            ratio(result.api.median, result.floor.median),
          ],
        ]),
      },
      {
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
      },
    ],
    targets,
    notes: [],
    raw: results,
    elapsedSeconds,
  };
}
