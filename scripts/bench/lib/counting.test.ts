/**
 * The benchmarks' counting, without an emulator: the Admin SDK log parser, the Listen-channel parser and the
 * statistics. (The benchmarks themselves run with `npm run bench`, never in the test suite.)
 */
import { describe, expect, test } from "vitest";
import { breakdown, collectionOf, FirestoreOpCounter } from "./firestore-ops.ts";
import { countListenReads, type ListenXhr } from "./page-hooks.ts";
import { margin, median, percentile, spread } from "./stats.ts";

const doc = (path: string) => `projects/demo-affiliate/databases/(default)/documents/${path}`;
const line = (tag: string, where: "request" | "requestStream", what: string, payload: unknown) =>
  `Firestore (9.4.1) 2026-01-01T00:00:00.000Z ${tag} [Firestore.${where}]: ${what}: ${JSON.stringify(payload)}`;

describe("collectionOf", () => {
  test("names a document's collection path, with its parents' ids generalised", () => {
    expect(collectionOf(doc("affiliates/u1"))).toBe("affiliates");
    expect(collectionOf(doc("affiliates/u1/click_shards/3"))).toBe("affiliates/{uid}/click_shards");
    expect(collectionOf(doc("events/promptchan_e1"))).toBe("events");
  });
});

describe("FirestoreOpCounter", () => {
  test("counts a get's documents, found or missing, and a committed batch's writes", () => {
    const counter = new FirestoreOpCounter();
    counter.record(line("a1", "requestStream", "Sending request", { documents: [doc("affiliates/u1")] }));
    counter.record(line("a1", "requestStream", "Received response", { found: { name: doc("affiliates/u1") } }));
    const writes = [
      { update: { name: doc("click_visits/v") } },
      { update: { name: doc("affiliates/u1/click_shards/3") } },
    ];
    counter.record(line("b2", "request", "Sending request", { database: "d", writes }));
    counter.record(line("b2", "request", "Received response", { commitTime: "t" }));
    const counts = counter.snapshot();
    expect(counts.reads).toBe(1);
    expect(counts.writes).toBe(2);
    expect(counts.readsBy).toEqual({ affiliates: 1 });
    expect(breakdown(counts.writesBy)).toBe("affiliates/{uid}/click_shards 1, click_visits 1");
    // Two round trips: the get and the commit (answers are not requests).
    expect(counts.requests).toBe(2);
  });

  test("a refused commit writes nothing", () => {
    const counter = new FirestoreOpCounter();
    counter.record(line("c3", "request", "Sending request", { writes: [{ update: { name: doc("click_visits/v") } }] }));
    counter.record(
      "Firestore (9.4.1) 2026-01-01T00:00:00.000Z c3 [Firestore.request]: Received error: Error: 6 ALREADY_EXISTS",
    );
    // Refused, but still a round trip the visitor waited on.
    expect(counter.snapshot()).toMatchObject({ writes: 0, refusedWrites: 1, commits: 0, requests: 1 });
  });

  test("a query costs its documents, or one read when it returns none", () => {
    const counter = new FirestoreOpCounter();
    const query = (tag: string, collectionId: string) =>
      line(tag, "requestStream", "Sending request", {
        parent: doc("affiliates/u1"),
        structuredQuery: { from: [{ collectionId }] },
      });
    counter.record(query("q1", "click_shards"));
    counter.record(line("q1", "requestStream", "Received response", { readTime: "t", document: null }));
    counter.record(query("q2", "transactions"));
    for (const id of ["t1", "t2"]) {
      counter.record(
        line("q2", "requestStream", "Received response", {
          document: { name: doc(`affiliates/u1/transactions/${id}`) },
        }),
      );
    }
    const counts = counter.snapshot();
    expect(counts.reads).toBe(3);
    expect(counts.emptyQueries).toBe(1);
    expect(counts.readsBy).toEqual({ "affiliates/{uid}/click_shards": 1, "affiliates/{uid}/transactions": 2 });
  });
});

describe("countListenReads", () => {
  const frame = (messages: unknown[]) => {
    const json = JSON.stringify(messages);
    return `${json.length}\n${json}`;
  };
  const addTargets = new URLSearchParams({
    count: "2",
    req0___data__: JSON.stringify({ addTarget: { documents: { documents: [doc("affiliates/u1")] }, targetId: 2 } }),
    req1___data__: JSON.stringify({
      addTarget: {
        query: { parent: doc("affiliates/u1"), structuredQuery: { from: [{ collectionId: "click_shards" }] } },
        targetId: 4,
      },
    }),
  }).toString();

  test("each delivered document is a read, and an empty query that became current is one more", () => {
    const traffic: ListenXhr[] = [
      { url: "/Listen/channel?RID=1", sent: [addTargets], text: frame([[0, ["c", "sid", "", 8]]]) },
      {
        url: "/Listen/channel?RID=rpc",
        sent: [],
        text:
          frame([[1, [{ targetChange: { targetChangeType: "ADD", targetIds: [2, 4] } }]]]) +
          frame([[2, [{ documentChange: { document: { name: doc("affiliates/u1") }, targetIds: [2] } }]]]) +
          frame([[3, [{ targetChange: { targetChangeType: "CURRENT", targetIds: [2, 4] } }]]]) +
          "120\n[[4,", // a frame still arriving is left for later
      },
    ];
    const reads = countListenReads(traffic);
    expect(reads).toMatchObject({ documents: 1, emptyQueries: 1, reads: 2, targets: 2, unparsed: 0 });
    expect(reads.byCollection).toEqual({ affiliates: 1, "affiliates/{uid}/click_shards": 1 });
    // Counting again from that point sees nothing new.
    expect(countListenReads(traffic, structuredClone(traffic)).reads).toBe(0);
  });
});

describe("statistics", () => {
  test("median, nearest-rank percentile, spread and margin", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(
      percentile(
        [...Array(100).keys()].map((i) => i + 1),
        95,
      ),
    ).toBe(95);
    expect(spread([5, 1, 3])).toEqual({ median: 3, min: 1, max: 5, n: 3 });
    expect(margin(1.2, 1.5)).toBe("20% headroom");
    expect(margin(3, 2)).toBe("50% over");
  });
});
