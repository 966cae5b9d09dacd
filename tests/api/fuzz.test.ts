/**
 * Hostile input, generated (fast-check): random and malformed JSON to every endpoint (as an affiliate, and
 * to the staff and admin endpoints as staff and as the admin), any Content-Type, generated query strings
 * for the staff pages, random tokens and headers, random paths. Never a 5xx, and a refused request never
 * writes anything.
 */
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { beforeAll, describe, expect, test } from "vitest";
import { formatDollarsFixed } from "../../functions/src/domain/money.ts";
import { postbackUrl, type Conversion } from "../../functions/src/domain/outbound-postbacks.ts";
import { subIdNames, type SubIds } from "../../functions/src/domain/sub-ids.ts";
import { sendEvent } from "../../scripts/lib/events-client.ts";
import { siteUrl } from "../../scripts/lib/project.ts";
import { affiliateView, openLink, refs, sendMaturedSale } from "../support/backend.ts";
import { payoutForm } from "../support/payout-details.ts";
import { savePostback } from "../support/postbacks.ts";
import { api, createAffiliateUser, createUser, type TestUser } from "../support/users.ts";

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
      payoutType: fc.oneof(
        fc.constantFrom("Wise", "Crypto (TRON)", "Wire Transfer", "Bank Transfer (IBAN)"),
        fc.string(),
      ),
      invoice_number: fc.oneof(fc.constant("INV-2026-000001"), fc.string()),
      user_id: fc.oneof(fc.constant(uid), fc.string()),
      payout_amount: fc.oneof(fc.double(), fc.string(), fc.constant("1e3"), fc.constant(-1)),
      price: fc.oneof(fc.string(), fc.double()),
    },
    { requiredKeys: [] },
  );

let canaries: Record<string, TestUser>;

/** Everything a request could write for this user: the account, the ledger, the payouts (with their status). */
async function footprint(uid: string) {
  const [affiliate, transactions, payouts] = await Promise.all([
    refs.affiliate(uid).get(),
    refs.transactions(uid).get(),
    refs.payouts().where("uid", "==", uid).get(),
  ]);
  return {
    affiliate: affiliate.data(),
    transactions: transactions.size,
    payouts: Object.fromEntries(payouts.docs.map((payout) => [payout.id, payout.data()])),
  };
}

const form = payoutForm({ name: "Fuzz Victim" });

/** The affiliate the staff and the admin act on: a payout pending (so one can be recorded), and its invoice. */
let victim: { user: TestUser; invoice: string; pendingDollars: string };

/** The staff and admin endpoints and the others whose answer depends on the caller's role. */
const roleEndpoints = [
  "/api/get_user_data_admin",
  "/api/record_payout",
  "/api/download_invoice",
  "/api/add_custom_link",
  "/api/delete_custom_link",
] as const;
const staffRoles = { staff: { advertiser: true }, admin: { admin: true } } as const;
type StaffRole = keyof typeof staffRoles;
/** A caller per role and endpoint (and for the query strings), each under its own rate limit. */
const staffCallers = {} as Record<StaffRole, Record<string, TestUser>>;

beforeAll(async () => {
  // One canary per endpoint keeps each under its per-caller rate limit.
  const names = [...postEndpoints, "headers", "events", "content-types"];
  const users = await Promise.all(names.map(() => createAffiliateUser()));
  canaries = Object.fromEntries(names.map((name, i) => [name, users[i]!]));

  const callerNames = [...roleEndpoints, "/api/summary", "/api/payout_history"];
  for (const [role, claims] of Object.entries(staffRoles) as [StaffRole, Record<string, boolean>][]) {
    const callers = await Promise.all(callerNames.map(() => createUser({ claims })));
    staffCallers[role] = Object.fromEntries(callerNames.map((name, i) => [name, callers[i]!]));
  }

  const user = await createAffiliateUser();
  await sendMaturedSale(user.uid, 400);
  expect((await api(user, "POST", "/api/request_payout", form)).status).toBe(200);
  const invoice = (await refs.affiliate(user.uid).get()).data()!.pending_payout_id!;
  const payout = (await refs.payouts().doc(invoice).get()).data()!;
  victim = { user, invoice, pendingDollars: formatDollarsFixed(payout.amount_cents) };
  // Some forty accounts: a while when the other files keep the emulators busy.
}, 120_000);

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

