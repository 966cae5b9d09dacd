/** The account call shared by the sign-up page and the dashboard (SPEC.md §7), through the API client. */
import type { User } from "firebase/auth";
import { callApi, type ApiAnswer } from "./api";

/**
 * POST /api/create_account: the caller's affiliate account (idempotent on the server). "staff" when the
 * server knows the caller as staff or admin (an admin by configuration learns it on this first call) and
 * made no account.
 */
export async function createAccount(user: User): Promise<ApiAnswer<"POST", "/api/create_account">["status"]> {
  return (await callApi(user, "POST", "/api/create_account")).status;
}
