/** The account call shared by the sign-up page and the dashboard (SPEC.md §7), through the API client. */
import type { User } from "firebase/auth";
import { callApi, type ApiAnswer } from "./api";
import { forgetRecruiter, rememberedRecruiter } from "./recruit-link";

/**
 * POST /api/create_account: the caller's affiliate account (idempotent on the server). "staff" when the
 * server knows the caller as staff or admin (an admin by configuration learns it on this first call) and
 * made no account. A recruit link opened in this browser goes with it (issue 34), and is forgotten once
 * the account exists (it counts only when the account is made).
 */
export async function createAccount(user: User): Promise<ApiAnswer<"POST", "/api/create_account">["status"]> {
  const recruiter = rememberedRecruiter();
  const { status } = await callApi(user, "POST", "/api/create_account", recruiter ? { recruited_by: recruiter } : {});
  if (recruiter) forgetRecruiter();
  return status;
}