/** Mostly `usual`, now and then something from `arbitrary`. */
const rarely = <T>(arbitrary: fc.Arbitrary<T>, usual: T) =>
  fc.oneof({ weight: 4, arbitrary: fc.constant(usual) }, { weight: 1, arbitrary });

/**
 * A body of exactly the endpoint's fields, each possibly spoiled, now and then one left out or an unknown
 * one added: a body has to get past the strict schema's shape for its fields' checks to be reached.
 */
function shaped(fields: Record<string, fc.Arbitrary<unknown>>) {
  const names = Object.keys(fields);
  return fc
    .tuple(
      fc.record(fields),
      rarely(fc.constantFrom(...names), null),
      rarely(fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 }), {}),
    )
    .map(([body, dropped, extra]) => {
      const out: Record<string, unknown> = { ...body, ...extra };
      if (dropped !== null) delete out[dropped];
      return out;
    });
}

const spoiledUid = (uid: string) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constant(uid) },
    fc.constantFrom("", "no-such-user", "../x", "a/b", "x".repeat(129), ` ${uid}`, null),
    fc.string({ maxLength: 140 }),
    fc.integer(),
    fc.constant([uid]),
  );
const spoiledAdvertiser = fc.oneof(
  fc.constantFrom("promptchan", "cutechat", "creategirls", "", null, "PROMPTCHAN", "nope"),
  fc.integer(),
);
const spoiledTracker = fc.oneof(
  fc.constantFrom("/tw", "tw", "/nosuch", "", "<b>", "a\u0000b", "\u202e", "x".repeat(65)),
  fc.string({ maxLength: 70 }),
  fc.integer(),
);

/** Bodies for the endpoints whose answer depends on the role, aimed at the victim's account. */
function roleBody(endpoint: (typeof roleEndpoints)[number]): fc.Arbitrary<Record<string, unknown>> {
  const uid = spoiledUid(victim.user.uid);
  switch (endpoint) {
    case "/api/get_user_data_admin":
      return shaped({ uid });
    case "/api/record_payout":
      return shaped({
        user_id: uid,
        payout_amount: fc.oneof(
          fc.constantFrom(victim.pendingDollars, Number(victim.pendingDollars), "0", "-1", "1e3", "$5", " 5", "NaN"),
          fc.constantFrom(`${victim.pendingDollars}1`, "Infinity", "0.001", "", null, true, "9".repeat(40)),
          fc.double(),
          fc.integer(),
          fc.string({ maxLength: 40 }),
        ),
      });
    case "/api/download_invoice":
      return shaped({
        invoice_number: fc.oneof(
          fc.constant(victim.invoice),
          fc.constantFrom("INV-2026-000001", "INV-0000-000000", "inv-2026-000001", "", `${victim.invoice}/x`),
          fc.string({ maxLength: 30 }),
          fc.integer(),
        ),
        price: fc.oneof(fc.string({ maxLength: 40 }), fc.double()),
      });
    case "/api/add_custom_link":
      return shaped({ uid, suffix: spoiledTracker, currentAdvertiser: spoiledAdvertiser });
    case "/api/delete_custom_link":
      return shaped({ uid, link: spoiledTracker, currentAdvertiser: spoiledAdvertiser });
  }
}

/** Cases per role and endpoint (10 pairs), per page's query strings, and with generated Content-Types. */
const [roleRuns, queryRuns, contentTypeRuns] = [50, 50, 150];

describe.each(Object.keys(staffRoles) as StaffRole[])("as %s, generated bodies for", (role) => {
  test.each(roleEndpoints)(
    "POST %s: never a 5xx; a refused body changes nothing",
    async (endpoint) => {
      const caller = staffCallers[role][endpoint]!;
      let refused = 0;
      await fc.assert(
        fc.asyncProperty(roleBody(endpoint), async (body) => {
          const before = await Promise.all([footprint(victim.user.uid), footprint(caller.uid)]);
          const answer = await api(caller, "POST", endpoint, body);
          expect(answer.status).toBeLessThan(500);
          // Staff get no further than the admin check, whatever the body.
          if (role === "staff" && endpoint === "/api/get_user_data_admin") expect(answer.status).toBe(403);
          if (answer.status >= 400) {
            refused += 1;
            expect(typeof answer.json.error).toBe("string");
            expect(await Promise.all([footprint(victim.user.uid), footprint(caller.uid)])).toEqual(before);
          }
        }),
        { numRuns: roleRuns, seed: 4242 },
      );
      expect(refused).toBeGreaterThan(0);
    },
    60_000,
  );
});

