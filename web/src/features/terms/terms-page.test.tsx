import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, expect, test, vi } from "vitest";
import { defaultCommissionRate } from "@domain/commission";
import { minimumPayoutCents, payoutIntervalMs } from "@domain/payout-eligibility";
import { TermsPage } from "./terms-page";

vi.mock("../../config", () => ({ config: { siteUrl: "https://affiliates.example" } }));
afterEach(cleanup);

const renderTerms = () =>
  render(
    <MemoryRouter>
      <TermsPage />
    </MemoryRouter>,
  );

test("the terms have SPEC.md §2's sections, in order", () => {
  renderTerms();
  expect(screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent)).toEqual([
    "Agreement",
    "Affiliate Obligations",
    "Affiliate Rights",
    "Payment",
    "Refunds",
    "Liability",
    "Term",
    "Labor Laws",
  ]);
});

test("the payment terms state the figures the payout rules enforce", () => {
  renderTerms();
  const payment = screen.getByRole("region", { name: "Payment" }).textContent ?? "";
  expect(payment).toContain(`${defaultCommissionRate * 100}% commission on initial sales`);
  expect(payment).toContain(`minimum payout is $${minimumPayoutCents / 100}`);
  expect(payment).toContain(
    `more than ${payoutIntervalMs / (24 * 60 * 60 * 1000)} days have passed since your last payout`,
  );
  // SPEC.md §1: the terms said PayPal where the screens say Wise; ours name both.
  expect(payment).toMatch(/payment service/);
  expect(payment).toMatch(/Wise/);
  expect(payment).toMatch(/PayPal/);
});
