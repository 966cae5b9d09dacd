/**
 * Issue 34's staff tools, from an affiliate's card: staff adjust the balance with a reason (refused when it
 * would take back more than there is), the card shows the new balance, and the affiliate sees the entry with
 * its reason in their transaction history; staff set and end a deal, which the card shows; the history lists both.
 */
import { randomUUID } from "node:crypto";
import { expect, test } from "vitest";
import { browserForFile } from "../support/browser-session.ts";
import { affiliateDashboard } from "../support/dashboard.ts";
import { payoutForm } from "../support/payout-details.ts";
import { staffPage } from "../support/staff-page.ts";
import { api, createAffiliateUser } from "../support/users.ts";

const browser = browserForFile();
const desktop = { width: 1366, height: 900 };

/** An affiliate named `tag` (with payout details, so the list names them), and their card opened by staff. */
async function cardOf(tag: string) {
  const affiliate = await createAffiliateUser();
  const saved = await api(affiliate, "POST", "/api/update_paypal_account", payoutForm({ name: tag }));
  expect(saved.status).toBe(200);
  const { page, errors } = await staffPage(browser(), desktop);
  const table = page.getByRole("table", { name: "Affiliates" });
  await table.waitFor();
  await page.getByRole("searchbox").fill(tag);
  await table
    .getByRole("row", { name: new RegExp(tag) })
    .getByRole("button", { name: `Open ${tag}` })
    .click();
  return { affiliate, page, errors, card: page.getByRole("article", { name: tag }) };
}

test("staff adjust a balance with a reason; the affiliate sees the entry and why in their transactions", async () => {
  const tag = `Adjusted ${randomUUID().slice(0, 8)}`;
  const { affiliate, page, errors, card } = await cardOf(tag);
  await card.getByRole("button", { name: `Adjust balance of ${tag}` }).click();
  const dialog = page.getByRole("dialog", { name: `Adjust ${tag}'s balance` });
  const amount = dialog.getByRole("textbox", { name: "Amount in dollars (negative takes back)" });
  const reason = dialog.getByRole("textbox", { name: "Reason (shown to the affiliate, kept in the audit)" });
  // Taking back from a balance of $0 is refused by the server, in its words, and nothing moves.
  await amount.fill("-5");
  await reason.fill("Duplicate sale");
  await dialog.getByRole("button", { name: "Adjust balance" }).click();
  await dialog.getByText("Nothing can be taken from this balance: all of it is paid.").waitFor();
  await amount.fill("25.50");
  await dialog.getByRole("combobox", { name: "Advertiser" }).selectOption({ label: "CuteChat" });
  await reason.fill("Sale missed by the tracker on 3 May");
  await dialog.getByRole("button", { name: "Adjust balance" }).click();
  await dialog.waitFor({ state: "hidden" });
  await expect.poll(() => card.textContent(), { timeout: 20_000 }).toContain("Balance$25.50");
  // The refused take-back's answer is the only error the page logged.
  expect(errors).toEqual(["Failed to load resource: the server responded with a status of 409 (Conflict)"]);

  const dashboard = await affiliateDashboard(browser(), affiliate.email, desktop);
  await dashboard.page.getByRole("button", { name: "View" }).click();
  const rows = dashboard.page
    .getByLabel("Transactions, newest first")
    .getByRole("row")
    .filter({ has: dashboard.page.getByRole("cell") });
  await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(1);
  const text = await rows.first().textContent();
  expect(text).toContain("Adjustment");
  expect(text).toContain("CuteChat");
  expect(text).toContain("$25.50");
  expect(text).toContain("Sale missed by the tracker on 3 May");
  expect(dashboard.errors).toEqual([]);
}, 120_000);

test("staff set a deal with an end date from the card, which then shows it; ending it takes it off", async () => {
  const tag = `Dealt ${randomUUID().slice(0, 8)}`;
  const { page, errors, card } = await cardOf(tag);
  await card.getByRole("button", { name: `Deal of ${tag}` }).click();
  const dialog = page.getByRole("dialog", { name: `${tag}'s deal` });
  await dialog.getByText("No deal: they earn Default's terms.", { exact: false }).waitFor();
  await dialog.getByRole("textbox", { name: "Promptchan first-sale rate (%)" }).fill("72.5");
  await dialog.getByRole("textbox", { name: "Hold (days)" }).fill("7");
  await dialog.getByLabel("Ends on (optional, UTC)").fill("2099-12-31");
  await dialog.getByRole("button", { name: "Save deal" }).click();
  await dialog.getByText("Say why: it is kept in the audit.").waitFor();
  await dialog.getByRole("textbox", { name: "Reason (kept in the audit)" }).fill("Launch partner");
  await dialog.getByRole("button", { name: "Save deal" }).click();
  await dialog.waitFor({ state: "hidden" });
  await expect
    .poll(() => card.textContent(), { timeout: 20_000 })
    .toContain("DealPromptchan 72.5%, hold 7 days · until 31 Dec 2099");
  expect(await card.textContent()).toContain("Commission rate72.5%");

  await card.getByRole("button", { name: `Deal of ${tag}` }).click();
  await dialog.getByRole("textbox", { name: "Reason (kept in the audit)" }).fill("Campaign over");
  await dialog.getByRole("button", { name: "End deal" }).click();
  await dialog.waitFor({ state: "hidden" });
  await expect.poll(() => card.textContent(), { timeout: 20_000 }).not.toContain("Deal" + "Promptchan");
  expect(await card.textContent()).toContain("Commission rate60%");

  // The history has both changes, newest first, with why.
  await card.getByRole("button", { name: `History of ${tag}` }).click();
  const history = page.getByRole("dialog", { name: `${tag}'s history` });
  const entries = history.getByRole("listitem");
  await expect.poll(() => entries.count(), { timeout: 20_000 }).toBe(2);
  expect(await entries.nth(0).textContent()).toMatch(/^Deal ended.*Reason: Campaign over$/);
  expect(await entries.nth(1).textContent()).toMatch(
    /^Deal set: Promptchan 72\.5%, hold 7 days · until 31 Dec 2099.*Reason: Launch partner$/,
  );
  await history.getByRole("button", { name: "Close" }).click();
  expect(errors).toEqual([]);
}, 120_000);