/** Query strings: the pages' own parameters with spoiled values, unknown and repeated ones, broken escapes. */
function queryStrings(params: string[], likely: fc.Arbitrary<string>) {
  const value = fc.oneof(
    fc.constantFrom("1", "2", "500", "501", "20000", "20001", "0", "-1", "1.5", "1e3", " 5", "0x10", "", "01"),
    likely,
    fc.string({ maxLength: 40 }),
  );
  const key = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...params) },
    fc.constantFrom("limit[]", "after[a]", "__proto__", "constructor", "LIMIT", ""),
    fc.string({ maxLength: 10 }),
  );
  const raw = fc.constantFrom("", "&", "%", "%zz", "limit", "limit=1&limit=2", "after=%E0%A4%A", "=1", "&&;");
  return fc
    .tuple(fc.array(fc.tuple(key, value), { maxLength: 4 }), rarely(raw, ""))
    .map(([pairs, tail]) => [new URLSearchParams(pairs).toString(), tail].filter(Boolean).join("&"));
}

describe("GET pages with generated query strings: a page or a 400, never a 5xx, and nothing written", () => {
  const victimUnchanged = async <T>(request: () => Promise<T>) => {
    const before = await footprint(victim.user.uid);
    const answer = await request();
    expect(await footprint(victim.user.uid)).toEqual(before);
    return answer;
  };
  const limitOf = (query: string) => {
    const limits = new URLSearchParams(query).getAll("limit");
    return limits.length === 1 && /^[1-9]\d*$/.test(limits[0]!) ? Number(limits[0]) : undefined;
  };

  test("/api/summary", async () => {
    const caller = staffCallers.staff["/api/summary"]!;
    const first = await api(caller, "GET", "/api/summary?limit=1");
    const cursors = fc.oneof(
      fc.constantFrom(first.headers.get("x-next-cursor") ?? "1.0.x", "0.0.a", "1.100.uid", "2.0.a", "0.01.a", "0.0."),
      fc
        .tuple(fc.constantFrom("0", "1"), fc.nat(), fc.stringMatching(/^[A-Za-z0-9_-]{1,20}$/))
        .map((parts) => parts.join(".")),
    );
    let pages = 0;
    await fc.assert(
      fc.asyncProperty(queryStrings(["limit", "after"], cursors), async (query) => {
        const answer = await victimUnchanged(() => api(caller, "GET", `/api/summary?${query}`));
        expect([200, 400]).toContain(answer.status);
        if (answer.status === 400) {
          expect(typeof answer.json.error).toBe("string");
          return;
        }
        pages += 1;
        const rows = JSON.parse(new TextDecoder().decode(answer.bytes)) as unknown[];
        expect(Array.isArray(rows)).toBe(true);
        expect(rows.length).toBeLessThanOrEqual(limitOf(query) ?? Infinity);
      }),
      { numRuns: queryRuns, seed: 77 },
    );
    expect(pages).toBeGreaterThan(0);
  }, 60_000);

  test("/api/payout_history", async () => {
    const caller = staffCallers.admin["/api/payout_history"]!;
    const first = await api(caller, "GET", "/api/payout_history?limit=1");
    const cursorsAndUids = fc.oneof(
      fc.constantFrom(String(first.json.next ?? "1.INV-2026-000001"), `${Date.now()}.INV-2026-000001`, "1.INV-1-1"),
      fc.constantFrom(victim.user.uid, "no-such-user", "a/b"),
      fc.tuple(fc.nat(), fc.integer({ min: 2000, max: 2100 }), fc.nat()).map(([ms, year, n]) => {
        return `${ms}.INV-${year}-${String(n).padStart(6, "0")}`;
      }),
    );
    let pages = 0;
    await fc.assert(
      fc.asyncProperty(queryStrings(["limit", "after", "user_id"], cursorsAndUids), async (query) => {
        const answer = await victimUnchanged(() => api(caller, "GET", `/api/payout_history?${query}`));
        expect([200, 400]).toContain(answer.status);
        if (answer.status === 400) {
          expect(typeof answer.json.error).toBe("string");
          return;
        }
        pages += 1;
        const page = answer.json as { payouts: { user_id: string }[]; next: string | null };
        expect(page.payouts.length).toBeLessThanOrEqual(limitOf(query) ?? 50);
        const [only, ...more] = new URLSearchParams(query).getAll("user_id");
        if (only !== undefined && more.length === 0)
          for (const payout of page.payouts) expect(payout.user_id).toBe(only);
        expect(page.next === null || typeof page.next === "string").toBe(true);
      }),
      { numRuns: queryRuns, seed: 78 },
    );
    expect(pages).toBeGreaterThan(0);
  }, 60_000);
});

