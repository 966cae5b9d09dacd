/**
 * Issue 33's self-referral, through the screens: with the rule on (hold new commissions), a sale whose
 * customer is the affiliate (the advertiser sends the SHA-256 of their own sign-in e-mail) is held by the case
 * it opens. The affiliate sees it under review; staff find the case in the Risk section with its evidence
 * (which sale, which identifier: never its value) and release it; the affiliate then sees the sale back in
 * its normal hold.
 * Serial: it switches the programme-wide self_referral rule on, and puts the rules back after.
 */
import { createHash, randomUUID } from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { formatDollars } from "../../functions/src/domain/money.ts";
import type { RiskRules } from "../../functions/src/domain/risk-rules.ts";
import { sendEvent } from "../../scripts/lib/events-client.ts";
import { siteUrl } from "../../scripts/lib/project.ts";
import { refs, saleEvent } from "../support/backend.ts";
import { browserForFile, screenshotsDir } from "../support/browser-session.ts";
import { affiliateDashboard, saleStatus } from "../support/dashboard.ts";
import { payoutForm } from "../support/payout-details.ts";
import { promptchanSettings, saveRiskRules } from "../support/risk.ts";
import { staffPage } from "../support/staff-page.ts";
import { api, createAffiliateUser, createUser, type TestUser } from "../support/users.ts";

const browser = browserForFile();
const desktop = { width: 1366, height: 900 };

let admin: TestUser;
let rules: RiskRules;

beforeAll(async () => {
  admin = await createUser({ claims: { admin: true } });
  rules = (await promptchanSettings(admin)).settings.risk_rules;
  await saveRiskRules(admin, { ...rules, self_referral: { enabled: true, action: "hold_new" } });
});

afterAll(async () => {
  await saveRiskRules(admin, rules);
});

test("a self-referral sale is held; staff release its case in Risk; the affiliate sees it back in its hold", async () => {
  const user = await createAffiliateUser();
  const name = `Selfie ${randomUUID().slice(0, 8)}`;
  const details = await api(user, "POST", "/api/update_paypal_account", payoutForm({ name }));
  expect(details.status, details.json.error).toBe(200);

  const sale = {
    ...saleEvent(user.uid, "100.00"),
    customer_email_sha256: createHash("sha256").update(user.email.toLowerCase()).digest("hex"),
  };
  expect((await sendEvent(sale)).body).toEqual({ status: "applied" });
  const caseId = (await refs.affiliate(user.uid).get()).data()!.risk_case!.id;
  const heldText = formatDollars(6_000);

  // The affiliate: the review's notice, in plain words, and the sale under review.
  const mine = await affiliateDashboard(browser(), user.email, desktop);
  const notice = mine.page.getByRole("region", { name: "Your account is under review" });
  await notice.waitFor();
  const noticeText = (await notice.textContent())!;
  expect(noticeText).toContain("Some sales look like purchases made by the account holder.");
  expect(noticeText).toContain(`${heldText} of commission is held by the review`);
  expect(noticeText).not.toMatch(/self_referral|sha256|e-mail matches/i);
  const status = await saleStatus(mine.page);
  await expect
    .poll(() => status.textContent())
    .toMatch(/^Under review since \d{1,2} [A-Z][a-z]{2} \d{4}: Some sales look like purchases/);
  await status.scrollIntoViewIfNeeded();
  await mine.page.screenshot({ path: path.join(screenshotsDir, "self-referral-affiliate-review.png") });

  // Staff: the case in the Risk section, its family and evidence (the sale, the kind of identifier).
  const { page, errors } = await staffPage(browser(), desktop);
  await page.goto(`${siteUrl}/advertiser/risk?case=${caseId}`);
  const card = page.getByRole("article", { name });
  await card.getByRole("button", { name: "Hide evidence" }).waitFor();
  const cardText = (await card.textContent())!;
  for (const part of ["Self-referral", "Hold new commissions", heldText]) expect(cardText).toContain(part);
  await card.getByText(`Sale ${sale.id} (promptchan): the customer's e-mail matches the affiliate's own.`).waitFor();
  expect(cardText).not.toContain(sale.customer_email_sha256);
  await card.screenshot({ path: path.join(screenshotsDir, "self-referral-case.png") });

  await card.getByRole("button", { name: `Release ${name}'s case` }).click();
  const dialog = page.getByRole("dialog", { name: `Release ${name}'s case?` });
  await dialog.getByLabel("Reason (kept with the case)").fill("Checked: a gift bought for a friend.");
  await dialog.getByRole("button", { name: `Release ${heldText}` }).click();
  await card.getByText(`Released: ${heldText} of held commission is back on its normal hold timeline.`).waitFor();
  expect((await refs.riskCase(caseId).get()).data()!.status).toBe("released");
  expect(errors).toEqual([]);

  // The affiliate's dashboard, live: the review is over and the sale is in its normal hold.
  await expect.poll(() => status.textContent()).toMatch(/^In hold until \d{1,2} [A-Z][a-z]{2} \d{4}$/);
  await notice.waitFor({ state: "detached" });
  await mine.page.screenshot({ path: path.join(screenshotsDir, "self-referral-affiliate-released.png") });
  expect(mine.errors).toEqual([]);
});
