/**
 * Signing in in the browser, for the end-to-end tests and the browser benchmarks: through /signup's e-mail
 * link flow against the Auth emulator, reading the link from the emulator's out-of-band codes instead of a
 * mailbox.
 */
import type { Page } from "playwright-core";
import { demoProjectId, emulatorUrl, siteUrl } from "./project.ts";

interface OobCode {
  email: string;
  requestType: string;
  oobLink: string;
}

/** The newest e-mail sign-in link the Auth emulator "sent" to `email`. */
export async function signInLinkFor(email: string): Promise<string> {
  const response = await fetch(`${emulatorUrl("auth")}/emulator/v1/projects/${demoProjectId}/oobCodes`);
  const { oobCodes } = (await response.json()) as { oobCodes: OobCode[] };
  const link = oobCodes.filter((code) => code.email === email && code.requestType === "EMAIL_SIGNIN").at(-1)?.oobLink;
  if (!link) throw new Error(`The Auth emulator has no sign-in link for ${email}`);
  return link;
}

/** Asks /signup for a link, waits for the sent message, and returns the link. */
export async function requestSignInLink(page: Page, email: string): Promise<string> {
  await page.goto(`${siteUrl}/signup`);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Continue with Email" }).click();
  await page.getByText("Check your inbox").waitFor();
  return signInLinkFor(email);
}

/**
 * How long a sign-in may take to land. A new affiliate's account is created on the way (the api function),
 * which on a busy machine (the api tests beside, or just before, the browser tests) can take more than Playwright's
 * default 30 s.
 */
const landingTimeoutMs = 60_000;

/**
 * Signs `email` in and waits for where they land: an affiliate (a new one gets an account) on the
 * dashboard, advertiser staff and admin on /advertiser. A sign-in the page refuses fails at once with the
 * page's own words, not after the wait.
 */
export async function signInWithEmailLink(
  page: Page,
  email: string,
  landsOn: "/dashboard" | "/advertiser" = "/dashboard",
): Promise<void> {
  const link = await requestSignInLink(page, email);
  await page.goto(link);
  const refused = page.getByRole("alert");
  await Promise.race([
    page.waitForURL(`${siteUrl}${landsOn}`, { timeout: landingTimeoutMs }),
    refused.waitFor({ timeout: landingTimeoutMs }).then(async () => {
      if (page.url().startsWith(`${siteUrl}${landsOn}`)) return;
      throw new Error(`Signing in ${email} was refused: ${await refused.first().textContent()}`);
    }),
  ]);
}
