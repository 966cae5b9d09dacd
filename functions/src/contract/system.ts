/** The API's own routes: the health check, this contract as OpenAPI, and a deployment's address check. */
import { z } from "zod";
import type { Routes } from "./route.js";

export const systemApi = {
  "GET /api/health": {
    summary: "Proves the Hosting rewrite reaches the function.",
    tag: "System",
    access: "anyone",
    response: z.strictObject({ ok: z.literal(true) }),
    refusals: {},
  },
  "GET /api/openapi.json": {
    summary: "This API as an OpenAPI 3.1 document (docs/openapi.json is the same, committed).",
    tag: "System",
    access: "anyone",
    // Described here only by its frame: it is its own schema (https://spec.openapis.org/oas/3.1).
    response: z.object({
      openapi: z.string(),
      info: z.object({ title: z.string(), version: z.string() }),
      paths: z.record(z.string(), z.unknown()).optional(),
    }),
    refusals: {},
  },
  "GET /api/client_address": {
    summary: "The caller's address as the API takes it, and every hop it was chosen from.",
    description:
      'The check of a deployment\'s TRUSTED_PROXY_HOPS (docs/hardening.md, "Client addresses"): `address` is the client as every per-address limit keys it.',
    tag: "System",
    access: "admin",
    response: z.strictObject({
      address: z.string(),
      trusted_proxy_hops: z.number().int(),
      hops: z
        .array(z.string())
        .meta({ description: "Nearest first: the connection's peer, then X-Forwarded-For from the right." }),
      fastly_client_ip: z.union([z.string(), z.array(z.string())]).nullable(),
    }),
    refusals: {},
  },
} as const satisfies Routes;
