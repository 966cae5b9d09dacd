/** A staff member's page in the browser, signed in through /signup's e-mail link as a person would. */
import { randomUUID } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { newContext } from "../../scripts/lib/browser.ts";
import { signInWithEmailLink } from "../../scripts/lib/browser-sign-in.ts";
import { collectPageErrors } from "./page-errors.ts";
import { auth } from "./users.ts";

export async function staffPage(
  browser: Browser,
  size: { width?: number; height?: number } = {},
): Promise<{ page: Page; uid: string; errors: string[] }> {
  const email = `staff-${randomUUID().slice(0, 8)}@test.example`;
  const { uid } = await auth().createUser({ email, emailVerified: true });
  await auth().setCustomUserClaims(uid, { advertiser: true });
  const page = await (await newContext(browser, size)).newPage();
  const errors = collectPageErrors(page);
  await signInWithEmailLink(page, email, "/advertiser");
  return { page, uid, errors };
}