/** Media types whose bodies the Functions runtime turns into fields: JSON and HTML form encoding. */
const fieldTypes = ["application/json", "application/x-www-form-urlencoded"];

test("POSTs with any Content-Type: never a 5xx, a refused one changes nothing, only JSON or a form is read", async () => {
  const user = canaries["content-types"]!;
  // Bodies each endpoint would take from this affiliate (as JSON or as a form), or refuse for their content.
  const bodies: Record<string, Record<string, string>> = {
    "/api/create_account": {},
    "/api/get_user_data_admin": { uid: user.uid },
    "/api/add_custom_link": { uid: user.uid, suffix: "ct", currentAdvertiser: "cutechat" },
    "/api/delete_custom_link": { uid: user.uid, link: "/ct", currentAdvertiser: "cutechat" },
    "/api/update_paypal_account": form,
    "/api/request_payout": form,
    "/api/download_invoice": { invoice_number: victim.invoice },
    "/api/record_payout": { user_id: user.uid, payout_amount: "1" },
  };
  const contentType = fc.oneof(
    {
      weight: 6,
      arbitrary: fc.constantFrom(
        "application/json",
        "application/json; charset=utf-8",
        "Application/JSON",
        "application/json; charset=utf-16",
        "application/json; charset=latin1",
        "application/json, text/plain",
        "application/vnd.api+json",
        "application/x-www-form-urlencoded",
        "text/plain",
        "text/plain; charset=utf-8",
        "text/html",
        "multipart/form-data; boundary=x",
        "application/octet-stream",
        "application/xml",
        "*/*",
        "",
        "json",
      ),
    },
    fc.string({ unit: "grapheme-ascii", maxLength: 40 }),
    fc.constant(null),
  );
  const encoding = fc.constantFrom("json", "form", "text");
  // Requests answered 2xx, and of them those whose body was read as fields (not create_account's none).
  let [accepted, readAsFields] = [0, 0];
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...postEndpoints),
      contentType,
      encoding,
      fc.string({ maxLength: 60 }),
      async (endpoint, type, encoded, text) => {
        const fields = bodies[endpoint]!;
        const body =
          encoded === "json"
            ? JSON.stringify(fields)
            : encoded === "form"
              ? new URLSearchParams(fields).toString()
              : text;
        const before = await footprint(user.uid);
        // Bytes, so fetch adds no Content-Type of its own (none at all when `type` is null).
        const response = await fetch(`${siteUrl}${endpoint}`, {
          method: "POST",
          headers: { Authorization: user.token, ...(type === null ? {} : { "Content-Type": type }) },
          body: new TextEncoder().encode(body),
        });
        await response.arrayBuffer();
        expect(response.status).toBeLessThan(500);
        if (response.status >= 400) {
          expect(await footprint(user.uid)).toEqual(before);
          return;
        }
        accepted += 1;
        // create_account takes no body: it may be read as none.
        if (endpoint === "/api/create_account") return;
        // Any other media type arrives as text or bytes (or not at all), which no endpoint takes as its fields.
        expect(fieldTypes).toContain((type ?? "").split(";")[0]!.trim().toLowerCase());
        readAsFields += 1;
      },
    ),
    { numRuns: contentTypeRuns, seed: 5 },
  );
  expect(accepted).toBeGreaterThan(readAsFields);
  expect(readAsFields).toBeGreaterThan(0);
}, 60_000);

