/**
 * Issue 34: a person opens an affiliate's recruit link, signs up by e-mail link (the code waits in the site's
 * own storage meanwhile), and their account records the recruiter; their dashboard says only that they joined
 * through a partner's invitation. A sale of theirs then shows on the recruiter's dashboard, on a phone, as
 * "Recruit 1" with the share it earned them (5% of the $12 commission: $0.60), with no sideways scrolling.
 */
import { randomUUID } from "node:crypto";
import { expect, test } from "vitest";
import { siteUrl } from "../../scripts/lib/project.ts";
import { signInWithEmailLink } from "../../scripts/lib/browser-sign-in.ts";
import { newContext } from "../../scripts/lib/browser.ts";
import { sendEvent } from "../../scripts/lib/events-client.ts";
import { refs, saleEvent } from "../support/backend.ts";
import { browserForFile } from "../support/browser-session.ts";
import { affiliateDashboard, scrollToAccountSections } from "../support/dashboard.ts";
import { collectPageErrors } from "../support/page-errors.ts";
import { createAffiliateUser } from "../support/users.ts";

const browser = browserForFile();
const phone = { width: 390, height: 844 };

test("a recruit signs up through the link; their sale shows on the recruiter's dashboard", async () => {
  const recruiter = await createAffiliateUser();

  const page = await (await newContext(browser(), phone)).newPage();
  const errors = collectPageErrors(page);
  await page.goto(`${siteUrl}/signup?ref=${recruiter.uid}`);
  await expect
    .poll(() => page.evaluate(() => window.localStorage.getItem("recruitedBy")), { timeout: 30_000 })
    .toBe(recruiter.uid);
  const email = `recruit-${randomUUID().slice(0, 8)}@test.example`;
  await signInWithEmailLink(page, email);
  const [account] = (await refs.affiliates().where("email", "==", email).get()).docs.map((doc) => doc.data());
  expect(account!.recruited_by).toMatchObject({ chain: [{ uid: recruiter.uid, no: 1 }], ended_at: null });
  expect(await page.evaluate(() => window.localStorage.getItem("recruitedBy"))).toBeNull();
  await scrollToAccountSections(page);
  const own = page.getByRole("region", { name: "Your Recruits" });
  await expect
    .poll(() => own.textContent(), { timeout: 20_000 })
    .toContain("You joined through a partner's invitation.");
  expect(await own.textContent()).not.toContain(recruiter.email);
  expect(errors).toEqual([]);

  const sale = { ...saleEvent(account!.uid, "20.00"), occurred_at: new Date().toISOString() };
  expect((await sendEvent(sale)).status).toBe(200);

  const dashboard = await affiliateDashboard(browser(), recruiter.email, phone);
  const recruits = dashboard.page.getByRole("region", { name: "Your Recruits" });
  await expect.poll(() => recruits.textContent(), { timeout: 20_000 }).toContain("Recruit 1");
  const text = (await recruits.textContent())!;
  expect(text).toContain("$0.60");
  expect(text).toContain("5% of their commissions for 12 months");
  expect(text).not.toContain(email);
  expect(text).not.toContain(account!.uid);
  expect(await recruits.locator("code").textContent()).toBe(`${siteUrl}/signup?ref=${recruiter.uid}`);
  await recruits.getByRole("button", { name: "Copy your recruit link" }).waitFor();
  const sideways = await dashboard.page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(sideways).toBe(0);
  expect(dashboard.errors).toEqual([]);
});
