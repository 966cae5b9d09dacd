import { cleanup, render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterEach, describe, expect, test, vi } from "vitest";
import { programme } from "@domain/programme";
import type { AuthState } from "../lib/auth";
import { Layout } from "./layout";

let authState: AuthState = { status: "unknown" };
vi.mock("../lib/auth", () => ({ useAuthState: () => authState }));
afterEach(cleanup);

function renderLayout(state: AuthState) {
  authState = state;
  const router = createMemoryRouter([{ Component: Layout, children: [{ index: true, element: <p>Page</p> }] }]);
  render(<RouterProvider router={router} />);
}

const header = () => screen.getByRole("banner");
const linkNames = (element: HTMLElement) =>
  within(element)
    .queryAllByRole("link")
    .map((link) => link.textContent);

describe("header", () => {
  test("signed out: the logo and Sign Up", () => {
    renderLayout({ status: "signed-out" });
    expect(
      within(header())
        .getByRole("link", { name: `${programme.name} home` })
        .getAttribute("href"),
    ).toBe("/");
    expect(linkNames(screen.getByRole("navigation", { name: "Account" }))).toEqual(["Sign Up"]);
    expect(screen.queryByRole("link", { name: /latest updates/ })).toBeNull();
  });

  test("signed in: Updates, Products, Dashboard and the banner to /updates", () => {
    renderLayout({
      status: "signed-in",
      user: {} as never,
      claims: { admin: false, advertiser: false },
    });
    expect(linkNames(screen.getByRole("navigation", { name: "Account" }))).toEqual([
      "Updates",
      "Products",
      "Dashboard",
    ]);
    expect(screen.getByRole("link", { name: /latest updates/ }).getAttribute("href")).toBe("/updates");
  });

  test("while the auth state is unknown (and in the prerendered HTML): no account buttons", () => {
    renderLayout({ status: "unknown" });
    expect(linkNames(screen.getByRole("navigation", { name: "Account" }))).toEqual([]);
  });
});

test("the footer links Updates, Advertiser, Terms, the contact mail, the affiliate page and the social link", () => {
  renderLayout({ status: "signed-out" });
  const links = within(screen.getByRole("navigation", { name: "Footer" })).getAllByRole("link");
  expect(links.map((link) => link.getAttribute("href"))).toEqual([
    "/updates",
    "/advertiser",
    "/terms",
    `mailto:${programme.contactEmail}`,
    programme.affiliatePageUrl,
    programme.socialUrl,
  ]);
});
