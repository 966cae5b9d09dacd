/**
 * The contract (functions/src/contract) against the running API: every route in it is called through
 * Hosting, each success parsed with the route's response schema (and its declared answer headers), and at
 * least one refusal of each route that can refuse parsed as `{ error: string }`. The app's router and the
 * contract's route table must list the same routes, so a route cannot be added to one and not the other.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Router } from "express";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { z } from "zod";
import { apiRoutes, type ApiRouteKey } from "../../functions/src/contract/index.ts";
import { errorAnswer } from "../../functions/src/contract/fields.ts";
import { createApp } from "../../functions/src/http/app.ts";
import { sendEvent, sendEvents } from "../../scripts/lib/events-client.ts";
import { raiseSignal } from "../../functions/src/data/risk-cases.ts";
import { createAffiliate, sendMaturedSale } from "../support/backend.ts";
import { payoutForm } from "../support/payout-details.ts";
import { api, createAffiliateUser, createUser, type ApiAnswer, type TestUser } from "../support/users.ts";

type Route = (typeof apiRoutes)[ApiRouteKey];

/** Which routes were seen answering, and seen refusing. */
const answered = new Set<ApiRouteKey>();
const refused = new Set<ApiRouteKey>();

/** The route's key's path with its parameters filled in, and a GET's query. */
function pathOf(key: ApiRouteKey, params: Record<string, string> = {}, query: Record<string, string> = {}): string {
  const path = key.slice(key.indexOf(" ") + 1).replace(/\{(\w+)\}/g, (_, name: string) => params[name]!);
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}

const methodOf = (key: ApiRouteKey) => key.slice(0, key.indexOf(" ")) as "GET" | "POST";

function parsed<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const result = schema.safeParse(value);
  expect(result.success, `${what}: ${result.error?.message}\n${JSON.stringify(value).slice(0, 2000)}`).toBe(true);
  return result.data as z.output<S>;
}

/** The answer's headers the route declares, by their declared names. */
function declaredHeaders(route: Route, headers: Headers): Record<string, string> {
  if (!("responseHeaders" in route)) return {};
  return Object.fromEntries(
    Object.keys(route.responseHeaders.shape)
      .map((name) => [name, headers.get(name)])
      .filter((entry): entry is [string, string] => entry[1] !== null),
  );
}

/** A success of `key`: its body parsed with the route's response schema, its headers with theirs. */
function success<K extends ApiRouteKey>(key: K, answer: ApiAnswer): z.output<(typeof apiRoutes)[K]["response"]> {
  const route: Route = apiRoutes[key];
  expect(answer.status, `${key}: ${JSON.stringify(answer.json)}`).toBeLessThan(300);
  if ("responseHeaders" in route) {
    parsed(route.responseHeaders, declaredHeaders(route, answer.headers), `${key} headers`);
  }
  answered.add(key);
  if ("produces" in route) {
    expect(answer.headers.get("content-type")).toBe(route.produces);
    expect(new TextDecoder().decode(answer.bytes.slice(0, 5))).toBe("%PDF-");
    return undefined as never;
  }
  return parsed(apiRoutes[key].response, answer.json, key) as z.output<(typeof apiRoutes)[K]["response"]>;
}

/** A refusal of `key`, with the status expected: `{ error: string }`. */
function refusal(key: ApiRouteKey, answer: ApiAnswer, status: number): void {
  expect(answer.status, `${key}: ${JSON.stringify(answer.json)}`).toBe(status);
  parsed(errorAnswer, answer.json, `${key} refusal`);
  refused.add(key);
}

function call(key: ApiRouteKey, caller: Pick<TestUser, "token"> | null, input?: unknown, params = {}) {
  const method = methodOf(key);
  return method === "GET"
    ? api(caller, "GET", pathOf(key, params, input as Record<string, string> | undefined))
    : api(caller, "POST", pathOf(key, params), input);
}

/** Every route of an Express router, as "METHOD /path" with parameters written as the contract does. */
function routesOf(router: Router, prefix: string): string[] {
  return router.stack.flatMap((layer) => {
    const raw = (layer as unknown as { rawPath?: string }).rawPath;
    if (layer.route) {
      const path = `${prefix}${layer.route.path}`.replace(/:(\w+)/g, "{$1}");
      return Object.keys((layer.route as unknown as { methods: Record<string, boolean> }).methods)
        .filter((method) => method !== "_all")
        .map((method) => `${method.toUpperCase()} ${path}`);
    }
    const nested = layer.handle as unknown as Partial<Router>;
    return nested.stack ? routesOf(nested as Router, `${prefix}${raw === "/" || raw === undefined ? "" : raw}`) : [];
  });
}

