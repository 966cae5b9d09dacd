/**
 * The dashboard's lower sections (links, postbacks, payout, payouts, history) load when they come near the
 * screen (web/src/features/dashboard/account-sections.tsx): on a phone they are some screens down. A test
 * that works in them scrolls to them first, as a person would.
 */
import type { Browser, Page } from "playwright-core";
import { signInWithEmailLink } from "../../scripts/lib/browser-sign-in.ts";
import { newContext } from "../../scripts/lib/browser.ts";
import { collectPageErrors } from "./page-errors.ts";

/** What the lower sections' place says while they load (web/src/features/dashboard/dashboard-page.tsx). */
export const sectionsLoading = "Loading your links and payouts…";

/** Scrolls to the lower sections and waits until they are in. */
export async function scrollToAccountSections(page: Page): Promise<void> {
  await page.getByRole("heading", { name: "Your Affiliate Links" }).waitFor();
  // In the page, in one step: the heading is the placeholder's or, once they are in, the section's own.
  await page.evaluate(() => document.getElementById("links")!.scrollIntoView());
  await page.getByText(sectionsLoading).waitFor({ state: "detached" });
}

/** A details field's own error: the text its control is described by, while it is marked invalid. */
export async function fieldError(page: Page, label: string): Promise<string | null> {
  const control = page.getByLabel(label);
  if ((await control.getAttribute("aria-invalid")) !== "true") return null;
  const described = await control.getAttribute("aria-describedby");
  return described ? page.locator(`[id="${described}"]`).textContent() : null;
}

/** The affiliate's dashboard, signed in as they would, with the lower sections (payout, history) in. */
export async function affiliateDashboard(
  browser: Browser,
  email: string,
  size: { width: number; height: number },
): Promise<{ page: Page; errors: string[] }> {
  const page = await (await newContext(browser, size)).newPage();
  const errors = collectPageErrors(page);
  await signInWithEmailLink(page, email);
  await scrollToAccountSections(page);
  return { page, errors };
}

/** The Status cell of the one sale in the transaction history (opened with View). */
export async function saleStatus(page: Page) {
  const history = page.locator("section", { has: page.getByRole("heading", { name: "Transaction History" }) });
  await history.getByRole("button", { name: "View" }).click();
  const table = history.getByRole("table");
  await table.waitFor();
  const headers = await table.getByRole("columnheader").allTextContents();
  const row = table.getByRole("row").filter({ has: page.getByRole("cell", { name: "Sale", exact: true }) });
  return row.getByRole("cell").nth(headers.indexOf("Status"));
}
