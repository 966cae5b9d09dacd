/**
 * Hostile input, generated (fast-check): random and malformed JSON to every endpoint, random tokens and
 * headers, random paths. Never a 5xx, and a refused request never writes anything.
 */
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { beforeAll, describe, expect, test } from "vitest";
import { sendEvent } from "../../scripts/lib/events-client.ts";
import { siteUrl } from "../../scripts/lib/project.ts";
import { openLink, refs } from "../support/backend.ts";
import { api, createAffiliateUser, type TestUser } from "../support/users.ts";

/** Runs per property: bounded, so the layer stays within its time. */
const runs = 60;

const postEndpoints = [
  "/api/create_account",
  "/api/get_user_data_admin",
  "/api/add_custom_link",
  "/api/delete_custom_link",
  "/api/update_paypal_account",
  "/api/request_payout",
  "/api/download_invoice",
  "/api/record_payout",
];

/** Bodies that look like what the endpoints take, with every field possibly spoiled. */
const plausible = (uid: string) =>
  fc.record(
    {
      uid: fc.oneof(fc.constant(uid), fc.string(), fc.integer(), fc.constant(null)),
      suffix: fc.oneof(fc.string({ maxLength: 80 }), fc.constant("<script>"), fc.integer()),
      link: fc.string({ maxLength: 80 }),
      currentAdvertiser: fc.oneof(fc.constantFrom("promptchan", "cutechat", "nope", ""), fc.integer()),
      name: fc.oneof(fc.string({ unit: "binary", maxLength: 150 }), fc.constant("\u202e\u0000")),
      payoutType: fc.oneof(fc.constantFrom("Wise", "Crypto (TRON)", "Wire Transfer"), fc.string()),
      invoice_number: fc.oneof(fc.constant("INV-2026-000001"), fc.string()),
      user_id: fc.oneof(fc.constant(uid), fc.string()),
      payout_amount: fc.oneof(fc.double(), fc.string(), fc.constant("1e3"), fc.constant(-1)),
      price: fc.oneof(fc.string(), fc.double()),
    },
    { requiredKeys: [] },
  );

let canaries: Record<string, TestUser>;

async function footprint(uid: string) {
  const [affiliate, transactions, payouts] = await Promise.all([
    refs.affiliate(uid).get(),
    refs.transactions(uid).get(),
    refs.payouts().where("uid", "==", uid).get(),
  ]);
  return { affiliate: affiliate.data(), transactions: transactions.size, payouts: payouts.size };
}

beforeAll(async () => {
  // One canary per endpoint keeps each under its per-caller rate limit.
  const users = await Promise.all([...postEndpoints, "headers", "events"].map(() => createAffiliateUser()));
  canaries = Object.fromEntries([...postEndpoints, "headers", "events"].map((name, i) => [name, users[i]!]));
});

describe.each(postEndpoints)("POST %s with generated bodies", (endpoint) => {
  test("never a 5xx; a refused body changes nothing", async () => {
    const user = canaries[endpoint]!;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.jsonValue(), plausible(user.uid)), async (body) => {
        const before = await footprint(user.uid);
        const answer = await api(user, "POST", endpoint, body);
        expect(answer.status).toBeLessThan(500);
        if (answer.status >= 400) {
          refused += 1;
          expect(await footprint(user.uid)).toEqual(before);
        }
      }),
      { numRuns: runs, seed: 1121 },
    );
    expect(refused).toBeGreaterThan(0);
  }, 120_000);

  test("malformed JSON is a 4xx", async () => {
    const user = canaries[endpoint]!;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          // Text that is not JSON ("" is no body at all, which create_account takes).
          fc.string({ minLength: 1 }).filter((text) => {
            try {
              JSON.parse(text);
              return false;
            } catch {
              return true;
            }
          }),
          fc.constant('{"a":'),
          fc.constant("[1,2"),
          fc.constant("\u0000"),
        ),
        async (raw) => {
          const answer = await api(user, "POST", endpoint, raw);
          expect(answer.status).toBeGreaterThanOrEqual(400);
          expect(answer.status).toBeLessThan(500);
        },
      ),
      { numRuns: 20, seed: 21 },
    );
  }, 60_000);
});

