/**
 * limitBody on a plain Node server (loopback, a port of its own), where the body reaches our code unread,
 * as it does in the Functions runtime when a request has no Content-Type. What the runtime does with the
 * bodies it reads first is in tests/api/body-limit.test.ts.
 */
import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { errorHandler } from "./error-handler.js";
import { limitBody, rawBodyOf } from "./raw-body.js";

vi.mock("firebase-functions", () => ({ logger: { error: vi.fn() } }));

const maxBytes = 64 * 1024;
const twentyMegabytes = 20 * 1024 * 1024;

let server: http.Server;
let port: number;

beforeAll(async () => {
  const app = express();
  // Stands for the runtime's parsers, which keep what they read as req.rawBody.
  app.post("/runtime-read", (req, _res, next) => {
    Object.assign(req, { rawBody: Buffer.alloc(Number(req.query.size)) });
    next();
  });
  app.post("*path", limitBody(maxBytes), (req, res) => {
    res.json({ received: rawBodyOf(req).length });
  });
  app.use(errorHandler);
  server = http.createServer(app);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.close();
  await once(server, "close");
});

interface ChunkedAnswer {
  status: number;
  body: unknown;
  /** Bytes of the body the client had written when the answer came. */
  sentWhenAnswered: number;
}

/**
 * POSTs `total` bytes chunked (no Content-Length) as fast as the connection takes them; when the answer
 * arrives it stops sending and hangs up.
 */
function postChunked(path: string, total: number): Promise<ChunkedAnswer> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const request = http.request({
      host: "127.0.0.1",
      port,
      path,
      method: "POST",
      agent: false,
      headers: { "Transfer-Encoding": "chunked" },
    });
    request.on("response", (response) => {
      answered = true;
      const sentWhenAnswered = sent;
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        request.destroy();
        resolve({
          status: response.statusCode ?? 0,
          body: JSON.parse(Buffer.concat(chunks).toString("utf8")),
          sentWhenAnswered,
        });
      });
    });
    request.on("error", (err) => {
      if (!answered) reject(err);
    });
    const chunk = Buffer.alloc(16 * 1024, "x");
    const pump = () => {
      while (!answered && sent < total) {
        sent += chunk.length;
        if (!request.write(chunk)) {
          request.once("drain", pump);
          return;
        }
      }
      if (!answered) request.end();
    };
    pump();
  });
}

test("a chunked body within the limit is read whole", async () => {
  const answer = await postChunked("/within", maxBytes);
  expect(answer).toMatchObject({ status: 200, body: { received: maxBytes } });
});

test("a chunked 20 MB body is refused while most of it is still to be sent", async () => {
  const answer = await postChunked("/oversized", twentyMegabytes);
  expect(answer.status).toBe(413);
  expect(answer.body).toEqual({ error: `The request body must be at most ${maxBytes} bytes.` });
  // What had left the client by then is the limit plus what the connection's buffers hold (a few MB).
  expect(answer.sentWhenAnswered).toBeLessThan(twentyMegabytes / 2);
});

test("a declared length over the limit is refused before any of the body is sent", async () => {
  const request = http.request({
    host: "127.0.0.1",
    port,
    path: "/declared",
    method: "POST",
    agent: false,
    headers: { "Content-Length": String(twentyMegabytes) },
  });
  request.on("error", () => undefined);
  request.flushHeaders();
  const [response] = (await once(request, "response")) as [http.IncomingMessage];
  expect(response.statusCode).toBe(413);
  response.resume();
  request.destroy();
});

test("a body the runtime has already read is refused by its size, whatever its declared length", async () => {
  const respond = (size: number) => fetch(`http://127.0.0.1:${port}/runtime-read?size=${size}`, { method: "POST" });
  const over = await respond(maxBytes + 1);
  expect(over.status).toBe(413);
  expect(await over.json()).toEqual({ error: `The request body must be at most ${maxBytes} bytes.` });
  const within = await respond(100);
  expect(await within.json()).toEqual({ received: 100 });
});
