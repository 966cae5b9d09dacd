/**
 * Counts the Firestore operations the product's code performs in this process, exactly, from the Admin
 * SDK's own request log (setLogFunction, a public API of @google-cloud/firestore): every RPC the client
 * sends is logged with its request, and every streamed answer with its content. The emulator itself keeps
 * no per-request metrics, so this is the place the operations can be seen one by one.
 *
 * Counted as Firestore bills them:
 *  - a document read for every document a get asks for (BatchGetDocuments: found or missing), and for
 *    every document a query returns (RunQuery); a query that returns nothing costs one read;
 *  - a document write for every write in a commit that succeeded (a set, an update with increments, a
 *    create or a delete each count one; a commit refused, e.g. a create of an existing document, writes
 *    nothing and is counted apart).
 * Each is also counted per collection ("affiliates/{uid}/click_shards"), so a table can say what was read.
 */
import { setLogFunction } from "firebase-admin/firestore";

export interface OpCounts {
  reads: number;
  writes: number;
  /** Writes in commits the server refused (not billed). */
  refusedWrites: number;
  commits: number;
  /** Requests sent to Firestore (gets, queries, commits, rollbacks): the round trips waited on. */
  requests: number;
  /** Queries that returned no document (each billed as one read, included in `reads`). */
  emptyQueries: number;
  /** Transactions rolled back (a retry after contention, or a transaction given up). */
  rollbacks: number;
  readsBy: Record<string, number>;
  writesBy: Record<string, number>;
}

export function emptyCounts(): OpCounts {
  return {
    reads: 0,
    writes: 0,
    refusedWrites: 0,
    commits: 0,
    requests: 0,
    emptyQueries: 0,
    rollbacks: 0,
    readsBy: {},
    writesBy: {},
  };
}

/** "projects/p/databases/(default)/documents/affiliates/u1/click_shards/3" → "affiliates/{uid}/click_shards". */
export function collectionOf(name: string): string {
  const documents = name.indexOf("/documents/");
  const segments = (documents >= 0 ? name.slice(documents + "/documents/".length) : name).split("/");
  const collections = segments.filter((_, index) => index % 2 === 0);
  return collections
    .map((collection, index) =>
      index < collections.length - 1 ? `${collection}/{${collection === "affiliates" ? "uid" : "id"}}` : collection,
    )
    .join("/");
}

interface PendingQuery {
  collection: string;
  documents: number;
}

interface PendingCommit {
  writes: string[];
}

const add = (into: Record<string, number>, key: string, by = 1) => {
  into[key] = (into[key] ?? 0) + by;
};

type Json = Record<string, unknown>;

/**
 * The counter is global to the process (the log is): start() resets and listens, snapshot() reads the
 * counts so far (queries still open are settled as they stand), stop() stops listening.
 */
export class FirestoreOpCounter {
  private counts = emptyCounts();
  private queries = new Map<string, PendingQuery>();
  private commitsInFlight = new Map<string, PendingCommit>();
  private unparsed = 0;

  start(): void {
    this.reset();
    setLogFunction((line) => this.record(line));
  }

  stop(): void {
    setLogFunction(null);
  }

  reset(): void {
    this.counts = emptyCounts();
    this.queries.clear();
    this.commitsInFlight.clear();
    this.unparsed = 0;
  }

  /** The counts since start()/reset(); open queries with no document yet count as empty. */
  snapshot(): OpCounts {
    const counts = structuredClone(this.counts);
    for (const query of this.queries.values()) {
      if (query.documents === 0) {
        counts.emptyQueries += 1;
        counts.reads += 1;
        add(counts.readsBy, query.collection);
      }
    }
    return counts;
  }

  /** Log lines that looked like a request or an answer but did not parse (should stay 0). */
  get unparsedLines(): number {
    return this.unparsed;
  }

  /**
   * Runs `body` and returns what it cost. The log is listened to only meanwhile (formatting every request
   * costs time), and no other Firestore work of this process may overlap it.
   */
  async measure<T>(body: () => Promise<T>): Promise<{ value: T; counts: OpCounts }> {
    this.start();
    try {
      const value = await body();
      // Answers already on their way are logged on the next turns of the event loop.
      await new Promise((resolve) => setImmediate(resolve));
      return { value, counts: this.snapshot() };
    } finally {
      this.stop();
    }
  }

