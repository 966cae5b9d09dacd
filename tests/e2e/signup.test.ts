import { randomUUID } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { siteUrl } from "../../scripts/lib/project.ts";
import { refs } from "../support/backend.ts";
import { launchBrowser, newContext } from "../../scripts/lib/browser.ts";
import { collectPageErrors } from "../support/page-errors.ts";
import { requestSignInLink, signInWithEmailLink } from "../../scripts/lib/browser-sign-in.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const newEmail = () => `e2e-${randomUUID().slice(0, 8)}@test.example`;

async function freshPage(): Promise<{ page: Page; errors: string[] }> {
  const page = await (await newContext(browser)).newPage();
  return { page, errors: collectPageErrors(page) };
}

describe("/signup", () => {
  test("Continue with Email is disabled while the e-mail is empty", async () => {
    const { page } = await freshPage();
    await page.goto(`${siteUrl}/signup`);
    const button = page.getByRole("button", { name: "Continue with Email" });
    expect(await button.isDisabled()).toBe(true);
    // The form paints from the HTML; its buttons come alive once the app has taken the page over.
    await expect
      .poll(() => page.getByRole("button", { name: "Continue with Google" }).isEnabled(), { timeout: 30_000 })
      .toBe(true);
    expect(await button.isDisabled()).toBe(true);
    await page.getByLabel("Email").fill("someone@test.example");
    expect(await button.isDisabled()).toBe(false);
    await page.getByLabel("Email").fill("  ");
    expect(await button.isDisabled()).toBe(true);
  });

  test("an e-mail link signs a new user in, creates the account and opens the dashboard", async () => {
    const { page, errors } = await freshPage();
    const email = newEmail();
    const link = await requestSignInLink(page, email);
    expect(await page.evaluate(() => window.localStorage.getItem("emailForSignIn"))).toBe(email);
    const sent = page.getByText(/A sign-in link is on its way/);
    expect(await sent.textContent()).toContain("spam");

    await page.goto(link);
    await page.waitForURL(`${siteUrl}/dashboard`);
    expect(await page.evaluate(() => window.localStorage.getItem("emailForSignIn"))).toBeNull();
    const accounts = await refs.affiliates().where("email", "==", email).get();
    expect(accounts.size).toBe(1);
    expect(errors).toEqual([]);

    // Signed in, /signup sends the user on to the dashboard.
    await page.goto(`${siteUrl}/signup`);
    await page.waitForURL(`${siteUrl}/dashboard`);
  });

  test("a used sign-in link says so and how to get a new one", async () => {
    const { page } = await freshPage();
    const email = newEmail();
    const link = await requestSignInLink(page, email);
    await page.goto(link);
    await page.waitForURL(`${siteUrl}/dashboard`);
    const { page: later } = await freshPage();
    await later.goto(link);
    await later.getByRole("heading", { name: "Confirm your e-mail" }).waitFor();
    await later.getByLabel("Email").fill(email);
    await later.getByRole("button", { name: "Sign in" }).click();
    const error = later.getByRole("alert");
    await error.waitFor();
    expect(await error.textContent()).toBe(
      "This sign-in link was already used or has expired. Enter your e-mail to get a new one.",
    );
    // Back to asking for a new link.
    await later.getByRole("button", { name: "Continue with Email" }).click();
    await later.getByText("Check your inbox").waitFor();
  });

  test("an address without the shape of one is refused in the page, with no request sent", async () => {
    const { page } = await freshPage();
    await page.goto(`${siteUrl}/signup`);
    const requests: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    await page.getByLabel("Email").fill("dana.example.com");
    await page.getByRole("button", { name: "Continue with Email" }).click();
    const error = page.getByRole("alert");
    await error.waitFor();
    expect(await error.textContent()).toBe("Enter your e-mail address in full, like name@example.com.");
    expect(requests.filter((url) => url.includes("sendOobCode"))).toEqual([]);
  });

  test("a link opened on another device asks for the e-mail first", async () => {
    const { page: first } = await freshPage();
    const email = newEmail();
    const link = await requestSignInLink(first, email);
    const { page: other } = await freshPage();
    await other.goto(link);
    await other.getByRole("heading", { name: "Confirm your e-mail" }).waitFor();
    await other.getByLabel("Email").fill(email);
    await other.getByRole("button", { name: "Sign in" }).click();
    await other.waitForURL(`${siteUrl}/dashboard`);
  });

  test("on another device, a mistyped e-mail can be corrected and the same link still signs in", async () => {
    const { page: first } = await freshPage();
    const email = newEmail();
    const link = await requestSignInLink(first, email);
    const { page: other } = await freshPage();
    await other.goto(link);
    await other.getByRole("heading", { name: "Confirm your e-mail" }).waitFor();
    await other.getByLabel("Email").fill(`not-${email}`);
    await other.getByRole("button", { name: "Sign in" }).click();
    await other.getByRole("alert").waitFor();
    // Still the link's form: the retry signs in with it rather than mailing a new one.
    await other.getByRole("heading", { name: "Confirm your e-mail" }).waitFor();
    await other.getByLabel("Email").fill(email);
    await other.getByRole("button", { name: "Sign in" }).click();
    await other.waitForURL(`${siteUrl}/dashboard`);
    const accounts = await refs.affiliates().where("email", "==", email).get();
    expect(accounts.size).toBe(1);
  });

  test("signed in, but the account could not be created: the server's error stays on /signup", async () => {
    const { page } = await freshPage();
    const email = newEmail();
    const link = await requestSignInLink(page, email);
    // The server refuses once, as SPEC.md §8 has it: { error }.
    await page.route(
      "**/api/create_account",
      (route) => route.fulfill({ status: 500, json: { error: "Account creation is unavailable." } }),
      { times: 1 },
    );
    await page.goto(link);
    const error = page.getByRole("alert");
    await error.waitFor();
    expect(await error.textContent()).toBe("Account creation is unavailable.");
    expect(new URL(page.url()).pathname).toBe("/signup");
    expect(await page.evaluate(() => window.localStorage.getItem("emailForSignIn"))).toBeNull();
    expect((await refs.affiliates().where("email", "==", email).get()).size).toBe(0);
  });

  test("provider errors say what happened and what to do, in red", async () => {
    const { page } = await freshPage();
    await page.goto(`${siteUrl}/signup`);
    // Closing Google's sign-in window is an error the provider reports.
    const [popup] = await Promise.all([
      page.waitForEvent("popup"),
      page.getByRole("button", { name: "Continue with Google" }).click(),
    ]);
    await popup.close();
    const error = page.getByRole("alert");
    await error.waitFor();
    expect(await error.textContent()).toBe(
      "The Google window was closed before you signed in. Try again, or use your e-mail instead.",
    );
    expect(await error.evaluate((element) => getComputedStyle(element).color)).toBe("rgb(255, 107, 107)");
  });
});

describe("the guard", () => {
  test("signed out, /dashboard and /advertiser go to /signup", async () => {
    const { page } = await freshPage();
    for (const path of ["/dashboard", "/advertiser"]) {
      await page.goto(`${siteUrl}${path}`);
      await page.waitForURL(`${siteUrl}/signup`);
    }
  });

  test("signed in, /dashboard stays", async () => {
    const { page } = await freshPage();
    await signInWithEmailLink(page, newEmail());
    await page.reload();
    await page.waitForURL(`${siteUrl}/dashboard`);
    expect(page.url()).toBe(`${siteUrl}/dashboard`);
  });
});