let affiliate: TestUser;
let staff: TestUser;
let admin: TestUser;
let receiver: http.Server;
let receiverUrl = "";

beforeAll(async () => {
  [affiliate, staff, admin] = await Promise.all([
    createAffiliateUser(),
    createUser({ claims: { advertiser: true } }),
    createUser({ claims: { admin: true } }),
  ]);
  // A sale old enough to be payable, so every figure of the affiliate's data has something in it.
  expect((await sendMaturedSale(affiliate.uid, "400")).status).toBe(200);
  receiver = http.createServer((_req, res) => res.end("ok"));
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/cb?cid={click_id}&payout={payout}`;
});

afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

test("the app's router and the contract list the same routes", () => {
  const app = createApp() as unknown as { router: Router };
  expect(routesOf(app.router, "").sort()).toEqual(Object.keys(apiRoutes).sort());
});

test("the API's own routes", async () => {
  success("GET /api/health", await call("GET /api/health", null));
  const document = await call("GET /api/openapi.json", null);
  success("GET /api/openapi.json", document);
  // What the API serves is the committed document.
  expect(document.json).toEqual(JSON.parse(readFileSync(new URL("../../docs/openapi.json", import.meta.url), "utf8")));
  // Open to all, they refuse nothing; an unknown path's answer is the same refusal as everyone's.
  parsed(errorAnswer, (await api(null, "GET", "/api/no_such_route")).json, "unknown route");

  success("GET /api/client_address", await call("GET /api/client_address", admin));
  refusal("GET /api/client_address", await call("GET /api/client_address", staff), 403);
});

test("an affiliate's account and links", async () => {
  const newcomer = await createUser();
  expect(success("POST /api/create_account", await call("POST /api/create_account", newcomer))).toEqual({
    status: "created",
  });
  refusal("POST /api/create_account", await call("POST /api/create_account", null), 401);
  // Issue 34: through a recruit link, and the recruiter's view of their recruits (an account is needed).
  const recruit = await createUser();
  expect(
    success(
      "POST /api/create_account",
      await call("POST /api/create_account", recruit, { recruited_by: affiliate.uid }),
    ),
  ).toEqual({ status: "created", recruit: { recorded: true } });
  expect(success("GET /api/recruits", await call("GET /api/recruits", affiliate)).count).toBe(1);
  refusal("GET /api/recruits", await call("GET /api/recruits", staff), 404);

  const link = { uid: affiliate.uid, suffix: `c${randomUUID().slice(0, 5)}`, currentAdvertiser: "cutechat" };
  success("POST /api/add_custom_link", await call("POST /api/add_custom_link", affiliate, link));
  refusal("POST /api/add_custom_link", await call("POST /api/add_custom_link", newcomer, link), 403);

  const data = await call("GET /api/get_user_data", affiliate);
  success("GET /api/get_user_data", data);
  expect(data.json.visible_custom_links_cutechat).toEqual([`/${link.suffix}`]);
  refusal("GET /api/get_user_data", await call("GET /api/get_user_data", { token: "not-a-token" }), 401);
  success("POST /api/get_user_data_admin", await call("POST /api/get_user_data_admin", admin, { uid: affiliate.uid }));
  refusal(
    "POST /api/get_user_data_admin",
    await call("POST /api/get_user_data_admin", staff, { uid: affiliate.uid }),
    403,
  );

  const removal = { uid: affiliate.uid, link: `/${link.suffix}`, currentAdvertiser: "cutechat" };
  success("POST /api/delete_custom_link", await call("POST /api/delete_custom_link", affiliate, removal));
  refusal("POST /api/delete_custom_link", await call("POST /api/delete_custom_link", affiliate, removal), 404);
});

test("payout details, a payout request, its invoice and its recording", async () => {
  const form = payoutForm({ name: "Contract Tester" });
  success("POST /api/update_paypal_account", await call("POST /api/update_paypal_account", affiliate, form));
  refusal(
    "POST /api/update_paypal_account",
    await call("POST /api/update_paypal_account", affiliate, { ...form, payoutType: "Cheque" }),
    400,
  );

  const requested = await call("POST /api/request_payout", affiliate, { ...form, price: "240.00" });
  success("POST /api/request_payout", requested);
  refusal("POST /api/request_payout", await call("POST /api/request_payout", affiliate, form), 409);
  const invoiceNumber = /filename="(INV-[\d-]+)\.pdf"/.exec(requested.headers.get("content-disposition") ?? "")![1]!;

  success(
    "POST /api/download_invoice",
    await call("POST /api/download_invoice", affiliate, { invoice_number: invoiceNumber }),
  );
  refusal(
    "POST /api/download_invoice",
    await call("POST /api/download_invoice", affiliate, { invoice_number: "INV-1999-000001" }),
    404,
  );

  const recordBody = { user_id: affiliate.uid, payout_amount: 240 };
  refusal(
    "POST /api/record_payout",
    await call("POST /api/record_payout", staff, { ...recordBody, payout_amount: 1 }),
    409,
  );
  const recorded = success("POST /api/record_payout", await call("POST /api/record_payout", staff, recordBody));
  expect(recorded).toMatchObject({ status: "recorded", invoice_number: invoiceNumber });

  const history = success(
    "GET /api/payout_history",
    await call("GET /api/payout_history", staff, { user_id: affiliate.uid }),
  );
  expect(history.payouts.map((payout) => payout.invoice_number)).toEqual([invoiceNumber]);
  refusal("GET /api/payout_history", await call("GET /api/payout_history", staff, { after: "nope" }), 400);
});

test("the advertiser page's lists and reports", async () => {
  expect(success("GET /api/check_advertiser", await call("GET /api/check_advertiser", staff))).toEqual({
    is_advertiser: true,
  });
  refusal("GET /api/check_advertiser", await call("GET /api/check_advertiser", null), 401);

  success("GET /api/summary", await call("GET /api/summary", staff, { limit: "20" }));
  refusal("GET /api/summary", await call("GET /api/summary", affiliate), 403);

  success("GET /api/affiliates", await call("GET /api/affiliates", staff, { limit: "20" }));
  refusal("GET /api/affiliates", await call("GET /api/affiliates", staff, { limit: "0" }), 400);

  success(
    "GET /api/shared_payout_destination",
    await call("GET /api/shared_payout_destination", staff, { user_id: affiliate.uid }),
  );
  refusal(
    "GET /api/shared_payout_destination",
    await call("GET /api/shared_payout_destination", affiliate, { user_id: affiliate.uid }),
    403,
  );

  success("GET /api/overdue_refunds", await call("GET /api/overdue_refunds", staff, { limit: "5" }));
  refusal("GET /api/overdue_refunds", await call("GET /api/overdue_refunds", affiliate), 403);

  success("GET /api/conversion_report", await call("GET /api/conversion_report", staff, { advertiser: "promptchan" }));
  refusal("GET /api/conversion_report", await call("GET /api/conversion_report", staff, { advertiser: "nope" }), 400);
});

test("batches, issued payouts and suspensions", async () => {
  const [nothingPending, payable, suspect] = await Promise.all([
    createAffiliate(),
    createAffiliate(),
    createAffiliate(),
  ]);
  expect((await sendMaturedSale(payable, "400")).status).toBe(200);

  const batch = success(
    "POST /api/payout_batches",
    await call("POST /api/payout_batches", staff, { user_ids: [nothingPending] }),
  );
  refusal("POST /api/payout_batches", await call("POST /api/payout_batches", staff, { user_ids: [] }), 400);
  success("POST /api/payout_batches/record", await call("POST /api/payout_batches/record", staff, { id: batch.id }));
  refusal(
    "POST /api/payout_batches/record",
    await call("POST /api/payout_batches/record", staff, { id: "A".repeat(20) }),
    404,
  );

  const issued = success(
    "POST /api/issue_payouts",
    await call("POST /api/issue_payouts", staff, { user_ids: [payable, nothingPending] }),
  );
  expect(issued.items.map((item) => item.status)).toEqual(["issued", "skipped"]);
  refusal("POST /api/issue_payouts", await call("POST /api/issue_payouts", affiliate, { user_ids: [payable] }), 403);

  const suspension = { user_id: suspect, suspended: true, reason: "Contract test." };
  success("POST /api/set_suspension", await call("POST /api/set_suspension", staff, suspension));
  refusal(
    "POST /api/set_suspension",
    await call("POST /api/set_suspension", staff, { ...suspension, reason: "" }),
    400,
  );
});

// creategirls' integration: the other tests rotate promptchan's and cutechat's tokens, and none relies on
// creategirls' staying as it is.
test("an advertiser's integration, and a platform's postbacks to it", async () => {
  const advertiser = "creategirls";
  success("GET /api/integration", await call("GET /api/integration", staff, { advertiser }));
  refusal("GET /api/integration", await call("GET /api/integration", staff, { advertiser: "nope" }), 400);

  success(
    "POST /api/integration/rotate_token",
    await call("POST /api/integration/rotate_token", staff, { advertiser }),
  );
  const rotated = success(
    "POST /api/integration/rotate_token",
    await call("POST /api/integration/rotate_token", staff, { advertiser }),
  );
  refusal(
    "POST /api/integration/rotate_token",
    await call("POST /api/integration/rotate_token", affiliate, { advertiser }),
    403,
  );
  const [current, previous] = rotated.tokens;
  success(
    "POST /api/integration/revoke_token",
    await call("POST /api/integration/revoke_token", staff, { advertiser, token: previous!.token }),
  );
  refusal(
    "POST /api/integration/revoke_token",
    await call("POST /api/integration/revoke_token", staff, { advertiser, token: current!.token }),
    409,
  );

  const test_ = success(
    "POST /api/integration/test_conversion",
    await call("POST /api/integration/test_conversion", staff, { advertiser, event: "sale", amount: "5.00" }),
  );
  expect(test_.outcome.status).toBe("test");
  refusal(
    "POST /api/integration/test_conversion",
    await call("POST /api/integration/test_conversion", staff, { advertiser, event: "refund" }),
    400,
  );

  // The platform fires the URL the page shows, at the test click.
  const view = success("GET /api/integration", await call("GET /api/integration", staff, { advertiser }));
  const testUrl = new URL(view.test_url!);
  success("GET /api/postback/{advertiser}", await api(null, "GET", `${testUrl.pathname}${testUrl.search}`));
  refusal(
    "GET /api/postback/{advertiser}",
    await call("GET /api/postback/{advertiser}", null, { event: "sign_up", transaction_id: "t-1" }, { advertiser }),
    401,
  );
  const fields = {
    token: current!.token,
    event: "sign_up",
    transaction_id: `contract-${randomUUID()}`,
    click_id: view.test_click_id!,
  };
  success(
    "POST /api/postback/{advertiser}",
    await call("POST /api/postback/{advertiser}", null, fields, { advertiser }),
  );
  refusal(
    "POST /api/postback/{advertiser}",
    await call("POST /api/postback/{advertiser}", null, { ...fields, token: "pbt_wrong" }, { advertiser }),
    401,
  );
});

test("an advertiser's signed events", async () => {
  const event = {
    id: `e-${randomUUID()}`,
    advertiser_id: "promptchan",
    type: "sign_up",
    uid: affiliate.uid,
    occurred_at: new Date(Date.now() - 60_000).toISOString(),
  };
  const sent = await sendEvent(event);
  success("POST /api/events", {
    status: sent.status,
    headers: new Headers({ "content-type": "application/json" }),
    json: sent.body!,
    bytes: new Uint8Array(),
  });
  refusal("POST /api/events", await call("POST /api/events", null, event), 401);
  const batch = await sendEvents([
    { ...event, id: `e-${randomUUID()}` },
    { ...event, uid: "t-nobody-at-all" },
  ]);
  const { results } = success("POST /api/events/batch", {
    status: batch.status,
    headers: new Headers({ "content-type": "application/json" }),
    json: batch.body!,
    bytes: new Uint8Array(),
  });
  expect(results.map((result) => result.status)).toEqual(["applied", "refused"]);
  refusal("POST /api/events/batch", await call("POST /api/events/batch", null, { events: [event] }), 401);
});

test("an affiliate's postbacks", async () => {
  const saved = success(
    "POST /api/save_postback",
    await call("POST /api/save_postback", affiliate, {
      advertiser: "promptchan",
      tracker: "*",
      url: receiverUrl,
      events: ["sale"],
    }),
  );
  const id = saved.postbacks[0]!.id;
  refusal(
    "POST /api/save_postback",
    await call("POST /api/save_postback", affiliate, { advertiser: "promptchan", tracker: "*", url: "", events: [] }),
    400,
  );
  expect(success("POST /api/test_postback", await call("POST /api/test_postback", affiliate, { id }))).toMatchObject({
    outcome: "delivered",
    status: 200,
  });
  refusal("POST /api/test_postback", await call("POST /api/test_postback", affiliate, { id: "zzzzzzzz" }), 404);
  expect(success("POST /api/delete_postback", await call("POST /api/delete_postback", affiliate, { id }))).toEqual({
    postbacks: [],
  });
  refusal("POST /api/delete_postback", await call("POST /api/delete_postback", affiliate, { id }), 404);
});

test("programme settings", async () => {
  const { advertisers } = success("GET /api/programme_settings", await call("GET /api/programme_settings", staff));
  refusal("GET /api/programme_settings", await call("GET /api/programme_settings", affiliate), 403);
  // The settings in force, saved again: nothing changes (the serial tests change them, one file at a time).
  const creategirls = advertisers.find((entry) => entry.advertiser === "creategirls")!;
  const unchanged = { advertiser: "creategirls", version: creategirls.version, settings: creategirls.settings };
  expect(
    success("POST /api/programme_settings", await call("POST /api/programme_settings", admin, unchanged)),
  ).toMatchObject({ changed: false });
  refusal("POST /api/programme_settings", await call("POST /api/programme_settings", staff, unchanged), 403);
});

test("commission groups, moves and deals", async () => {
  const terms = {
    rates: { cutechat: { commission_rate: 0.65, repeat_rates: { "1": 0.4 } } },
    hold_days: 10,
    minimum_payout: 150,
  };
  const saved = success(
    "POST /api/commission_groups",
    await call("POST /api/commission_groups", admin, { name: `Contract ${randomUUID().slice(0, 8)}`, terms }),
  );
  expect(saved).toMatchObject({ changed: true, group: { version: 1, terms } });
  refusal("POST /api/commission_groups", await call("POST /api/commission_groups", staff, { name: "x", terms }), 403);
  const { groups } = success("GET /api/commission_groups", await call("GET /api/commission_groups", staff));
  expect(groups[0]!.id).toBe("default");
  refusal("GET /api/commission_groups", await call("GET /api/commission_groups", affiliate), 403);
  const uid = await createAffiliate();
  const moved = { user_ids: [uid], group_id: saved.group.id, reason: "Contract check" };
  expect(success("POST /api/move_affiliates", await call("POST /api/move_affiliates", staff, moved))).toMatchObject({
    moved: [uid],
  });
  refusal("POST /api/move_affiliates", await call("POST /api/move_affiliates", staff, { ...moved, reason: "" }), 400);
  const deal = {
    user_id: uid,
    deal: {
      terms: { rates: { promptchan: { commission_rate: 0.75 } }, hold_days: null, minimum_payout: null },
      ends_at: null,
    },
    reason: "Contract check",
  };
  expect(success("POST /api/set_deal", await call("POST /api/set_deal", staff, deal))).toMatchObject({ changed: true });
  refusal("POST /api/set_deal", await call("POST /api/set_deal", affiliate, deal), 403);
  const adjustment = {
    user_id: uid,
    advertiser: "cutechat",
    amount: "12.34",
    reason: "Contract check",
    idempotency_key: randomUUID(),
  };
  expect(success("POST /api/adjust", await call("POST /api/adjust", staff, adjustment))).toMatchObject({
    applied: true,
    balance: 12.34,
  });
  refusal(
    "POST /api/adjust",
    await call("POST /api/adjust", staff, { ...adjustment, amount: "-13", idempotency_key: randomUUID() }),
    409,
  );
  // Every kind of entry: the adjustment, the deal set and the move, newest first.
  const history = success(
    "GET /api/affiliate_history",
    await call("GET /api/affiliate_history", staff, { user_id: uid }),
  );
  expect(history.entries.map((entry) => entry.kind)).toEqual(["adjustment", "deal", "move"]);
  refusal("GET /api/affiliate_history", await call("GET /api/affiliate_history", affiliate, { user_id: uid }), 403);
});

test("tiers and bonuses", async () => {
  const name = `Contract ${randomUUID().slice(0, 8)}`;
  const terms = { rates: {}, hold_days: null, minimum_payout: null };
  const group = success(
    "POST /api/commission_groups",
    await call("POST /api/commission_groups", admin, { name, terms }),
  ).group;
  const rules = {
    group_id: group.id,
    version: 0,
    tiers: [{ first_sales_30d: 50, lifetime_commission: 1_000, to_group: "default" }],
    bonuses: [{ name: "Contract", first_sales: 5, starts_on: "2026-12-01", ends_on: "2026-12-31", amount: 20 }],
  };
  const saved = success("POST /api/reward_rules", await call("POST /api/reward_rules", admin, rules));
  expect(saved).toMatchObject({ changed: true, rules: { version: 1, tiers: [{ lifetime_commission: 1_000 }] } });
  refusal("POST /api/reward_rules", await call("POST /api/reward_rules", staff, rules), 403);
  const listed = success("GET /api/reward_rules", await call("GET /api/reward_rules", staff));
  expect(listed.rules.find((item) => item.group_id === group.id)).toEqual(saved.rules);
  refusal("GET /api/reward_rules", await call("GET /api/reward_rules", affiliate), 403);
  expect(success("GET /api/my_rewards", await call("GET /api/my_rewards", affiliate))).toMatchObject({
    group: { id: expect.any(String) },
  });
  refusal("GET /api/my_rewards", await call("GET /api/my_rewards", staff), 404);
});

test("risk cases", async () => {
  // A case of its own, holding, with a sale in its hold: every figure of the answers has something in it.
  const held = await createAffiliateUser();
  const { id } = await raiseSignal(
    held.uid,
    {
      key: `contract:${randomUUID()}`,
      family: "shared_destination",
      action: "hold_new",
      evidence: { detail: "The contract test's signal.", other_uid: affiliate.uid, destination_kind: "wise" },
    },
    new Date(),
  );
  expect((await sendMaturedSale(held.uid, 100)).status).toBe(200);
  const data = success("GET /api/get_user_data", await call("GET /api/get_user_data", held));
  expect(data.risk_review).toMatchObject({ held: 60 });
  const { cases } = success("GET /api/risk_cases", await call("GET /api/risk_cases", staff, { limit: "200" }));
  expect(cases.map((row) => row.case_id)).toContain(id);
  refusal("GET /api/risk_cases", await call("GET /api/risk_cases", affiliate), 403);
  expect(success("GET /api/risk_case", await call("GET /api/risk_case", staff, { case_id: id }))).toMatchObject({
    case_held: 60,
  });
  refusal("GET /api/risk_case", await call("GET /api/risk_case", staff, { case_id: "no-such-case" }), 404);
  const resolved = success(
    "POST /api/resolve_risk_case",
    await call("POST /api/resolve_risk_case", admin, { case_id: id, outcome: "release" }),
  );
  expect(resolved).toMatchObject({ changed: true, held: 60 });
  refusal(
    "POST /api/resolve_risk_case",
    await call("POST /api/resolve_risk_case", staff, { case_id: id, outcome: "confirm", note: "Late." }),
    409,
  );
  // A rule simulated: the shared destination of the case's affiliate is not stored, so it is not among them.
  const simulated = success(
    "POST /api/simulate_risk_rule",
    await call("POST /api/simulate_risk_rule", staff, { family: "shared_destination", action: "hold_new" }),
  );
  expect(simulated).toMatchObject({ family: "shared_destination", action: "hold_new", window_days: 90 });
  expect(simulated.affiliates.map((row) => row.user_id)).not.toContain(held.uid);
  refusal(
    "POST /api/simulate_risk_rule",
    await call("POST /api/simulate_risk_rule", affiliate, { family: "refund_rate", action: "flag", threshold: 3 }),
    403,
  );
  // Resolved: the case as staff read it afterwards, with its resolution.
  expect(success("GET /api/risk_case", await call("GET /api/risk_case", staff, { case_id: id }))).toMatchObject({
    status: "released",
    resolution: { outcome: "released", held: 60 },
  });
});

test("every route of the contract was seen answering, and refusing unless it is open to all", () => {
  const keys = Object.keys(apiRoutes) as ApiRouteKey[];
  expect(keys.filter((key) => !answered.has(key))).toEqual([]);
  expect(keys.filter((key) => apiRoutes[key].access !== "anyone" && !refused.has(key))).toEqual([]);
});
