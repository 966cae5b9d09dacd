/**
 * The API as an OpenAPI 3.1 document, generated from the contract (functions/src/contract) by
 * @asteasolutions/zod-to-openapi: served at GET /api/openapi.json (this module is loaded only there) and
 * committed as docs/openapi.json (`npm run openapi` writes it; http/openapi.test.ts fails when it is stale).
 */
import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from "@asteasolutions/zod-to-openapi";
import { apiRoutes, type RouteSpec } from "../contract/index.js";
import { errorAnswer } from "../contract/fields.js";
import type { Access, RefusalStatus } from "../contract/route.js";

const description = `The affiliate programme's API (SPEC.md §7 and docs/api.md), under /api on the site's own origin.

**Signing in.** Every call but the health check, this document, the advertisers' events and their postbacks
needs a Firebase ID token of the caller in \`Authorization\`: raw, as the original front-end sends it
(\`Authorization: eyJhbGciOiJSUzI1NiIs…\`), or as \`Bearer <token>\`. It is verified with revocation and
disabled-account checks; roles come from the account's custom claims (\`advertiser\` for staff, \`admin\`).

**Refusals** are \`{ "error": "<message for a person>" }\`: 400 bad input (the first problem, as
"field: problem"), 401 no or bad credentials, 403 not allowed, 404 unknown, 409 conflict, 410 a click id past
its attribution window, 413 too large, 429 over a rate limit (with Retry-After); our own failures are a 500
with a generic message.

**Advertisers' systems** authenticate without a user: their servers sign events (POST /api/events) with
X-Signature, an HMAC-SHA256 of the raw body with their secret; their payment platforms send postbacks with a
token from the integration page (docs/tracking.md).`;

/** How each kind of caller is recognised, as OpenAPI security schemes. */
const securitySchemes = {
  idToken: {
    type: "apiKey",
    in: "header",
    name: "Authorization",
    description: "A Firebase ID token, raw (as SPEC.md's front-end sends it).",
  },
  bearerIdToken: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "The same ID token as Bearer." },
  eventSignature: {
    type: "apiKey",
    in: "header",
    name: "X-Signature",
    description:
      'The advertiser\'s HMAC-SHA256 of the raw body: `t=<unix seconds>,v1=<hex of HMAC(secret, "<t>.<raw body>")>`, within 300 s.',
  },
  postbackToken: {
    type: "apiKey",
    in: "query",
    name: "token",
    description: "One of the advertiser's postback tokens (the integration page shows them).",
  },
  postbackTokenHeader: {
    type: "apiKey",
    in: "header",
    name: "X-Postback-Token",
    description: "The same token, as a header.",
  },
} as const;

const securityOf: Record<Access, RouteConfig["security"]> = {
  anyone: [],
  "signed-in": [{ idToken: [] }, { bearerIdToken: [] }],
  staff: [{ idToken: [] }, { bearerIdToken: [] }],
  admin: [{ idToken: [] }, { bearerIdToken: [] }],
  "advertiser-signature": [{ eventSignature: [] }],
  "postback-token": [{ postbackToken: [] }, { postbackTokenHeader: [] }, { eventSignature: [] }],
};

/** The refusals a route makes because of who may call it. */
const accessRefusals: Record<Access, Partial<Record<RefusalStatus, string>>> = {
  anyone: {},
  "signed-in": {
    401: "No ID token, or one that is malformed, expired, revoked or of a disabled or deleted account.",
    429: "Too many requests from this account (Retry-After says when to try again).",
  },
  staff: {
    401: "No ID token, or one that is malformed, expired, revoked or of a disabled or deleted account.",
    403: "Only advertiser staff may do this.",
    429: "Too many requests from this account (Retry-After says when to try again).",
  },
  admin: {
    401: "No ID token, or one that is malformed, expired, revoked or of a disabled or deleted account.",
    403: "Only an admin may do this.",
    429: "Too many requests from this account (Retry-After says when to try again).",
  },
  "advertiser-signature": {
    401: "X-Signature missing, malformed, stale (over 300 s off) or not by the event's advertiser.",
    429: "Too many events from this advertiser (Retry-After says when to try again).",
  },
  "postback-token": {
    401: "No token, or not one of the advertiser's working tokens (or a bad X-Signature).",
    429: "Too many postbacks from this advertiser, or too many wrong tokens from this address.",
  },
};

