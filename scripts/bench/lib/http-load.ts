/**
 * A closed-loop load generator: `concurrency` clients, each sending its next request as soon as the last
 * one is answered, over keep-alive connections (one per client), until `count` requests are done or the
 * time is up. Latency is from the request's start to its last byte.
 */
import http from "node:http";
import { percentile } from "./stats.ts";

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface HttpRequest {
  path: string;
  method?: "GET" | "POST" | "HEAD";
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/** One request over `agent` to host:port, the whole body read. */
export function send(agent: http.Agent, host: string, port: number, request: HttpRequest): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = request.body === undefined ? undefined : Buffer.from(request.body);
    const outgoing = http.request(
      {
        host,
        port,
        agent,
        path: request.path,
        method: request.method ?? "GET",
        headers: { ...request.headers, ...(body ? { "Content-Length": String(body.length) } : {}) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
        response.on("error", reject);
      },
    );
    outgoing.setTimeout(60_000, () => outgoing.destroy(new Error(`No answer to ${request.path} within 60 s`)));
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

export interface LoadResult {
  requests: number;
  durationMs: number;
  perSecond: number;
  p50: number;
  p99: number;
  latencies: number[];
  /** How many answers had each status. */
  statuses: Record<string, number>;
  /** Requests that failed without an answer. */
  failures: number;
}

export interface LoadOptions {
  host: string;
  port: number;
  concurrency: number;
  count: number;
  /** Stop starting new requests after this long. */
  maxMs: number;
  /** The i-th request (i counts from 0 across the run). */
  request: (index: number) => HttpRequest;
  /** Called with each answer, e.g. to check it. */
  onAnswer?: (answer: Answer, index: number) => void;
}

export async function closedLoop(options: LoadOptions): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let failures = 0;
  let next = 0;
  const started = performance.now();
  const deadline = started + options.maxMs;
  const client = async () => {
    while (next < options.count && performance.now() < deadline) {
      const index = next++;
      const begin = performance.now();
      try {
        const answer = await send(agent, options.host, options.port, options.request(index));
        latencies.push(performance.now() - begin);
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        options.onAnswer?.(answer, index);
      } catch {
        failures += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, client));
  const durationMs = performance.now() - started;
  agent.destroy();
  return {
    requests: latencies.length,
    durationMs,
    perSecond: (latencies.length / durationMs) * 1000,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    latencies,
    statuses,
    failures,
  };
}
