import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, expect, test } from "vitest";
import { CompensationBanner, compensationDismissedKey } from "./compensation-banner";

beforeEach(() => window.localStorage.clear());
afterEach(cleanup);

const banner = () => screen.queryByRole("note", { name: "Compensation" });

test("says what was credited, in dollars", () => {
  render(<CompensationBanner uid="u1" cents={2_500} />);
  expect(banner()?.textContent).toContain("We have credited $25.00 to your earnings");
  expect(banner()?.textContent).toContain("between 4 July and 27 August 2025");
});

test("is not shown without a compensation", () => {
  render(<CompensationBanner uid="u1" cents={0} />);
  expect(banner()).toBeNull();
});

test("Dismiss hides it for good in this browser, for this account only (issue 32)", () => {
  const main = document.createElement("main");
  main.id = "main";
  main.tabIndex = -1;
  document.body.append(main);
  try {
    render(<CompensationBanner uid="u1" cents={2_500} />);
    fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(banner()).toBeNull();
    expect(window.localStorage.getItem(compensationDismissedKey("u1"))).not.toBeNull();
    // Focus goes on from the top of the page's content, not to nowhere with the button.
    expect(document.activeElement).toBe(main);
    cleanup();

    render(<CompensationBanner uid="u1" cents={2_500} />);
    expect(banner()).toBeNull();
    cleanup();
    render(<CompensationBanner uid="u2" cents={1_000} />);
    expect(banner()?.textContent).toContain("$10.00");
  } finally {
    main.remove();
  }
});