function refusalsOf(route: RouteSpec): Partial<Record<RefusalStatus, string>> {
  const input: Partial<Record<RefusalStatus, string>> = {};
  if (route.body || route.query || route.params)
    input[400] = 'The request is not what this route takes: the first problem, as "field: problem".';
  if (route.body) input[413] = "The request body is too large.";
  // The route's own words win: they say more about this route than the generic ones.
  const all = { ...input, ...accessRefusals[route.access], ...route.refusals };
  return Object.fromEntries(Object.entries(all).sort(([a], [b]) => Number(a) - Number(b)));
}

function operationOf(key: string, route: RouteSpec): RouteConfig {
  const [method, path] = key.split(" ") as [string, string];
  const success = route.produces
    ? { [route.produces]: { schema: route.response } }
    : { "application/json": { schema: route.response } };
  const answered = {
    description: route.created ? "Done (200); see 201." : "Done.",
    ...(route.responseHeaders ? { headers: route.responseHeaders } : {}),
    content: success,
  };
  return {
    method: method.toLowerCase() as RouteConfig["method"],
    path,
    operationId: `${method.toLowerCase()}${path.replace(/^\/api/, "").replace(/[^A-Za-z0-9]+(.)?/g, (_, c?: string) => (c ?? "").toUpperCase())}`,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: [route.tag],
    security: securityOf[route.access],
    request: {
      ...(route.params ? { params: route.params } : {}),
      ...(route.query ? { query: route.query } : {}),
      ...(route.headers ? { headers: route.headers } : {}),
      ...(route.body
        ? {
            body: {
              required: true,
              content: Object.fromEntries(
                (route.bodyTypes ?? ["application/json"]).map((type) => [type, { schema: route.body! }]),
              ),
            },
          }
        : {}),
    },
    responses: {
      200: answered,
      ...(route.created ? { 201: { ...answered, description: route.created } } : {}),
      ...Object.fromEntries(
        Object.entries(refusalsOf(route)).map(([status, why]) => [
          status,
          { description: why, content: { "application/json": { schema: errorAnswer } } },
        ]),
      ),
    },
  };
}

let document: ReturnType<OpenApiGeneratorV31["generateDocument"]> | undefined;

/** The document (made once per instance: the contract does not change while it runs). */
export function openApiDocument() {
  if (!document) {
    const registry = new OpenAPIRegistry();
    for (const [name, scheme] of Object.entries(securitySchemes)) {
      registry.registerComponent("securitySchemes", name, scheme);
    }
    for (const [key, route] of Object.entries(apiRoutes)) registry.registerPath(operationOf(key, route));
    document = new OpenApiGeneratorV31(registry.definitions, { sortComponents: "alphabetically" }).generateDocument({
      openapi: "3.1.0",
      info: { title: "Affiliate programme API", version: "1.0.0", description },
      tags: [
        { name: "Accounts", description: "An affiliate's own account and links." },
        { name: "Payouts", description: "Payout details, payout requests and invoices." },
        { name: "Postbacks", description: "An affiliate's postbacks to their own tracker." },
        { name: "Advertiser", description: "The advertiser page (staff)." },
        { name: "Integration", description: "An advertiser's postback integration (staff)." },
        { name: "Programme", description: "Programme settings (staff read, admins change)." },
        { name: "Advertiser servers", description: "What advertisers' servers and payment platforms call." },
        { name: "System", description: "Health, this document, and a deployment's checks." },
      ],
    });
  }
  return document;
}
