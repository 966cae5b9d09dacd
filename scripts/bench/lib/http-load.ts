/**
 * The benchmarks' HTTP client: `send` for one request at a time, and `closedLoop` for load through autocannon
 * (`concurrency` keep-alive connections, each sending its next request as soon as the last one is answered,
 * or paced at a stated rate), bounded in count and in time. Latency is from the request's start to its last byte.
 */
import http from "node:http";
import autocannon from "autocannon";
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

/**
 * One request over `agent` to host:port, the whole body read. A GET or HEAD that finds its kept-alive socket
 * already closed by the server (ECONNRESET on a reused socket, before any answer: the race Node's
 * `request.reusedSocket` documents) is sent once more on a new one; anything else is an error.
 */
export async function send(agent: http.Agent, host: string, port: number, request: HttpRequest): Promise<Answer> {
  try {
    return await sendOnce(agent, host, port, request);
  } catch (error) {
    const idempotent = (request.method ?? "GET") !== "POST";
    if (idempotent && error instanceof StaleSocketError) return sendOnce(agent, host, port, request);
    throw error instanceof StaleSocketError ? error.cause : error;
  }
}

/** The server had closed the kept-alive socket the request went out on. */
class StaleSocketError extends Error {}

function sendOnce(agent: http.Agent, host: string, port: number, request: HttpRequest): Promise<Answer> {
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
    outgoing.on("error", (error: NodeJS.ErrnoException) =>
      reject(
        outgoing.reusedSocket && error.code === "ECONNRESET"
          ? new StaleSocketError("The kept-alive socket was closed", { cause: error })
          : error,
      ),
    );
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
  /** Requests that failed without an answer (connection errors, timeouts). */
  failures: number;
}

export interface LoadOptions {
  /** 127.0.0.1: the load is only ever aimed at this machine's emulators or the bench's own server. */
  host: string;
  port: number;
  concurrency: number;
  count: number;
  /** Stop after this long, whatever is still in flight. */
  maxMs: number;
  /** The i-th request (i counts from 0 across the run). */
  request: (index: number) => HttpRequest;
  /** Called with each answer, e.g. to check it. */
  onAnswer?: (answer: Answer) => void;
  /**
   * Paced instead of as fast as answers come: at most this many requests a second across the connections
   * (autocannon's overallRate), for a sustained load at a stated rate.
   */
  perSecond?: number;
}

export async function closedLoop(options: LoadOptions): Promise<LoadResult> {
  if (options.host !== "127.0.0.1") throw new Error(`The bench loads 127.0.0.1 only, not ${options.host}`);
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let index = 0;
  const started = performance.now();
  let lastAnswer: number | undefined;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const timeBound = setTimeout(() => instance.stop(), options.maxMs);
    const instance = autocannon(
      {
        url: `http://${options.host}:${options.port}`,
        connections: options.concurrency,
        amount: options.count,
        ...(options.perSecond ? { overallRate: options.perSecond } : {}),
        timeout: 60,
        // As many failures as requests ends the run: a refused port is not retried for the whole time bound.
        bailout: options.count,
        // autocannon notices that the last connection is done at its next sample: every 10 ms, not every second.
        sampleInt: 10,
        requests: [
          {
            // Each request built afresh (its own visitor, its own signed event).
            setupRequest: (defaults) => {
              const request = options.request(index++);
              return {
                ...defaults,
                path: request.path,
                method: request.method ?? "GET",
                headers: { ...defaults.headers, ...request.headers },
                body: request.body ?? "",
              };
            },
            onResponse: (status, body, _context, headers) =>
              options.onAnswer?.({ status, headers: lowerCaseKeys(headers ?? {}), body: Buffer.from(body) }),
          },
        ],
      },
      (error, done) => {
        clearTimeout(timeBound);
        if (error) reject(error as Error);
        else resolve(done);
      },
    );
    // Every answer's latency, whatever its status: autocannon's own histogram keeps the 2xx ones only.
    instance.on("response", (_client, status, _bytes, responseTime) => {
      latencies.push(responseTime);
      statuses[status] = (statuses[status] ?? 0) + 1;
      lastAnswer = performance.now();
    });
  });
  // To the last answer: autocannon itself ends a run at a sample tick after it.
  const durationMs = (lastAnswer ?? performance.now()) - started;
  return {
    requests: latencies.length,
    durationMs,
    perSecond: (latencies.length / durationMs) * 1000,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    latencies,
    statuses,
    failures: result.errors,
  };
}

function lowerCaseKeys(headers: http.IncomingHttpHeaders): http.IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}
