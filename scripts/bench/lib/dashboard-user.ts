/**
 * An affiliate signed in in the browser the way a person signs in (the e-mail link flow on /signup, against
 * the Auth emulator), whose account the app creates through the API, then given complete payout details
 * and some history with the Admin SDK.
 */
import { randomUUID } from "node:crypto";
import type { BrowserContext, Page } from "playwright-core";
import { newContext } from "../../lib/browser.ts";
import { signInWithEmailLink } from "../../lib/browser-sign-in.ts";
import type { BenchContext } from "./context.ts";
import { installHooks } from "./page-hooks.ts";
import { benchAffiliate } from "./seed.ts";

export async function signInAffiliate(
  ctx: BenchContext,
): Promise<{ context: BrowserContext; page: Page; uid: string; email: string }> {
  const { fns } = ctx;
  const browser = await ctx.browser();
  const context = await newContext(browser);
  await installHooks(context);
  const page = await context.newPage();
  const email = `dash-${randomUUID().slice(0, 8)}@bench.example`;
  await signInWithEmailLink(page, email);
  let uid: string | undefined;
  for (let attempt = 0; attempt < 50 && !uid; attempt++) {
    uid = (await fns.refs.affiliates().where("email", "==", email).get()).docs[0]?.id;
    if (!uid) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (!uid) throw new Error(`The app made no account for ${email}`);
  // Complete details and a lived-in history (totals, trackers, 35 recent days), as a busy affiliate has.
  const figures = benchAffiliate(fns, 40_000, new Date());
  await fns.refs.affiliate(uid).set({
    ...figures,
    uid,
    email,
    invoice_email: email,
    fraud_user: false,
    payout_pending: false,
    pending_payout_id: null,
    latest_invoice: null,
  });
  return { context, page, uid, email };
}

export async function balanceShown(ctx: BenchContext, uid: string): Promise<string> {
  const affiliate = (await ctx.fns.refs.affiliate(uid).get()).data()!;
  return ctx.fns.formatDollars(ctx.fns.balanceOf(affiliate));
}
