import { randomUUID } from "node:crypto";
import { describe, expect, test } from "vitest";
import { sendEvent } from "../../scripts/lib/events-client.ts";
import { openLink, refs } from "../support/backend.ts";
import { api, auth, createAffiliateUser, createUser, signIn } from "../support/users.ts";

const minuteAgo = () => new Date(Date.now() - 60_000).toISOString();

/** An unsigned token like the Auth emulator's, with the claims changed: how an expired one looks. */
function reissued(token: string, change: (payload: Record<string, unknown>) => void): string {
  const [header, payload] = token.split(".");
  const claims = JSON.parse(Buffer.from(payload!, "base64url").toString()) as Record<string, unknown>;
  change(claims);
  return `${header}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.`;
}

describe("authentication", () => {
  test("the ID token is accepted raw (as the front-end sends it) and as a Bearer token", async () => {
    const user = await createAffiliateUser();
    expect((await api(user, "GET", "/api/get_user_data")).status).toBe(200);
    expect((await api(user, "GET", "/api/get_user_data", undefined, { bearer: true })).status).toBe(200);
  });

  test.each<[string, (token: string) => Promise<Record<string, string>> | Record<string, string>, RegExp]>([
    ["no token", () => ({}), /no ID token/],
    ["an empty Bearer", () => ({ Authorization: "Bearer " }), /no ID token/],
    ["a malformed token", () => ({ Authorization: "not-a-jwt" }), /malformed/],
    ["a token of garbage parts", () => ({ Authorization: "a.b.c" }), /not valid/],
    [
      "an expired token",
      (token) => ({
        Authorization: reissued(token, (claims) => Object.assign(claims, { exp: 1_600_000_000, iat: 1_599_990_000 })),
      }),
      /expired/,
    ],
    [
      "a token for another project",
      (token) => ({ Authorization: reissued(token, (claims) => Object.assign(claims, { aud: "another-project" })) }),
      /not valid/,
    ],
  ])("%s is a 401", async (_, headers, message) => {
    const user = await createAffiliateUser();
    const answer = await api(null, "GET", "/api/get_user_data", undefined, { headers: await headers(user.token) });
    expect(answer.status).toBe(401);
    expect(answer.json.error).toMatch(message);
  });

  test("a revoked token is a 401", async () => {
    const user = await createAffiliateUser();
    // Revocation counts from the next whole second after the token was issued.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await auth().revokeRefreshTokens(user.uid);
    const answer = await api(user, "GET", "/api/get_user_data");
    expect(answer).toMatchObject({ status: 401, json: { error: "Your sign-in was revoked: sign in again." } });
  });

  test("a disabled or deleted user's token is a 401", async () => {
    const disabled = await createAffiliateUser();
    await auth().updateUser(disabled.uid, { disabled: true });
    expect((await api(disabled, "GET", "/api/get_user_data")).json.error).toBe("This account is disabled.");
    const deleted = await createAffiliateUser();
    await auth().deleteUser(deleted.uid);
    expect((await api(deleted, "GET", "/api/get_user_data")).status).toBe(401);
  });
});

describe("POST /api/create_account", () => {
  test("creates the affiliate with SPEC.md's defaults, once", async () => {
    const user = await createUser();
    const first = await api(user, "POST", "/api/create_account");
    expect(first).toMatchObject({ status: 201, json: { status: "created" } });
    const affiliate = (await refs.affiliate(user.uid).get()).data()!;
    expect(affiliate).toMatchObject({
      uid: user.uid,
      email: user.email,
      invoice_email: user.email,
      commission_rate: 0.6,
      payout_type: "Wise",
      account_type: "Checking",
      links: { promptchan: [], cutechat: [], creategirls: [] },
      payout_pending: false,
    });
    await refs.affiliate(user.uid).update({ name: "Changed since" });
    const again = await api(user, "POST", "/api/create_account");
    expect(again).toMatchObject({ status: 200, json: { status: "exists" } });
    expect((await refs.affiliate(user.uid).get()).data()?.name).toBe("Changed since");
  });

  test("staff and admins get no affiliate account: they never asked for one", async () => {
    for (const claims of [{ advertiser: true }, { admin: true }] as Record<string, boolean>[]) {
      const user = await createUser({ claims });
      expect(await api(user, "POST", "/api/create_account")).toMatchObject({ status: 200, json: { status: "staff" } });
      expect((await refs.affiliate(user.uid).get()).exists).toBe(false);
    }
  });

  test("two calls at once create it once and both succeed", async () => {
    const user = await createUser();
    const answers = await Promise.all([
      api(user, "POST", "/api/create_account"),
      api(user, "POST", "/api/create_account"),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 201]);
  });
});

