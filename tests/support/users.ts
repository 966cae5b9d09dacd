/**
 * Signed-in users for the API and end-to-end tests, made in the Auth emulator: real ID tokens, as the
 * web app would send them, with whatever claims (roles) a test needs.
 */
import { randomUUID } from "node:crypto";
import { getAuth } from "firebase-admin/auth";
import { identity } from "../../scripts/lib/auth-emulator.ts";
import { siteUrl } from "../../scripts/lib/project.ts";
import { db, sendMaturedSale } from "./backend.ts";
import { payoutForm } from "./payout-details.ts";

export interface TestUser {
  uid: string;
  email: string;
  password: string;
  token: string;
}

export function auth() {
  db(); // initialises the Admin SDK for the demo project
  return getAuth();
}

/** Signs in again: a fresh token, carrying the user's current claims. */
export async function signIn(user: Pick<TestUser, "email" | "password">): Promise<string> {
  return (await identity("accounts:signInWithPassword", user)).idToken;
}

/** A new user (unique e-mail unless given), optionally with claims and a verified e-mail. */
export async function createUser(
  options: { claims?: Record<string, boolean>; email?: string; emailVerified?: boolean } = {},
): Promise<TestUser> {
  const email = options.email ?? `user-${randomUUID().slice(0, 12)}@test.example`;
  const password = "test-password-1";
  const { localId: uid } = await identity("accounts:signUp", { email, password });
  if (options.claims) await auth().setCustomUserClaims(uid, options.claims);
  if (options.emailVerified) await auth().updateUser(uid, { emailVerified: true });
  return { uid, email, password, token: await signIn({ email, password }) };
}

/** A signed-in affiliate: the user and their account, made through the API as the web app does. */
export async function createAffiliateUser(): Promise<TestUser> {
  const user = await createUser();
  const answer = await api(user, "POST", "/api/create_account");
  if (answer.status !== 201) throw new Error(`create_account answered ${answer.status}`);
  return user;
}

/**
 * An affiliate who earned $240 (a matured $400 sale) and requested its payout under `name`, through the
 * API as the dashboard does: pending, with its invoice.
 */
export async function affiliateWithPendingPayout(name: string): Promise<TestUser> {
  const user = await createAffiliateUser();
  const sale = await sendMaturedSale(user.uid, "400");
  if (sale.status !== 200) throw new Error(`The sale answered ${sale.status}`);
  // A Wise account of their own: staff pages in the tests show no shared payout destination (issue 33) but
  // where a test makes one.
  const form = payoutForm({ name, paypalEmail: `${user.email.split("@")[0]}@wise.example` });
  for (const path of ["/api/update_paypal_account", "/api/request_payout"]) {
    const answer = await api(user, "POST", path, form);
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${answer.json.error}`);
  }
  return user;
}

export interface ApiAnswer {
  status: number;
  headers: Headers;
  json: Record<string, unknown> & { error?: string };
  bytes: Uint8Array;
}

/** Calls the API through Hosting with the user's token sent raw (as SPEC.md §7's front-end does). */
export async function api(
  user: Pick<TestUser, "token"> | null,
  method: "GET" | "POST",
  path: string,
  body?: unknown,
  options: { bearer?: boolean; headers?: Record<string, string> } = {},
): Promise<ApiAnswer> {
  const headers: Record<string, string> = { ...options.headers };
  if (user) headers.Authorization = options.bearer ? `Bearer ${user.token}` : user.token;
  if (body !== undefined) headers["Content-Type"] ??= "application/json";
  const response = await fetch(`${siteUrl}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
  });
  const bytes = new Uint8Array(await response.arrayBuffer());
  let json = {} as ApiAnswer["json"];
  if (response.headers.get("content-type")?.includes("application/json")) {
    json = JSON.parse(new TextDecoder().decode(bytes)) as ApiAnswer["json"];
  }
  return { status: response.status, headers: response.headers, json, bytes };
}
