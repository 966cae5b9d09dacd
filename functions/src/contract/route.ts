/**
 * What the contract says of one route: who may call it, what it takes (a JSON body, a query, path
 * parameters, headers) and what it answers. Routes are keyed "METHOD /api/path" (contract/index.ts), with
 * path parameters written as OpenAPI writes them: /api/postback/{advertiser}.
 */
import type { z } from "zod";

export type Method = "GET" | "POST";

/** How a caller is recognised (docs/api.md, "who"). */
export type Access =
  /** Nobody needs to be recognised. */
  | "anyone"
  /** A Firebase ID token in Authorization, raw or as Bearer; any signed-in user. */
  | "signed-in"
  /** An ID token of advertiser staff (the advertiser claim) or an admin. */
  | "staff"
  /** An ID token of an admin. */
  | "admin"
  /** An advertiser's server: X-Signature, an HMAC-SHA256 of the raw body with the advertiser's secret. */
  | "advertiser-signature"
  /** An advertiser's platform: one of its postback tokens, or on a POST the events API's X-Signature. */
  | "postback-token";

/** The refusals a route documents, by status; each is answered as `{ "error": "..." }`. */
export type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 429;

export interface RouteSpec {
  summary: string;
  description?: string;
  /** The area it belongs to: the OpenAPI tag. */
  tag:
    "System" | "Accounts" | "Payouts" | "Advertiser" | "Integration" | "Postbacks" | "Programme" | "Advertiser servers";
  access: Access;
  /** Path parameters, by name. */
  params?: z.ZodObject;
  /** The query string, each parameter as the string it travels as. */
  query?: z.ZodObject;
  /** The body of a POST: JSON, unless `bodyTypes` says otherwise. */
  body?: z.ZodType;
  bodyTypes?: readonly ("application/json" | "application/x-www-form-urlencoded")[];
  /** Request headers the route reads, beyond the ID token. */
  headers?: z.ZodObject;
  /** The answer: JSON of this schema, or with `produces` a file of that type. */
  response: z.ZodType;
  produces?: "application/pdf";
  /** Headers of the answer. */
  responseHeaders?: z.ZodObject;
  /** A success other than 200, with what it means (create_account: 201, the account was made). */
  created?: string;
  /**
   * The route's own refusals. Those of its access (401, 403 for staff and admin routes, 429 over a rate
   * limit) and of its input (400, 413) are the same everywhere, and the OpenAPI document adds them.
   */
  refusals: Partial<Record<RefusalStatus, string>>;
}

/** The refusal every staff route documents: a signed-in caller who is not staff. */
export const staffOnly = { 403: "Not advertiser staff." } as const;

/** "METHOD /api/path". */
export type RouteKey = `${Method} /api/${string}`;

/** A table of routes. */
export type Routes = Record<RouteKey, RouteSpec>;

/** What a call of the route sends: the JSON body of a POST, the query string of a GET. */
export type RequestOf<R> = R extends { body: z.ZodType }
  ? z.input<R["body"]>
  : R extends { query: z.ZodType }
    ? z.input<R["query"]>
    : undefined;

/** What the route answers, as its caller reads it. */
export type AnswerOf<R> = R extends { response: z.ZodType } ? z.output<R["response"]> : never;

/** What the route's handler sends (before JSON serialisation). */
export type SentBy<R> = R extends { response: z.ZodType } ? z.input<R["response"]> : never;
