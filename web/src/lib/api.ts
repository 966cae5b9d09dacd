/**
 * The product API client (SPEC.md §7): same-origin /api calls with the user's ID token sent raw in
 * Authorization, as the original front-end did. Refusals become ApiError with the server's message.
 */
import type { User } from "firebase/auth";

export class ApiError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = "ApiError";
    this.status = status;
  }
}

type Method = "GET" | "POST";

async function request(user: User, method: Method, path: string, body?: unknown): Promise<Response> {
  const token = await user.getIdToken();
  return fetch(path, {
    method,
    headers: { Authorization: token, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function failure(response: Response): Promise<ApiError> {
  let message = `The server answered ${response.status}.`;
  try {
    const answer = (await response.json()) as { error?: unknown };
    if (typeof answer.error === "string" && answer.error) message = answer.error;
  } catch {
    // Not JSON (a proxy's error page, say): keep the generic message.
  }
  return new ApiError(response.status, message);
}

/** A JSON call with the answer's headers (paging cursors come in headers); rejects with ApiError. */
export async function callApiWithHeaders<T>(
  user: User,
  method: Method,
  path: string,
  body?: unknown,
): Promise<{ data: T; headers: Headers }> {
  const response = await request(user, method, path, body);
  if (!response.ok) throw await failure(response);
  return { data: (await response.json()) as T, headers: response.headers };
}

/** A JSON call; resolves with the answer, rejects with ApiError. */
export async function callApi<T>(user: User, method: Method, path: string, body?: unknown): Promise<T> {
  return (await callApiWithHeaders<T>(user, method, path, body)).data;
}

/** SPEC.md §5: an invoice download must be a PDF. */
export const notPdfMessage = "Received content is not a PDF";

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/** A call answered with a PDF (request_payout, download_invoice); anything else is an error. */
export async function callApiForPdf(user: User, path: string, body: unknown): Promise<DownloadedFile> {
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
