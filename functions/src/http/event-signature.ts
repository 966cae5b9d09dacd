import { createHmac, timingSafeEqual } from "node:crypto";
import { advertiserIds, type AdvertiserId } from "../domain/advertisers.js";
import { ApiError } from "../errors.js";

/**
 * Checks `X-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>` against each
 * advertiser's secret and returns the advertiser whose secret signed the body. The timestamp must be within
 * `toleranceSeconds` of now, so a captured request cannot be replayed later. Any failure is a 401.
 */
export function verifyEventSignature(
  header: string | undefined,
  rawBody: Buffer,
  secrets: Partial<Record<AdvertiserId, string>>,
  nowSeconds: number,
  toleranceSeconds: number,
): AdvertiserId {
  if (!header) throw new ApiError("unauthenticated", "Missing X-Signature header.");
  const parts = new Map(
    header.split(",").map((part) => {
      const [key = "", ...value] = part.trim().split("=");
      return [key, value.join("=")] as const;
    }),
  );
  const timestamp = parts.get("t") ?? "";
  const signature = parts.get("v1") ?? "";
  if (!/^\d{1,12}$/.test(timestamp) || !/^[0-9a-f]{64}$/.test(signature)) {
    throw new ApiError("unauthenticated", "Malformed X-Signature header: expected t=<unix seconds>,v1=<hex>.");
  }
  if (Math.abs(nowSeconds - Number(timestamp)) > toleranceSeconds) {
    throw new ApiError("unauthenticated", "Stale X-Signature timestamp: sign the request again.");
  }
  const given = Buffer.from(signature, "hex");
  for (const advertiser of advertiserIds) {
    const secret = secrets[advertiser];
    if (!secret) continue;
    const expected = createHmac("sha256", secret).update(`${timestamp}.`).update(rawBody).digest();
    if (timingSafeEqual(expected, given)) return advertiser;
  }
  throw new ApiError("unauthenticated", "Invalid signature.");
}