describe("GET /api/get_user_data", () => {
  test("answers SPEC.md §3's fields in dollars, per advertiser, newest transactions first", async () => {
    const user = await createAffiliateUser();
    expect(
      (
        await api(user, "POST", "/api/add_custom_link", {
          uid: user.uid,
          suffix: "tw",
          currentAdvertiser: "promptchan",
        })
      ).status,
    ).toBe(200);
    expect(
      (await api(user, "POST", "/api/add_custom_link", { uid: user.uid, suffix: "ig", currentAdvertiser: "cutechat" }))
        .status,
    ).toBe(200);
    const send = (type: string, extra: object) =>
      sendEvent({
        id: `e-${randomUUID()}`,
        advertiser_id: "promptchan",
        type,
        uid: user.uid,
        occurred_at: minuteAgo(),
        ...extra,
      });
    await send("sign_up", { tracker: "/tw" });
    await send("sale", { amount: "19.99", tracker: "/tw", occurred_at: new Date(Date.now() - 120_000).toISOString() });
    await send("sale", { amount: "10.00", advertiser_id: "cutechat", tracker: "/ig" });
    await openLink(`/m/${user.uid}/tw`, { ip: "10.7.0.1" });

    const { status, json } = await api(user, "GET", "/api/get_user_data");
    expect(status).toBe(200);
    expect(json).toMatchObject({
      uid: user.uid,
      total_earnings: 17.99,
      total_sign_ups: 1,
      total_clicks: 1,
      total_sales: 2,
      total_refunds: 0,
      total_refunded: 0,
      total_payouts: 0,
      balance: 17.99,
      last_7_days_signups: 1,
      last_7_days_clicks: 1,
      last_7_days_earnings: 17.99,
      last_7_days_sales: 2,
      commission_rate: 0.6,
      payout_pending: false,
      last_payout: null,
      latest_invoice: null,
      fraud_user: false,
      july4bug_comp: 0,
      payout_type: "Wise",
      account_type: "Checking",
      visible_custom_links: ["/tw"],
      visible_custom_links_cutechat: ["/ig"],
      visible_custom_links_creategirls: [],
      trackers: { "/tw": { total_earnings: 11.99, total_sign_ups: 1, total_clicks: 1, total_sales: 1 } },
      trackers_cutechat: { "/ig": { total_earnings: 6, total_sign_ups: 0, total_clicks: 0, total_sales: 1 } },
      trackers_creategirls: {},
    });
    expect(json.repeat_rates).toMatchObject({ "1": 0.5 });
    const transactions = json.transactions as Record<string, unknown>[];
    expect(transactions).toHaveLength(2);
    expect(transactions[0]).toMatchObject({
      advertiser_id: "cutechat",
      cutechat_tracker: "/ig",
      earnings: 6,
      transaction_cost: 10,
    });
    expect(transactions[1]).toMatchObject({ advertiser_id: "promptchan", promptchan_tracker: "/tw", earnings: 11.99 });
    expect(Date.parse(transactions[0]!.timestamp as string)).toBeGreaterThan(
      Date.parse(transactions[1]!.timestamp as string),
    );
  });

  test("a signed-in user without an account gets a 404", async () => {
    const user = await createUser();
    expect(await api(user, "GET", "/api/get_user_data")).toMatchObject({ status: 404 });
  });
});

describe("POST /api/get_user_data_admin", () => {
  test("only the admin may read any affiliate; an unknown uid is a 404", async () => {
    const affiliate = await createAffiliateUser();
    const other = await createAffiliateUser();
    const staff = await createUser({ claims: { advertiser: true } });
    const admin = await createUser({ claims: { admin: true } });
    expect(await api(other, "POST", "/api/get_user_data_admin", { uid: affiliate.uid })).toMatchObject({ status: 403 });
    expect(await api(staff, "POST", "/api/get_user_data_admin", { uid: affiliate.uid })).toMatchObject({ status: 403 });
    const answer = await api(admin, "POST", "/api/get_user_data_admin", { uid: affiliate.uid });
    expect(answer).toMatchObject({ status: 200, json: { uid: affiliate.uid, email: affiliate.email } });
    expect(await api(admin, "POST", "/api/get_user_data_admin", { uid: "no-such-user" })).toMatchObject({
      status: 404,
    });
  });

  test("an account named in ADMIN_EMAILS is an admin, and gets the admin claim for the rules", async () => {
    const email = "configured-admin@test.example";
    const existing = await auth()
      .getUserByEmail(email)
      .catch(() => undefined);
    if (existing) await auth().deleteUser(existing.uid);
    const user = await createUser({ email, emailVerified: true });
    // The first call after the first sign-in, as the sign-up page makes it: no affiliate account for an admin.
    expect(await api(user, "POST", "/api/create_account")).toMatchObject({ status: 200, json: { status: "staff" } });
    expect((await refs.affiliate(user.uid).get()).exists).toBe(false);
    const affiliate = await createAffiliateUser();
    expect((await api(user, "POST", "/api/get_user_data_admin", { uid: affiliate.uid })).status).toBe(200);
    expect((await auth().getUser(user.uid)).customClaims).toMatchObject({ admin: true });
    const refreshed = await signIn(user);
    expect(JSON.parse(Buffer.from(refreshed.split(".")[1]!, "base64url").toString())).toMatchObject({ admin: true });
  });

  test("an unverified e-mail on the list is not enough", async () => {
    const email = "unverified-admin@test.example";
    const existing = await auth()
      .getUserByEmail(email)
      .catch(() => undefined);
    if (existing) await auth().deleteUser(existing.uid);
    const user = await createUser({ email });
    const affiliate = await createAffiliateUser();
    expect((await api(user, "POST", "/api/get_user_data_admin", { uid: affiliate.uid })).status).toBe(403);
    expect((await auth().getUser(user.uid)).customClaims?.admin).toBeUndefined();
  });
});