describe("tokens, headers and paths", () => {
  test("any Authorization header that is not a live token is a 401, never a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ maxLength: 200 }),
          fc.base64String({ maxLength: 300 }),
          fc.tuple(fc.base64String(), fc.base64String(), fc.base64String()).map((parts) => parts.join(".")),
          fc.string().map((text) => `Bearer ${text}`),
        ),
        async (header) => {
          const answer = await api(null, "GET", "/api/get_user_data", undefined, {
            headers: { Authorization: header.replace(/[\r\n]/g, "") },
          });
          expect(answer.status).toBe(401);
        },
      ),
      { numRuns: runs, seed: 7 },
    );
  }, 60_000);

  test("random paths under /api are a 4xx", async () => {
    const user = canaries.headers!;
    await fc.assert(
      fc.asyncProperty(fc.webPath(), fc.constantFrom("GET", "POST" as const), async (path, method) => {
        const answer = await api(user, method as "GET" | "POST", `/api/${path.replace(/^\//, "")}`);
        expect(answer.status).toBeGreaterThanOrEqual(400);
        expect(answer.status).toBeLessThan(500);
      }),
      { numRuns: runs, seed: 9 },
    );
  }, 60_000);

  test("oversized bodies are refused before they are read", async () => {
    const user = canaries.headers!;
    const big = { name: "x".repeat(70 * 1024) };
    const answer = await api(user, "POST", "/api/update_paypal_account", big);
    expect(answer).toMatchObject({ status: 413, json: { error: "The request body must be at most 65536 bytes." } });
  });

  test("any path under /m/ redirects to an advertiser's own site or nowhere", async () => {
    await fc.assert(
      fc.asyncProperty(fc.webPath(), fc.webQueryParameters(), async (path, query) => {
        const answer = await openLink(`/m${path.startsWith("/") ? path : `/${path}`}${query ? `?${query}` : ""}`, {
          ip: `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
        });
        expect(answer.status).toBeLessThan(500);
        if (answer.location) {
          const origin = new URL(answer.location, siteUrl).origin;
          expect(["https://promptchan.ai", "https://cutechat.ai", "https://creategirls.ai", siteUrl]).toContain(origin);
        }
      }),
      { numRuns: runs, seed: 11 },
    );
  }, 60_000);
});

test("signed events with generated bodies: never a 5xx, and a refused one records nothing", async () => {
  const user = canaries.events!;
  const base = { advertiser_id: "promptchan", type: "sale", uid: user.uid, amount: "10.00" };
  await fc.assert(
    fc.asyncProperty(
      fc.record(
        {
          advertiser_id: fc.oneof(fc.constantFrom("promptchan", "cutechat", "x"), fc.integer()),
          type: fc.oneof(fc.constantFrom("click", "sign_up", "sale", "refund", "chargeback"), fc.string()),
          uid: fc.oneof(fc.constant(user.uid), fc.string()),
          tracker: fc.oneof(fc.constantFrom("/a", "", "A", "//x"), fc.string()),
          amount: fc.oneof(fc.double(), fc.string(), fc.constantFrom("1.005", "-3", "1e9")),
          repeat_index: fc.oneof(fc.integer(), fc.double()),
          refers_to: fc.string(),
          occurred_at: fc.oneof(
            fc.date().map((date) => (Number.isNaN(date.getTime()) ? "x" : date.toISOString())),
            fc.string(),
          ),
          extra: fc.jsonValue(),
        },
        { requiredKeys: [] },
      ),
      async (spoiled) => {
        const id = `fuzz-${randomUUID()}`;
        const body = { id, ...base, occurred_at: new Date(Date.now() - 60_000).toISOString(), ...spoiled };
        const before = await footprint(user.uid);
        const answer = await sendEvent(body as never, { signAs: "promptchan" });
        expect(answer.status).toBeLessThan(500);
        if (answer.status >= 400) {
          expect((await refs.events().doc(`promptchan_${id}`).get()).exists).toBe(false);
          expect(await footprint(user.uid)).toEqual(before);
        }
      },
    ),
    { numRuns: runs * 2, seed: 3 },
  );
}, 120_000);