describe("the review's attacks, generated (issue 30)", () => {
  /** Two conversions whose visitor-chosen values (sub-ids, click id) differ in every way a host could. */
  const fillings = (["evil.example", "other.test"] as const).map((value): Conversion => ({
    uid: "u",
    advertiser: "promptchan",
    tracker: "default",
    event: "sale",
    transactionId: "t",
    payoutCents: 100,
    clickId: value,
    subIds: Object.fromEntries(subIdNames.map((name) => [name, value])) as SubIds,
  }));
  const hostOf = (url: string) => {
    try {
      return new URL(url).host;
    } catch {
      return null;
    }
  };

  test("a postback template with macros anywhere is saved only when no visitor's values can move its host", async () => {
    const user = await createAffiliateUser();
    const macro = fc.constantFrom(...subIdNames.map((name) => `{${name}}`), "{click_id}", "{event}");
    const part = fc.oneof(macro, fc.constantFrom("tracker", "example", "com", "cb", "x-1"));
    const template = fc
      .tuple(
        fc.constantFrom("http:", "https:", "HTTP:", "hTtPs:"),
        fc.constantFrom("", "/", "//", "\\", "/\\", "\\\\", "///"),
        fc.array(part, { minLength: 1, maxLength: 4 }).map((parts) => parts.join(".")),
        fc.constantFrom("", "@tracker.example", ":{sub2}", ":80", "."),
        fc.constantFrom("", "/cb", "/{sub3}?c={click_id}", "?t={transaction_id}", "#{sub4}"),
      )
      .map((pieces) => pieces.join(""));
    await fc.assert(
      fc.asyncProperty(template, async (url) => {
        const saved = await savePostback(user, url);
        expect(saved.status).toBeLessThan(500);
        if (saved.status !== 200) return;
        const [first, second] = fillings.map((conversion) => hostOf(postbackUrl(url, conversion)));
        expect(first).not.toBeNull();
        expect(first).toBe(second);
        const { id } = (saved.json.postbacks as { id: string }[])[0]!;
        expect((await api(user, "POST", "/api/delete_postback", { id })).status).toBe(200);
      }),
      { numRuns: runs, seed: 30 },
    );
  }, 120_000);

  test("an IPv6 address carrying a private IPv4 address is refused as a postback's host, in every form", async () => {
    const user = await createAffiliateUser();
    const octet = fc.nat(255);
    const privateV4 = fc.oneof(
      fc.tuple(fc.constant(127), octet, octet, octet),
      fc.tuple(fc.constant(10), octet, octet, octet),
      fc.tuple(fc.constant(169), fc.constant(254), octet, octet),
      fc.tuple(fc.constant(192), fc.constant(168), octet, octet),
      fc.tuple(fc.constant(172), fc.integer({ min: 16, max: 31 }), octet, octet),
      fc.tuple(fc.constant(100), fc.integer({ min: 64, max: 127 }), octet, octet),
    );
    const hex = (x: number, y: number) => ((x << 8) | y).toString(16);
    const forms = [
      ([a, b, c, d]: number[]) => `::ffff:${a}.${b}.${c}.${d}`,
      ([a, b, c, d]: number[]) => `::ffff:${hex(a!, b!)}:${hex(c!, d!)}`,
      ([a, b, c, d]: number[]) => `::${a}.${b}.${c}.${d}`,
      ([a, b, c, d]: number[]) => `::ffff:0:${a}.${b}.${c}.${d}`,
      ([a, b, c, d]: number[]) => `64:ff9b::${a}.${b}.${c}.${d}`,
      ([a, b, c, d]: number[]) => `2002:${hex(a!, b!)}:${hex(c!, d!)}::1`,
    ];
    await fc.assert(
      fc.asyncProperty(privateV4, fc.nat(forms.length - 1), async (v4, form) => {
        const answer = await savePostback(user, `http://[${forms[form]!(v4)}]/pb`);
        expect(answer).toMatchObject({
          status: 400,
          json: { error: "url: The URL must not point at a private, loopback or link-local address." },
        });
      }),
      { numRuns: runs, seed: 31 },
    );
  }, 120_000);

  test("whatever a visitor writes in X-Forwarded-For and Fastly-Client-IP, they are one visitor", async () => {
    const uid = (await createAffiliateUser()).uid;
    await refs.affiliate(uid).update({ links: { promptchan: ["/tw"], cutechat: [], creategirls: [] } });
    const headerText = fc.oneof(fc.ipV4(), fc.ipV6(), fc.stringMatching(/^[\w.:, []{0,40}$/));
    await fc.assert(
      fc.asyncProperty(headerText, headerText, async (forwarded, fastly) => {
        const answer = await openLink(`/m/${uid}/tw`, {
          ip: "203.0.113.230",
          forgedForwardedFor: forwarded,
          forgedFastlyClientIp: fastly,
          userAgent: "one browser",
        });
        expect(answer.status).toBe(302);
      }),
      { numRuns: runs, seed: 32 },
    );
    expect((await affiliateView(uid)).trackers.promptchan["/tw"]?.clicks).toBe(1);
  }, 120_000);
});
