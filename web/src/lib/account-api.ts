/** The account call shared by the sign-up page and the dashboard (SPEC.md §7), through the API client. */
import type { User } from "firebase/auth";
import { callApi } from "./api";

/** POST /api/create_account: the caller's affiliate account (idempotent on the server). */
export async function createAccount(user: User): Promise<void> {
  await callApi(user, "POST", "/api/create_account");
}
