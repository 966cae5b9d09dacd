/**
 * Hosting's CDN, as far as the client's address goes, in front of the Hosting emulator: it appends the
 * address it was reached from to X-Forwarded-For, as Fastly does, and passes every other header on as the
 * client sent it (Fastly-Client-IP included, which Fastly keeps when a client sets it). Nothing in front of
 * the emulator does this, so the emulators trust one hop (TRUSTED_PROXY_HOPS=1) and most tests write the
 * visitor's address themselves; through this proxy a test is a client that cannot.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { emulators } from "../../scripts/lib/project.ts";

export interface EdgeProxy {
  port: number;
  close(): Promise<void>;
}

export async function startEdgeProxy(): Promise<EdgeProxy> {
  const { host, port } = emulators.hosting;
  const server = http.createServer((req, res) => {
    const from = (req.socket.remoteAddress ?? "").replace(/^::ffff:/, "");
    const sent = req.headers["x-forwarded-for"];
    const forwarded = [...(sent ? [sent].flat() : []), from].join(", ");
    const upstream = http.request(
      {
        host,
        port,
        path: req.url,
        method: req.method,
        agent: false,
        headers: { ...req.headers, "x-forwarded-for": forwarded },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
