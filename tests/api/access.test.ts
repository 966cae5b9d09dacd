/**
 * Who may call what: every endpoint × every role in one table (anonymous, the affiliate who owns the
 * resource, another affiliate, advertiser staff, the admin, a suspended affiliate), and the tokens that
 * must never get in (forged, expired, tampered, for a deleted or disabled user).
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, test } from "vitest";
import { sendEvent } from "../../scripts/lib/events-client.ts";
import { defaultSettings, settingsForApi } from "../../functions/src/domain/programme-settings.ts";
import { refs, sendMaturedSale } from "../support/backend.ts";
import { payoutForm } from "../support/payout-details.ts";
import { api, auth, createAffiliateUser, signIn, type TestUser } from "../support/users.ts";

type Role = "anonymous" | "owner" | "other" | "staff" | "admin" | "suspended";
const roles: Role[] = ["anonymous", "owner", "other", "staff", "admin", "suspended"];

const form = payoutForm({ name: "Access Tester" });

const users = {} as Record<Exclude<Role, "anonymous">, TestUser>;
let invoiceNumber = "";

async function withRole(claims: Record<string, boolean>): Promise<TestUser> {
  const user = await createAffiliateUser();
  await auth().setCustomUserClaims(user.uid, claims);
  return { ...user, token: await signIn(user) };
}

beforeAll(async () => {
  const [owner, other, staff, admin, suspended] = await Promise.all([
    createAffiliateUser(),
    createAffiliateUser(),
    withRole({ advertiser: true }),
    withRole({ admin: true }),
    createAffiliateUser(),
  ]);
  Object.assign(users, { owner, other, staff, admin, suspended });
  await refs.affiliate(suspended.uid).update({ fraud_user: true });
  // The owner has a payout pending, so there is an invoice to ask for.
  await sendMaturedSale(owner.uid, 400);
  const requested = await api(owner, "POST", "/api/request_payout", form);
  invoiceNumber = /filename="(INV-[\d-]+)\.pdf"/.exec(requested.headers.get("content-disposition") ?? "")![1]!;
});

interface Row {
  endpoint: string;
  method: "GET" | "POST";
  /** What sets this row apart when the endpoint has more than one. */
  note?: string;
  body?: () => unknown;
  /** How the request is made, when not with the API helper and the caller's ID token. */
  send?: (caller: TestUser | null) => Promise<Answer>;
  expect: Record<Role, number>;
}

interface Answer {
  status: number;
  error: unknown;
}

/** A sign-up for the owner (no money moves), as an advertiser's server reports one. */
function signUpEvent() {
  return {
    id: `e-${randomUUID()}`,
    advertiser_id: "promptchan",
    type: "sign_up",
    uid: users.owner.uid,
    occurred_at: new Date(Date.now() - 60_000).toISOString(),
  };
}

const recorded = async (eventId: string) => (await refs.events().doc(`promptchan_${eventId}`).get()).exists;

