/**
 * The product API client (SPEC.md §7): same-origin /api calls with the user's ID token sent raw in
 * Authorization, as the original front-end did. Refusals become ApiError with the server's message.
 *
 * Typed by the API's contract (functions/src/contract, `import type` only: no schema reaches the browser):
 * `callApi(user, "POST", "/api/record_payout", body)` takes that route's body and resolves with its answer;
 * a GET takes its query string as an object instead. tests/api/contract.test.ts holds the server's real
 * answers to the same schemas.
 */
import type { User } from "firebase/auth";
import type { ApiRoutes, Method } from "@contract/index";
import type { AnswerOf, RequestOf } from "@contract/route";

export class ApiError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = "ApiError";
    this.status = status;
  }
}

type RouteKey = keyof ApiRoutes;
/** The routes answered with a file (request_payout, download_invoice); the others answer JSON. */
type FileRouteKey = { [K in RouteKey]: ApiRoutes[K] extends { produces: string } ? K : never }[RouteKey];
type PathIn<M extends Method, K extends RouteKey> = K extends `${M} ${infer P}` ? P : never;

/** The paths called with `method` that answer JSON. */
export type JsonPath<M extends Method> = PathIn<M, Exclude<RouteKey, FileRouteKey>>;
/** The paths that answer a file (always POSTed). */
export type FilePath = PathIn<"POST", FileRouteKey>;

type Route<M extends Method, P extends string> = ApiRoutes[`${M} ${P}` & RouteKey];

/** What a call of the route at `method` `path` sends: the JSON body of a POST, or the query of a GET. */
export type ApiInput<M extends Method, P extends string> = RequestOf<Route<M, P>>;
/** What the route at `method` `path` answers. */
export type ApiAnswer<M extends Method, P extends string> = AnswerOf<Route<M, P>>;

/** The arguments after the path: none for a route that takes nothing; optional when all of it is. */
type InputArgs<I> = [I] extends [undefined] ? [] : Record<never, never> extends I ? [input?: I] : [input: I];

async function request(user: User, method: Method, path: string, input?: unknown): Promise<Response> {
  const token = await user.getIdToken();
  // A GET sends its input as the query string (the JSON round trip drops parameters left undefined), a POST
  // as its JSON body.
  const query = method === "GET" ? String(new URLSearchParams(JSON.parse(JSON.stringify(input ?? {})))) : "";
  const body = method === "POST" ? input : undefined;
  return fetch(query ? `${path}?${query}` : path, {
    method,
    headers: { Authorization: token, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function failure(response: Response): Promise<ApiError> {
  let message = `The server answered ${response.status}.`;
  try {
    const answer: { error?: unknown } | null = await response.json();
    if (typeof answer?.error === "string" && answer.error) message = answer.error;
  } catch {
    // Not JSON (a proxy's error page, say): keep the generic message.
  }
  return new ApiError(response.status, message);
}

async function jsonCall(user: User, method: Method, path: string, input: unknown) {
  const response = await request(user, method, path, input);
  if (!response.ok) throw await failure(response);
  const data: unknown = await response.json();
  return { data, headers: response.headers };
}

// The answers below are the route's as the contract declares it: the API tests hold the server's real
// answers to the same schemas.

/** A JSON call with the answer's headers (paging cursors come in headers); rejects with ApiError. */
export async function callApiWithHeaders<M extends Method, P extends JsonPath<M>>(
  user: User,
  method: M,
  path: P,
  ...input: InputArgs<ApiInput<M, P>>
): Promise<{ data: ApiAnswer<M, P>; headers: Headers }>;
export async function callApiWithHeaders(user: User, method: Method, path: string, input?: unknown) {
  return jsonCall(user, method, path, input);
}

/** A JSON call; resolves with the route's answer, rejects with ApiError. */
export async function callApi<M extends Method, P extends JsonPath<M>>(
  user: User,
  method: M,
  path: P,
  ...input: InputArgs<ApiInput<M, P>>
): Promise<ApiAnswer<M, P>>;
export async function callApi(user: User, method: Method, path: string, input?: unknown) {
  return (await jsonCall(user, method, path, input)).data;
}

/** SPEC.md §5: an invoice download must be a PDF. */
export const notPdfMessage = "Received content is not a PDF";

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/** A call answered with a PDF (request_payout, download_invoice); anything else is an error. */
export async function callApiForPdf<P extends FilePath>(
  user: User,
  path: P,
  body: ApiInput<"POST", P>,
): Promise<DownloadedFile> {
  const response = await request(user, "POST", path, body);
  if (!response.ok) throw await failure(response);
  const blob = await response.blob();
  const header = new Uint8Array(await blob.slice(0, 5).arrayBuffer());
  const isPdf =
    response.headers.get("Content-Type")?.startsWith("application/pdf") && String.fromCharCode(...header) === "%PDF-";
  if (!isPdf) throw new ApiError(response.status, notPdfMessage);
  const fileName = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1] ?? "invoice.pdf";
  return { blob, fileName };
}

/** Saves a downloaded file through the browser. */
export function saveFile({ blob, fileName }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
