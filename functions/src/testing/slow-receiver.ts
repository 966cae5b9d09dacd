/**
 * For the tests (in functions/src so the unit tests beside the code can use it; left out of the build): a
 * postback receiver that misbehaves on purpose, on 127.0.0.1 (raw TCP, so it can trickle even its status
 * line): what an affiliate could point a postback at to hold the product's calls. By the path's first
 * segment:
 *
 *   /trickle-head…  the status line and headers, one byte every `stepMs`
 *   /trickle-body…  status and headers at once (200, 100-byte body), then the body one byte every `stepMs`
 *   /silent…        reads the request and never answers
 *   /cut…           200 with a 100-byte body, sends 10 bytes of it and closes
 *   anything else   200 "ok" at once
 *
 * Every trickle stops after `limitMs` (the tests stay bounded even against code that never gives up), and
 * each connection ends when the caller goes away. It counts calls and how many were open at once, per path.
 */
import net from "node:net";
import type { AddressInfo } from "node:net";

export interface SlowReceiver {
  /** http://127.0.0.1:<port> */
  base: string;
  calls(path: string): number;
  /** The most calls to `path` that were open at the same time. */
  mostAtOnce(path: string): number;
  close(): Promise<void>;
}

export async function startSlowReceiver({ stepMs = 500, limitMs = 40_000 } = {}): Promise<SlowReceiver> {
  const calls = new Map<string, number>();
  const open = new Map<string, number>();
  const most = new Map<string, number>();
  const sockets = new Set<net.Socket>();

  const server = net.createServer((socket) => {
    sockets.add(socket);
    let timer: NodeJS.Timeout | undefined;
    let path: string | undefined;
    const stop = () => {
      clearInterval(timer);
      clearTimeout(timer);
      if (path !== undefined) open.set(path, (open.get(path) ?? 1) - 1);
      path = undefined;
    };
    socket.on("close", () => {
      stop();
      sockets.delete(socket);
    });
    socket.on("error", stop);
    socket.once("data", (chunk) => {
      const target = /^[A-Z]+ (\S+) HTTP/.exec(chunk.toString("latin1"))?.[1] ?? "/";
      path = new URL(target, "http://receiver").pathname;
      calls.set(path, (calls.get(path) ?? 0) + 1);
      open.set(path, (open.get(path) ?? 0) + 1);
      most.set(path, Math.max(most.get(path) ?? 0, open.get(path)!));
      const head = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 100\r\nConnection: close\r\n\r\n";
      const body = "x".repeat(100);
      const trickle = (text: string) => {
        let sent = 0;
        const started = Date.now();
        timer = setInterval(() => {
          if (sent >= text.length || Date.now() - started > limitMs) return void socket.end();
          socket.write(text[sent++]!);
        }, stepMs);
      };
      if (path.startsWith("/trickle-head")) trickle(head + body);
      else if (path.startsWith("/trickle-body")) {
        socket.write(head);
        trickle(body);
      } else if (path.startsWith("/silent")) timer = setTimeout(() => socket.end(), limitMs);
      else if (path.startsWith("/cut")) socket.end(head + body.slice(0, 10));
      else socket.end("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls: (path) => calls.get(path) ?? 0,
    mostAtOnce: (path) => most.get(path) ?? 0,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
