/**
 * Issue 32, item 10: an affiliate outside the US chooses Bank Transfer (IBAN) in the payout details form, at
 * desktop and phone sizes. A mistyped IBAN is refused on its field in a marketer's words; the right one is
 * saved normalised, shown back in groups of four, and named where Request Payout says where the money goes.
 */
import path from "node:path";
import { describe, expect, test } from "vitest";
import { newContext } from "../../scripts/lib/browser.ts";
import { signInWithEmailLink } from "../../scripts/lib/browser-sign-in.ts";
import { seriousAccessibilityViolations } from "../support/axe.ts";
import { refs, sendMaturedSale } from "../support/backend.ts";
import { browserForFile, screenshotsDir } from "../support/browser-session.ts";
import { fieldError, scrollToAccountSections } from "../support/dashboard.ts";
import { collectPageErrors } from "../support/page-errors.ts";
import { payoutForm } from "../support/payout-details.ts";
import { api, createAffiliateUser } from "../support/users.ts";

const browser = browserForFile();

describe("Bank Transfer (IBAN) in the payout details form", () => {
  test.each([
    ["desktop", { width: 1366, height: 900 }],
    ["phone", { width: 390, height: 844 }],
  ] as const)(
    "%s: refused inline when mistyped, saved normalised, named in Request Payout",
    async (name, size) => {
      // An affiliate with complete Wise details and $252 available, who moves to a German bank account.
      const user = await createAffiliateUser();
      expect((await sendMaturedSale(user.uid, "420")).status).toBe(200);
      expect((await api(user, "POST", "/api/update_paypal_account", payoutForm())).status).toBe(200);
      const context = await newContext(browser(), size);
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      await signInWithEmailLink(page, user.email);
      await scrollToAccountSections(page);

      await page.getByLabel("Payout Method").selectOption("Bank Transfer (IBAN)");
      const iban = page.getByLabel("IBAN");
      await iban.fill("DE89 3704 0044 0532 0130 01");
      await page.getByRole("button", { name: "Update Details" }).click();
      await expect
        .poll(() => fieldError(page, "IBAN"))
        .toBe("This IBAN's check digits do not match: check it for a typo.");
      expect(await fieldError(page, "SWIFT/BIC")).toBe("SWIFT/BIC is required.");
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("iban");
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      await page
        .locator("form", { has: page.getByRole("heading", { name: "Payout Details" }) })
        .screenshot({ path: path.join(screenshotsDir, `dashboard-iban-error-${name}.png`) });

      // Typed as people do (lower case, spaces): saved without them, shown back in groups of four.
      await iban.fill("de89 3704 0044 0532 0130 00");
      expect(await fieldError(page, "IBAN")).toBeNull();
      await page.getByLabel("SWIFT/BIC").fill("coba de ff");
      await page.getByLabel("Account Holder Name").fill("Erin Endtoend");
      await page.getByRole("button", { name: "Update Details" }).click();
      await page.getByText("Details successfully updated.").waitFor();
      expect(await iban.inputValue()).toBe("DE89 3704 0044 0532 0130 00");
      expect(await page.getByLabel("SWIFT/BIC").inputValue()).toBe("COBADEFF");
      expect((await refs.affiliate(user.uid).get()).data()).toMatchObject({
        payout_type: "Bank Transfer (IBAN)",
        iban: "DE89370400440532013000",
        swift_BIC: "COBADEFF",
        account_holder: "Erin Endtoend",
      });

      // Request Payout names the saved bank account before anything is sent; Cancel sends nothing.
      const request = page.getByRole("button", { name: "Request Payout" });
      await expect.poll(() => request.isEnabled(), { timeout: 15_000 }).toBe(true);
      await request.click();
      const dialog = page.getByRole("dialog", { name: "Request this payout?" });
      await dialog.waitFor();
      expect(
        await dialog.getByText("Paid to", { exact: true }).locator("xpath=following-sibling::*[1]").textContent(),
      ).toBe("Bank Transfer (IBAN)Account holder: Erin EndtoendIBAN: DE89 3704 0044 0532 0130 00SWIFT/BIC: COBADEFF");
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(screenshotsDir, `dashboard-iban-request-${name}.png`) });
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "hidden" });
      expect((await refs.payouts().where("uid", "==", user.uid).get()).size).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    },
    90_000,
  );
});
