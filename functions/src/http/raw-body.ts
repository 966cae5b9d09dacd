import type { Request } from "express";
import { ApiError } from "../errors.js";

/**
 * The request body exactly as sent (signatures are over these bytes). The Functions runtime keeps it as
 * req.rawBody; a body over `maxBytes` is refused by its declared length before anything else is done.
 */
export function rawBodyOf(req: Request, maxBytes: number): Buffer {
  const declared = Number(req.get("Content-Length") ?? 0);
  const raw = (req as Request & { rawBody?: Buffer }).rawBody ?? Buffer.alloc(0);
  if (declared > maxBytes || raw.length > maxBytes) {
    throw new ApiError("payload_too_large", `The request body must be at most ${maxBytes} bytes.`);
  }
  return raw;
}