const table: Row[] = [
  {
    endpoint: "/api/get_user_data",
    method: "GET",
    expect: { anonymous: 401, owner: 200, other: 200, staff: 200, admin: 200, suspended: 200 },
  },
  {
    endpoint: "/api/recruits",
    method: "GET",
    expect: { anonymous: 401, owner: 200, other: 200, staff: 200, admin: 200, suspended: 200 },
  },
  {
    endpoint: "/api/create_account",
    method: "POST",
    expect: { anonymous: 401, owner: 200, other: 200, staff: 200, admin: 200, suspended: 200 },
  },
  {
    endpoint: "/api/get_user_data_admin",
    method: "POST",
    body: () => ({ uid: users.owner.uid }),
    expect: { anonymous: 401, owner: 403, other: 403, staff: 403, admin: 200, suspended: 403 },
  },
  {
    endpoint: "/api/add_custom_link",
    method: "POST",
    body: () => ({
      uid: users.owner.uid,
      suffix: randomUUID().replaceAll("-", "").slice(0, 6),
      currentAdvertiser: "cutechat",
    }),
    expect: { anonymous: 401, owner: 200, other: 403, staff: 403, admin: 200, suspended: 403 },
  },
  {
    // A tracker the owner does not have: allowed callers get as far as "not found".
    endpoint: "/api/delete_custom_link",
    method: "POST",
    body: () => ({ uid: users.owner.uid, link: "/nosuch", currentAdvertiser: "promptchan" }),
    expect: { anonymous: 401, owner: 404, other: 403, staff: 403, admin: 404, suspended: 403 },
  },
  {
    endpoint: "/api/update_paypal_account",
    method: "POST",
    body: () => form,
    expect: { anonymous: 401, owner: 200, other: 200, staff: 200, admin: 200, suspended: 403 },
  },
  {
    // Everyone but the owner has no balance; the owner has a payout pending already.
    endpoint: "/api/request_payout",
    method: "POST",
    body: () => form,
    expect: { anonymous: 401, owner: 409, other: 409, staff: 409, admin: 409, suspended: 403 },
  },
  {
    endpoint: "/api/download_invoice",
    method: "POST",
    body: () => ({ invoice_number: invoiceNumber }),
    // Someone else's invoice (the suspended affiliate's too) is answered as an unknown one: no number leaks.
    expect: { anonymous: 401, owner: 200, other: 404, staff: 200, admin: 200, suspended: 404 },
  },
  {
    endpoint: "/api/check_advertiser",
    method: "GET",
    expect: { anonymous: 401, owner: 200, other: 200, staff: 200, admin: 200, suspended: 200 },
  },
  {
    endpoint: "/api/summary",
    method: "GET",
    expect: { anonymous: 401, owner: 403, other: 403, staff: 200, admin: 200, suspended: 403 },
  },
  {
    // The wrong amount, so allowed callers are refused for it (and nothing is recorded here).
    endpoint: "/api/record_payout",
    method: "POST",
    body: () => ({ user_id: users.owner.uid, payout_amount: 1 }),
    expect: { anonymous: 401, owner: 403, other: 403, staff: 409, admin: 409, suspended: 403 },
  },
  {
    endpoint: "/api/payout_history",
    method: "GET",
    expect: { anonymous: 401, owner: 403, other: 403, staff: 200, admin: 200, suspended: 403 },
  },
  {
    endpoint: "/api/overdue_refunds",
    method: "GET",
    expect: { anonymous: 401, owner: 403, other: 403, staff: 200, admin: 200, suspended: 403 },
  },
  {
    // Who else uses the owner's payout destination (issue 33): staff only, never the affiliate themselves.
    endpoint: "/api/shared_payout_destination?user_id=",
    method: "GET",
    send: (caller) =>
      api(caller, "GET", `/api/shared_payout_destination?user_id=${users.owner.uid}`).then(({ status, json }) => ({
        status,
        error: json.error,
      })),
    expect: { anonymous: 401, owner: 403, other: 403, staff: 200, admin: 200, suspended: 403 },
  },
  {
    // Risk cases (issue 33): staff only; an affiliate never reads the queue, nor a case about them.
    endpoint: "/api/risk_cases",
    method: "GET",
    expect: { anonymous: 401, owner: 403, other: 403, staff: 200, admin: 200, suspended: 403 },
  },
  {
    // A case id nobody has: allowed callers are told so, others never learn whether it exists.
    endpoint: "/api/risk_case?case_id=",
    method: "GET",
    send: (caller) =>
      api(caller, "GET", "/api/risk_case?case_id=no-such-case").then(({ status, json }) => ({
        status,
        error: json.error,
      })),
    expect: { anonymous: 401, owner: 403, other: 403, staff: 404, admin: 404, suspended: 403 },
  },
  {
    endpoint: "/api/resolve_risk_case",
    method: "POST",
    body: () => ({ case_id: "no-such-case", outcome: "release" }),
    expect: { anonymous: 401, owner: 403, other: 403, staff: 404, admin: 404, suspended: 403 },
  },
  {
    // A rule simulated before it is switched on (it writes nothing): staff and admins only.
    endpoint: "/api/simulate_risk_rule",
    method: "POST",
    body: () => ({ family: "conversion_anomaly", action: "flag", threshold: 10 }),
    expect: { anonymous: 401, owner: 403, other: 403, staff: 200, admin: 200, suspended: 403 },
  },
  {
    // Reinstating an affiliate who is not suspended: allowed callers change nothing and say so.
    endpoint: "/api/set_suspension",
    method: "POST",
    body: () => ({ user_id: users.owner.uid, suspended: false }),
    expect: { anonymous: 401, owner: 403, other: 403, staff: 200, admin: 200, suspended: 403 },
  },
  {
    // A batch of an affiliate with no payout pending: made, and listed as skipped.
    endpoint: "/api/payout_batches",
    method: "POST",
    body: () => ({ user_ids: [users.other.uid] }),
    expect: { anonymous: 401, owner: 403, other: 403, staff: 200, admin: 200, suspended: 403 },
  },
  {
    // An affiliate with nothing payable: allowed callers get as far as "skipped", and nothing is issued.
    endpoint: "/api/issue_payouts",
    method: "POST",
    body: () => ({ user_ids: [users.other.uid] }),
    expect: { anonymous: 401, owner: 403, other: 403, staff: 200, admin: 200, suspended: 403 },
  },
  {
    endpoint: "/api/payout_batches/record",
    method: "POST",
    body: () => ({ id: "A".repeat(20) }),
    expect: { anonymous: 401, owner: 403, other: 403, staff: 404, admin: 404, suspended: 403 },
  },
  {
    // Everyone signed in changes only their own postbacks: none has this one.
    endpoint: "/api/delete_postback",
    method: "POST",
    body: () => ({ id: "zzzzzzzz" }),
    expect: { anonymous: 401, owner: 404, other: 404, staff: 404, admin: 404, suspended: 404 },
  },
  {
    endpoint: "/api/conversion_report?advertiser=creategirls",
    method: "GET",
    expect: { anonymous: 401, owner: 403, other: 403, staff: 200, admin: 200, suspended: 403 },
  },
  {
    endpoint: "/api/integration?advertiser=creategirls",
    method: "GET",
    expect: { anonymous: 401, owner: 403, other: 403, staff: 200, admin: 200, suspended: 403 },
  },
  {
    // A token that is not one of the advertiser's: allowed callers get as far as "not found".
    endpoint: "/api/integration/revoke_token",
    method: "POST",
    body: () => ({ advertiser: "creategirls", token: "pbt_not-a-token" }),
    expect: { anonymous: 401, owner: 403, other: 403, staff: 404, admin: 404, suspended: 403 },
  },
  {
    endpoint: "/api/integration/test_conversion",
    method: "POST",
    body: () => ({ advertiser: "creategirls", event: "sign_up" }),
    expect: { anonymous: 401, owner: 403, other: 403, staff: 200, admin: 200, suspended: 403 },
  },
  {
    // A postback authenticates by the advertiser's token alone: no ID token stands in for it.
    endpoint: "/api/postback/creategirls?event=sign_up&transaction_id=t-1&click_id=AAAAAAAAAAAAAAAAAAAAAA",
    method: "GET",
    note: "with an ID token and no postback token",
    expect: { anonymous: 401, owner: 401, other: 401, staff: 401, admin: 401, suspended: 401 },
  },
  {
    endpoint: "/api/programme_settings",
    method: "GET",
    expect: { anonymous: 401, owner: 403, other: 403, staff: 200, admin: 200, suspended: 403 },
  },
  {
    // Valid settings on top of a version that does not exist: the admin gets as far as the conflict, and
    // nothing is saved (advertiser staff may see the settings, not change them).
    endpoint: "/api/programme_settings",
    method: "POST",
    body: () => ({
      advertiser: "creategirls",
      version: 999_999,
      settings: settingsForApi(defaultSettings("creategirls")),
    }),
    expect: { anonymous: 401, owner: 403, other: 403, staff: 403, admin: 409, suspended: 403 },
  },
  {
    endpoint: "/api/commission_groups",
    method: "GET",
    expect: { anonymous: 401, owner: 403, other: 403, staff: 200, admin: 200, suspended: 403 },
  },
  {
    // An edit of a group that does not exist: the admin gets as far as the 404, and nothing is saved (staff
    // may list groups and move affiliates, not change a group's terms).
    endpoint: "/api/commission_groups",
    method: "POST",
    body: () => ({
      id: "no-such-group",
      version: 1,
      name: "Access",
      terms: { rates: {}, hold_days: null, minimum_payout: null },
    }),
    expect: { anonymous: 401, owner: 403, other: 403, staff: 403, admin: 404, suspended: 403 },
  },
  {
    // Moving the owner to the default group they are in: allowed callers change nothing and say so.
    endpoint: "/api/move_affiliates",
    method: "POST",
    body: () => ({ user_ids: [users.owner.uid], group_id: "default", reason: "Access check" }),
    expect: { anonymous: 401, owner: 403, other: 403, staff: 200, admin: 200, suspended: 403 },
  },
  {
    // Ending the owner's deal when they have none: allowed callers change nothing and say so.
    endpoint: "/api/set_deal",
    method: "POST",
    body: () => ({ user_id: users.owner.uid, deal: null, reason: "Access check" }),
    expect: { anonymous: 401, owner: 403, other: 403, staff: 200, admin: 200, suspended: 403 },
  },
  {
    // The owner's moves, deal changes and adjustments (issue 34): staff only, never the affiliate themselves.
    endpoint: "/api/affiliate_history?user_id=",
    method: "GET",
    send: (caller) =>
      api(caller, "GET", `/api/affiliate_history?user_id=${users.owner.uid}`).then(({ status, json }) => ({
        status,
        error: json.error,
      })),
    expect: { anonymous: 401, owner: 403, other: 403, staff: 200, admin: 200, suspended: 403 },
  },
  {
    // Taking a cent from the owner, whose balance is all in their pending payout: allowed callers get as far as
    // the refusal (409), and nothing moves.
    endpoint: "/api/adjust",
    method: "POST",
    body: () => ({
      user_id: users.owner.uid,
      advertiser: "promptchan",
      amount: "-0.01",
      reason: "Access check",
      idempotency_key: "access-check-key",
    }),
    expect: { anonymous: 401, owner: 403, other: 403, staff: 409, admin: 409, suspended: 403 },
  },
  {
    // The check of a deployment's TRUSTED_PROXY_HOPS: it shows the caller's address, so the admin's only.
    endpoint: "/api/client_address",
    method: "GET",
    expect: { anonymous: 401, owner: 403, other: 403, staff: 403, admin: 200, suspended: 403 },
  },
  {
    // Open to all: it only proves the Hosting rewrite reaches the function.
    endpoint: "/api/health",
    method: "GET",
    expect: { anonymous: 200, owner: 200, other: 200, staff: 200, admin: 200, suspended: 200 },
  },
  {
    // An advertiser's server authenticates by its signature alone: an ID token sent along (anyone's, or
    // none) neither adds nor takes away, and the event is recorded.
    endpoint: "/api/events",
    method: "POST",
    note: "signed by the advertiser",
    send: async (caller) => {
      const event = signUpEvent();
      const answer = await sendEvent(event, { headers: caller ? { Authorization: caller.token } : {} });
      expect(answer.body).toMatchObject({ status: "applied" });
      expect(await recorded(event.id)).toBe(true);
      return { status: answer.status, error: answer.body?.error };
    },
    expect: { anonymous: 200, owner: 200, other: 200, staff: 200, admin: 200, suspended: 200 },
  },
  {
    // No ID token stands in for the signature, not even the admin's: refused, and nothing is recorded.
    endpoint: "/api/events",
    method: "POST",
    note: "with an ID token and no signature",
    send: async (caller) => {
      const event = signUpEvent();
      const answer = await api(caller, "POST", "/api/events", event);
      expect(answer.json.error).toBe("Missing X-Signature header.");
      expect(await recorded(event.id)).toBe(false);
      return { status: answer.status, error: answer.json.error };
    },
    expect: { anonymous: 401, owner: 401, other: 401, staff: 401, admin: 401, suspended: 401 },
  },
];

