import { randomUUID } from "node:crypto";
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sendEvent } from "../../scripts/lib/events-client.ts";
import { rootDir, siteUrl } from "../../scripts/lib/project.ts";
import { seriousAccessibilityViolations } from "../support/axe.ts";
import { refs } from "../support/backend.ts";
import { launchBrowser, newContext } from "../../scripts/lib/browser.ts";
import { collectPageErrors } from "../support/page-errors.ts";
import { signInWithEmailLink } from "../../scripts/lib/browser-sign-in.ts";
import { pdfText } from "../support/pdf.ts";
import { auth } from "../support/users.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const screenshots = path.join(rootDir, "test-results", "screenshots");
const newEmail = (prefix = "e2e") => `${prefix}-${randomUUID().slice(0, 8)}@test.example`;

async function signedIn(email = newEmail(), size?: { width: number; height: number }) {
  const context = await newContext(browser, size);
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.accept();
  });
  await signInWithEmailLink(page, email);
  const uid = (await refs.affiliates().where("email", "==", email).get()).docs[0]?.id;
  if (!uid) throw new Error(`No account was created for ${email}`);
  return { page, uid, email, errors, dialogs };
}

const minuteAgo = () => new Date(Date.now() - 60_000).toISOString();
const event = (uid: string, type: string, extra: object = {}) =>
  sendEvent({ id: `e-${randomUUID()}`, advertiser_id: "promptchan", type, uid, occurred_at: minuteAgo(), ...extra });

/** The value shown on a stat card, by its section heading and label. */
function card(page: Page, section: string, label: string) {
  return page
    .locator("section", { has: page.getByRole("heading", { name: section, exact: true }) })
    .getByText(label, { exact: true })
    .locator("xpath=following-sibling::*[1]");
}

async function fillDetails(page: Page) {
  await page.getByLabel("Full Name").fill("Erin Endtoend");
  await page.getByLabel("Company").fill("Endtoend Media");
  await page.getByLabel("Address").fill("1 Test Street");
  await page.getByLabel("City").fill("Lisbon");
  await page.getByLabel("Post/Zip Code").fill("1100-053");
  await page.getByLabel("Country").fill("Portugal");
  await page.getByLabel("Invoice Email").fill("invoices@endtoend.example");
  await page.getByLabel("VAT/Tax").fill("PT123456789");
  await page.getByLabel("Payout Method").selectOption("Wise");
  await page.getByLabel("Wise Account Email").fill("erin@wise.example");
  await page.getByRole("button", { name: "Update Details" }).click();
  await page.getByText("Details successfully updated.").waitFor();
}

