/**
 * Body limits by the bytes received: chunked bodies (Transfer-Encoding: chunked, no Content-Length) sent
 * to the function's own URL, as anyone who knows it can. (The Hosting emulator's proxy cannot forward a
 * streamed body: it answers 500 itself, so these go to the function directly.)
 *
 * The emulator's functions hub reads a whole body before the function's process sees the request, and
 * the runtime's parsers read it again before our code: here a refused body is always received in full
 * (the last test shows it). That limitBody stops reading at the limit when it gets the body unread is
 * shown on a plain Node server in functions/src/http/raw-body.test.ts; docs/hardening.md has the rest.
 */
import { describe, expect, test } from "vitest";
import { demoProjectId, emulatorUrl } from "../../scripts/lib/project.ts";
import { refs } from "../support/backend.ts";
import { payoutForm } from "../support/payout-details.ts";
import { createAffiliateUser, type TestUser } from "../support/users.ts";

const functionUrl = `${emulatorUrl("functions")}/${demoProjectId}/us-central1/api`;
const twentyMegabytes = 20 * 1024 * 1024;
const apiLimit = "The request body must be at most 65536 bytes.";

interface ChunkedAnswer {
  status: number;
  json: { error?: string };
  /** Bytes of the body the sender had handed over when the answer came. */
  sentWhenAnswered: number;
}

/**
 * POSTs `body` and then `padding` bytes of "x" to the function's own URL as a stream, which fetch sends
 * chunked. The padding goes inside the JSON string that `body` ends with, so the whole is valid JSON.
 */
async function postChunked(
  path: string,
  options: { user?: TestUser; contentType?: string; body: string; padding: number },
): Promise<ChunkedAnswer> {
  const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
  const [head, tail] = [options.body.slice(0, -2), options.body.slice(-2)];
  let sent = 0;
  let padded = 0;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(head));
    },
    pull(controller) {
      if (padded >= options.padding) {
        controller.enqueue(new TextEncoder().encode(tail));
        controller.close();
        return;
      }
      const part = chunk.subarray(0, Math.min(chunk.length, options.padding - padded));
      padded += part.length;
      sent += part.length;
      controller.enqueue(part);
    },
  });
  const headers: Record<string, string> = {};
  if (options.user) headers.Authorization = options.user.token;
  if (options.contentType) headers["Content-Type"] = options.contentType;
  // A stream body needs duplex (Node's fetch has it; the DOM types do not yet).
  const init: RequestInit & { duplex: "half" } = { method: "POST", headers, body: stream, duplex: "half" };
  const response = await fetch(`${functionUrl}${path}`, init);
  const sentWhenAnswered = sent;
  return { status: response.status, json: (await response.json()) as { error?: string }, sentWhenAnswered };
}

/** The details form with an empty name last, for postChunked to pad. */
const { name: _, ...otherDetails } = payoutForm();
const detailsToPad = JSON.stringify({ ...otherDetails, name: "" });

async function detailsOf(user: TestUser) {
  return (await refs.affiliate(user.uid).get()).data();
}

describe("a chunked body over the limit is refused with 413 and { error }", () => {
  test("as JSON to a signed-in endpoint: refused, nothing written", async () => {
    const user = await createAffiliateUser();
    const before = await detailsOf(user);
    const answer = await postChunked("/api/update_paypal_account", {
      user,
      contentType: "application/json",
      body: detailsToPad,
      padding: twentyMegabytes,
    });
    expect(answer).toMatchObject({ status: 413, json: { error: apiLimit } });
    expect(await detailsOf(user)).toEqual(before);
  });

  test("before anything else is done with the request: no token needed to be refused", async () => {
    const answer = await postChunked("/api/get_user_data_admin", {
      contentType: "application/json",
      body: '{"uid":""}',
      padding: 100 * 1024,
    });
    expect(answer).toMatchObject({ status: 413, json: { error: apiLimit } });
  });

  test("without a Content-Type (a body the runtime leaves unread)", async () => {
    const user = await createAffiliateUser();
    const answer = await postChunked("/api/add_custom_link", { user, body: '{"uid":""}', padding: 100 * 1024 });
    expect(answer).toMatchObject({ status: 413, json: { error: apiLimit } });
  });

  test("to the events endpoint, at its own limit", async () => {
    const answer = await postChunked("/api/events", {
      contentType: "application/json",
      body: '{"id":""}',
      padding: twentyMegabytes,
    });
    expect(answer).toMatchObject({ status: 413, json: { error: "The request body must be at most 16384 bytes." } });
  });
});

test("a chunked body within the limit is read and answered as usual", async () => {
  const user = await createAffiliateUser();
  const answer = await postChunked("/api/update_paypal_account", {
    user,
    contentType: "application/json",
    body: detailsToPad,
    padding: 50,
  });
  expect(answer.status).toBe(200);
  expect((await detailsOf(user))?.name).toBe("x".repeat(50));
});

test("the emulator reads a whole chunked body before the function runs (what docs/hardening.md states)", async () => {
  const answer = await postChunked("/api/events", { body: '{"id":""}', padding: twentyMegabytes });
  expect(answer.status).toBe(413);
  expect(answer.sentWhenAnswered).toBe(twentyMegabytes);
});