const titled = table.map((row) => ({
  ...row,
  title: `${row.method} ${row.endpoint}${row.note ? ` (${row.note})` : ""}`,
}));

describe.each(titled)("$title", (row) => {
  test.each(roles)("as %s", async (role) => {
    const caller = role === "anonymous" ? null : users[role];
    const answer: Answer = row.send
      ? await row.send(caller)
      : await api(caller, row.method, row.endpoint, row.body?.()).then(({ status, json }) => ({
          status,
          error: json.error,
        }));
    expect(answer.status).toBe(row.expect[role]);
    if (answer.status >= 400) expect(typeof answer.error).toBe("string");
  });
});

test("check_advertiser answers from the account's role", async () => {
  const answers = await Promise.all(
    (["owner", "staff", "admin"] as const).map((role) => api(users[role], "GET", "/api/check_advertiser")),
  );
  expect(answers.map((answer) => answer.json.is_advertiser)).toEqual([false, true, true]);
});

describe("tokens that must not get in", () => {
  const parts = (token: string) => token.split(".");
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const payloadOf = (token: string) =>
    JSON.parse(Buffer.from(parts(token)[1]!, "base64url").toString()) as Record<string, unknown>;

  test("a token signed with a key of someone else's (RS256, made-up signature) is a 401", async () => {
    const forged = `${encode({ alg: "RS256", typ: "JWT", kid: "made-up" })}.${parts(users.owner.token)[1]}.${Buffer.from(randomUUID()).toString("base64url")}`;
    expect((await api({ token: forged }, "GET", "/api/get_user_data")).status).toBe(401);
  });

  test("a token with a role added to its claims gets nothing: roles come from the account", async () => {
    const tampered = `${parts(users.other.token)[0]}.${encode({ ...payloadOf(users.other.token), admin: true, advertiser: true })}.`;
    expect((await api({ token: tampered }, "GET", "/api/summary")).status).toBe(403);
    expect((await api({ token: tampered }, "POST", "/api/get_user_data_admin", { uid: users.owner.uid })).status).toBe(
      403,
    );
  });

  test("a token for a user who does not exist is a 401", async () => {
    const ghost = `${parts(users.other.token)[0]}.${encode({ ...payloadOf(users.other.token), sub: "no-such-user", user_id: "no-such-user" })}.`;
    expect((await api({ token: ghost }, "GET", "/api/get_user_data")).status).toBe(401);
  });

  test("a revoked role is gone at once, before the token is refreshed", async () => {
    const staff = await withRole({ advertiser: true });
    expect((await api(staff, "GET", "/api/summary")).status).toBe(200);
    await auth().setCustomUserClaims(staff.uid, {});
    expect((await api(staff, "GET", "/api/summary")).status).toBe(403);
  });

  test("expired, disabled and deleted are 401 (see also accounts.test.ts)", async () => {
    const expired = `${parts(users.other.token)[0]}.${encode({ ...payloadOf(users.other.token), exp: 1_600_000_000, iat: 1_599_999_000 })}.`;
    expect(await api({ token: expired }, "GET", "/api/get_user_data")).toMatchObject({
      status: 401,
      json: { error: "Your sign-in has expired: sign in again." },
    });
    const disabled = await createAffiliateUser();
    await auth().updateUser(disabled.uid, { disabled: true });
    expect((await api(disabled, "GET", "/api/get_user_data")).status).toBe(401);
    const deleted = await createAffiliateUser();
    await auth().deleteUser(deleted.uid);
    expect((await api(deleted, "GET", "/api/get_user_data")).status).toBe(401);
  });
});