  /** One line of the Admin SDK's log (public so the parsing can be tested without an emulator). */
  record(line: string): void {
    // "Firestore (9.4.1) 2026-01-01T00:00:00.000Z <tag> [Firestore.request]: Sending request: {...}"
    const match =
      /^Firestore \([^)]*\) \S+ (\S+) \[(Firestore\.request|Firestore\.requestStream)\]: (Sending request|Received response|Received error):? ?([\s\S]*)$/.exec(
        line,
      );
    if (!match) return;
    const [, tag = "", where, what, payload = ""] = match;
    if (what === "Received error") {
      const commit = this.commitsInFlight.get(tag);
      if (commit) {
        this.counts.refusedWrites += commit.writes.length;
        this.commitsInFlight.delete(tag);
      }
      return;
    }
    let message: Json;
    try {
      message = JSON.parse(payload) as Json;
    } catch {
      this.unparsed += 1;
      return;
    }
    if (what === "Sending request") this.counts.requests += 1;
    if (where === "Firestore.request") {
      if (what === "Sending request") this.onUnaryRequest(tag, message);
      else this.onUnaryResponse(tag);
    } else if (what === "Sending request") {
      this.onStreamRequest(tag, message);
    } else {
      this.onStreamResponse(tag, message);
    }
  }

  private onUnaryRequest(tag: string, request: Json): void {
    if (Array.isArray(request.writes)) {
      const writes = (request.writes as Json[]).map((write) => {
        const name =
          ((write.update as Json | undefined)?.name as string | undefined) ??
          (write.delete as string | undefined) ??
          ((write.transform as Json | undefined)?.document as string | undefined) ??
          "unknown";
        return collectionOf(name);
      });
      // Commits of one transaction share a tag with its reads; a commit is the last RPC under it.
      this.commitsInFlight.set(tag, { writes });
    } else if (request.transaction && !request.options) {
      this.counts.rollbacks += 1; // RollbackRequest: { database, transaction }
    }
  }

  private onUnaryResponse(tag: string): void {
    const commit = this.commitsInFlight.get(tag);
    if (!commit) return;
    this.commitsInFlight.delete(tag);
    this.counts.commits += 1;
    this.counts.writes += commit.writes.length;
    for (const collection of commit.writes) add(this.counts.writesBy, collection);
  }

  private onStreamRequest(tag: string, request: Json): void {
    if (Array.isArray(request.documents)) {
      for (const name of request.documents as string[]) {
        this.counts.reads += 1;
        add(this.counts.readsBy, collectionOf(name));
      }
    } else if (request.structuredQuery) {
      const query = request.structuredQuery as { from?: { collectionId?: string; allDescendants?: boolean }[] };
      const parent = typeof request.parent === "string" ? request.parent : "";
      const from = query.from?.[0];
      const collection = from?.allDescendants
        ? `(all) ${from.collectionId}`
        : collectionOf(`${parent}/${from?.collectionId ?? "?"}/x`);
      // A retried query keeps its tag: settle the earlier attempt first.
      this.settleQuery(tag);
      this.queries.set(tag, { collection, documents: 0 });
    } else if (request.structuredAggregationQuery) {
      // An aggregation (count()) is billed per batch of up to 1000 index entries; counted as one here.
      this.counts.reads += 1;
      add(this.counts.readsBy, "aggregation");
    }
  }

  private onStreamResponse(tag: string, response: Json): void {
    const document = response.document as { name?: string } | null | undefined;
    if (!document?.name) return; // found/missing answers were counted from the request
    const query = this.queries.get(tag);
    this.counts.reads += 1;
    add(this.counts.readsBy, query?.collection ?? collectionOf(document.name));
    if (query) query.documents += 1;
  }

  private settleQuery(tag: string): void {
    const query = this.queries.get(tag);
    if (!query) return;
    if (query.documents === 0) {
      this.counts.emptyQueries += 1;
      this.counts.reads += 1;
      add(this.counts.readsBy, query.collection);
    }
    this.queries.delete(tag);
  }
}

/** "affiliates 1, affiliates/{uid}/click_shards 1": a compact breakdown for a table cell. */
export function breakdown(by: Record<string, number>, runs = 1): string {
  const entries = Object.entries(by).sort(([a], [b]) => a.localeCompare(b));
  if (entries.length === 0) return "none";
  return entries
    .map(
      ([collection, count]) =>
        `${collection} ${Number.isInteger(count / runs) ? count / runs : (count / runs).toFixed(2)}`,
    )
    .join(", ");
}
