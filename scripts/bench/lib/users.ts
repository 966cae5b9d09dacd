/**
 * Signed-in users for the API benchmarks, made in the Auth emulator (its REST API, as the web SDK would
 * use it) with whatever claims they need; a real ID token, as the web app sends it.
 */
import { randomUUID } from "node:crypto";
import { getAuth } from "firebase-admin/auth";
import { identity } from "../../lib/auth-emulator.ts";

export interface BenchUser {
  uid: string;
  email: string;
  token: string;
}

/** A new user with these claims (the Admin SDK must be initialised, e.g. by db()). */
export async function createUser(claims: Record<string, boolean> = {}, prefix = "bench"): Promise<BenchUser> {
  const email = `${prefix}-${randomUUID().slice(0, 8)}@bench.example`;
  const password = "bench-password-1";
  const { localId: uid } = await identity("accounts:signUp", { email, password });
  if (Object.keys(claims).length > 0) await getAuth().setCustomUserClaims(uid, claims);
  const { idToken } = await identity("accounts:signInWithPassword", { email, password });
  return { uid, email, token: idToken };
}
