import type { Request, RequestHandler } from "express";
import { ApiError } from "../errors.js";

type WithRawBody = Request & { rawBody?: Buffer };

/**
 * Refuses a body over `maxBytes` by the bytes actually received, whatever length was declared (a chunked
 * body declares none), before anything else is done with the request.
 *
 * The Functions runtime reads and parses every body that has a Content-Type before our code runs (up to
 * 32 MB, keeping the bytes as req.rawBody): such a body can only be refused by its size once the runtime
 * has read it. A body the runtime leaves unread (no Content-Type) is read here, and only up to the limit:
 * past it the refusal is answered at once and the rest is dropped as it arrives, never kept.
 * docs/hardening.md ("Body limits") says what the runtime and the emulator do, with the evidence.
 */
export function limitBody(maxBytes: number): RequestHandler {
  const tooLarge = () => new ApiError("payload_too_large", `The request body must be at most ${maxBytes} bytes.`);
  return (req, _res, next) => {
    const received = (req as WithRawBody).rawBody;
    if (received !== undefined) {
      next(received.length > maxBytes || declaredLength(req) > maxBytes ? tooLarge() : undefined);
      return;
    }
    if (!hasUnreadBody(req)) {
      next();
      return;
    }
    if (declaredLength(req) > maxBytes) {
      next(tooLarge());
      return;
    }
    readAtMost(req, maxBytes).then((body) => {
      if (body !== undefined) (req as WithRawBody).rawBody = body;
      next(body === undefined ? tooLarge() : undefined);
    }, next);
  };
}

/** The request body exactly as sent (signatures are over these bytes), once limitBody has passed it. */
export function rawBodyOf(req: Request): Buffer {
  return (req as WithRawBody).rawBody ?? Buffer.alloc(0);
}

function declaredLength(req: Request): number {
  return Number(req.get("Content-Length") ?? 0);
}

function hasUnreadBody(req: Request): boolean {
  return !req.readableEnded && (req.get("Transfer-Encoding") !== undefined || declaredLength(req) > 0);
}

/**
 * The body, or undefined as soon as it passes `maxBytes`. The rest then flows past unkept: closing the
 * connection instead would cut the answer short behind a proxy that is still sending (the emulator's hub
 * then fails the request and kills the function's process).
 */
function readAtMost(req: Request, maxBytes: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => req.off("data", onData).off("end", onEnd).off("error", onError).off("close", onError);
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        stop();
        req.resume();
        resolve(undefined);
      } else {
        chunks.push(chunk);
      }
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks));
    };
    // An error, or the client gone before the end.
    const onError = () => {
      stop();
      reject(new ApiError("bad_request", "The request body could not be read."));
    };
    req.on("data", onData).on("end", onEnd).on("error", onError).on("close", onError);
  });
}
