/**
 * The product's request handlers served from the bench process, on a free local port, the way the
 * Functions runtime serves them (the raw body kept as req.rawBody, JSON bodies parsed), so their Firestore
 * operations can be counted by the Admin SDK's log in this process.
 */
import type { AddressInfo } from "node:net";
import express from "express";
import type { Request, RequestHandler, Response } from "express";

export interface LocalServer {
  host: string;
  port: number;
  close(): Promise<void>;
}

/** What the Functions runtime does before our code runs: keep the raw body, parse JSON. */
const functionsRuntimeBody: RequestHandler[] = [
  express.raw({ type: () => true, limit: "10mb" }),
  (req, _res, next) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    (req as Request & { rawBody?: Buffer }).rawBody = raw;
    req.body = undefined;
    if (raw.length > 0 && req.is("application/json")) {
      try {
        req.body = JSON.parse(raw.toString("utf8")) as unknown;
      } catch {
        next(Object.assign(new Error("Bad JSON"), { status: 400 }));
        return;
      }
    }
    next();
  },
];

export async function serve(handler: RequestHandler | express.Express): Promise<LocalServer> {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", true);
  app.use(...functionsRuntimeBody, handler);
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  const { port } = server.address() as AddressInfo;
  return {
    host: "127.0.0.1",
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An async (req, res) handler such as handleTrack, its failures passed on to Express. */
export function asHandler(handle: (req: Request, res: Response) => Promise<void>): RequestHandler {
  return (req, res, next) => {
    handle(req, res).catch(next);
  };
}