describe("the affiliate dashboard", () => {
  test("a new affiliate fills the details, manages links, sees events arrive live and requests a payout", async () => {
    const { page, uid, errors, dialogs } = await signedIn();
    await page.getByText("Complete your payout details below").waitFor();
    expect(await card(page, "All Time", "Balance").textContent()).toBe("$0");

    await fillDetails(page);
    // Complete details show the links: the default one, in SPEC.md's shape.
    const defaultLink = `${siteUrl}/m/${uid}`;
    await page.getByText(defaultLink, { exact: true }).waitFor();

    // A tracker: typed freely (at most 6 characters), normalised on add.
    const tracker = page.getByLabel("Add a tracker");
    await tracker.fill("TikTok!!");
    expect(await tracker.inputValue()).toBe("TikTok");
    await page.getByRole("button", { name: "Add Tracker" }).click();
    await page.getByText(`${defaultLink}/tiktok`, { exact: true }).waitFor();

    // A landing page joins the link.
    await page.getByLabel("Landing page").selectOption({ label: "AI Porn (NSFW)" });
    await page.getByText(`${defaultLink}/tiktok?landing=%2Fai-porn`, { exact: true }).waitFor();

    // Copy-to-clipboard, with visible feedback.
    await page.getByRole("button", { name: "Copy the Default link" }).click();
    await page.getByRole("button", { name: "Copy the Default link" }).getByText("Copied!").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${defaultLink}?landing=%2Fai-porn`);

    await page.getByRole("button", { name: "Delete tracker /tiktok" }).click();
    await expect.poll(() => page.getByText(`${defaultLink}/tiktok`, { exact: false }).count()).toBe(0);

    // Events sent to /api/events show up without a reload.
    expect((await event(uid, "sign_up")).status).toBe(200);
    expect((await event(uid, "sale", { amount: "400.00" })).status).toBe(200);
    await expect.poll(() => card(page, "Last 7 Days", "Earnings").textContent(), { timeout: 15_000 }).toBe("$240");
    expect(await card(page, "Last 7 Days", "Sign-ups").textContent()).toBe("1");
    expect(await card(page, "All Time", "Balance").textContent()).toBe("$240");

    // Request Payout: the invoice PDF downloads and the payout shows as pending.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Request Payout" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^INV-\d{4}-\d{6}\.pdf$/);
    const pdf = readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = await pdfText(new Uint8Array(pdf));
    expect(text).toContain(download.suggestedFilename().replace(".pdf", ""));
    expect(text).toContain("$240.00");
    expect(text).toContain("Erin Endtoend");
    await page.getByText(/Payout pending: \$240/).waitFor();

    // A second request is stopped in the browser with SPEC.md's alert.
    await page.getByRole("button", { name: "Request Payout" }).click();
    await expect
      .poll(() => dialogs)
      .toContain("You already have a pending payout in progress. Please wait until the payout is complete.");

    expect(errors).toEqual([]);
  }, 120_000);

  test("Request Payout alerts: incomplete details, then a balance under $200", async () => {
    const { page, uid, dialogs } = await signedIn();
    await page.getByRole("button", { name: "Request Payout" }).click();
    await expect.poll(() => dialogs).toEqual(["Please complete all fields before requesting a payout."]);
    await fillDetails(page);
    await event(uid, "sale", { amount: "100.00" });
    await expect.poll(() => card(page, "All Time", "Balance").textContent(), { timeout: 15_000 }).toBe("$60");
    await page.getByRole("button", { name: "Request Payout" }).click();
    await expect
      .poll(() => dialogs.at(-1))
      .toBe("Minimum payout is $200. Your current available balance is less than the required amount.");
  }, 90_000);

  test("a details update the server refuses says why, word for word", async () => {
    const { page } = await signedIn();
    await page.getByLabel("Payout Method").selectOption("Crypto (TRON)");
    await page.getByLabel("Full Name").fill("Someone");
    await page.getByRole("button", { name: "Update Details" }).click();
    await page.getByText(/^Failed to update details: /).waitFor();
  });

  test("the transaction history opens, lists newest first, and exports CSV", async () => {
    const { page, uid, errors } = await signedIn();
    await event(uid, "sale", { amount: "10.00", occurred_at: new Date(Date.now() - 120_000).toISOString() });
    await event(uid, "sale", { amount: "30.00" });
    await page.getByRole("button", { name: "View" }).click();
    const rows = page.getByRole("row").filter({ has: page.getByRole("cell") });
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
    expect(await rows.nth(0).textContent()).toContain("$18");
    expect(await rows.nth(1).textContent()).toContain("$6");
    expect(
      await page.getByLabel("Transactions, newest first").evaluate((element) => getComputedStyle(element).maxHeight),
    ).toBe("500px");
    const [download] = await Promise.all([
      page.waitForEvent("download", { timeout: 10_000 }).catch((error: Error) => {
        throw new Error(`${error.message}; page errors: ${errors.join(" | ")}`);
      }),
      page.getByRole("button", { name: "Export Data" }).click(),
    ]);
    expect(errors).toEqual([]);
    const csv = readFileSync((await download.path())!, "utf8").split("\r\n");
    expect(csv[0]).toBe("timestamp,type,advertiser_id,id,tracker,transaction_cost,earnings,refunded,repeat_index,note");
    expect(csv.filter((line) => line.includes(",sale,"))).toHaveLength(2);
    await page.getByRole("button", { name: "Hide" }).click();
    expect(await rows.count()).toBe(0);
  }, 90_000);

  test("a suspended account sees only the notice, and can log out", async () => {
    const email = newEmail("suspended");
    const user = await auth().createUser({ email });
    const { newAffiliate } = await import("../../functions/src/domain/model.ts");
    await refs.affiliate(user.uid).set({ ...newAffiliate(user.uid, email, new Date()), fraud_user: true });
    const { page } = await signedIn(email);
    await page.getByText("Your account has been permanantly suspended due to fraudulent activity.").waitFor();
    expect(await page.getByRole("heading", { name: "Last 7 Days" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Request Payout" }).count()).toBe(0);
    await page.getByRole("button", { name: "Log out" }).click();
    await page.waitForURL(`${siteUrl}/`);
  }, 60_000);

  test("the admin's Set Uid box shows another affiliate's dashboard, read-only", async () => {
    const other = await signedIn();
    await fillDetails(other.page);
    const email = newEmail("admin");
    const admin = await auth().createUser({ email });
    await auth().setCustomUserClaims(admin.uid, { admin: true });
    // The admin lands on /advertiser and reaches the dashboard from the header.
    const page = await (await newContext(browser)).newPage();
    await signInWithEmailLink(page, email, "/advertiser");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
    await page.getByLabel("Set Uid", { exact: true }).fill(other.uid);
    await page.getByRole("button", { name: "Set Uid" }).click();
    await page.getByText(`Viewing Erin Endtoend (${other.uid}), read-only.`).waitFor();
    expect(await page.getByRole("button", { name: "Request Payout" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Update Details" }).count()).toBe(0);
    await page.getByRole("button", { name: "Back to my account" }).click();
    // The admin's own uid has no affiliate account, and viewing the dashboard did not make one.
    await page.getByText("This is not an affiliate account").waitFor();
    expect((await refs.affiliate(admin.uid).get()).exists).toBe(false);
  }, 90_000);

  test("Google sign-in through the Auth emulator's page creates the account", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${siteUrl}/signup`);
    const [popup] = await Promise.all([
      page.waitForEvent("popup"),
      page.getByRole("button", { name: "Continue with Google" }).click(),
    ]);
    await popup.getByText("Add new account").click();
    await popup.getByText("Auto-generate user information").click();
    const email = await popup.locator("#email-input").inputValue();
    await popup.getByText("Sign in with Google.com").click();
    await page.waitForURL(`${siteUrl}/dashboard`);
    await page.getByRole("heading", { name: "Last 7 Days" }).waitFor();
    expect((await refs.affiliates().where("email", "==", email).get()).size).toBe(1);
  }, 60_000);
});

describe("accessibility and looks", () => {
  test("/signup and /dashboard have no serious accessibility violations", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${siteUrl}/signup`);
    await page.getByRole("button", { name: "Continue with Email" }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    const { page: dashboard } = await signedIn();
    await fillDetails(dashboard);
    await dashboard.getByRole("heading", { name: "Your Affiliate Links" }).waitFor();
    expect(await seriousAccessibilityViolations(dashboard)).toEqual([]);
  }, 60_000);

  test("screenshots of the demo affiliate's dashboard at desktop and phone widths", async () => {
    mkdirSync(screenshots, { recursive: true });
    for (const [name, size] of [
      ["desktop", { width: 1280, height: 900 }],
      ["phone", { width: 390, height: 844 }],
    ] as const) {
      const { page } = await signedIn("affiliate@demo.test", size);
      await page.getByRole("heading", { name: "Your Affiliate Links" }).waitFor();
      await page
        .getByRole("img", { name: /^Daily clicks/ })
        .locator("svg")
        .first()
        .waitFor();
      const file = path.join(screenshots, `dashboard-${name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      // Nothing sticks out sideways on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    }
  }, 90_000);
});
