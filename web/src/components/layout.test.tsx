import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterEach, describe, expect, test, vi } from "vitest";
import { programme } from "@domain/programme";
import type * as Auth from "../lib/auth";
import type { AuthState, Claims } from "../lib/auth";
import { latestUpdate, newForDays, updates } from "../lib/updates";
import { Layout } from "./layout";

let authState: AuthState = { status: "unknown" };
const logOut = vi.hoisted(() => vi.fn(async () => undefined));
vi.mock("../lib/auth", async (importOriginal) => ({
  ...(await importOriginal<typeof Auth>()),
  useAuthState: () => authState,
  useLogOut: () => logOut,
}));
afterEach(() => {
  cleanup();
  logOut.mockClear();
});

function renderLayout(state: AuthState) {
  authState = state;
  const router = createMemoryRouter([
    {
      Component: Layout,
      children: [
        { index: true, element: <p>Page</p> },
        { path: "*", element: <p>Other</p> },
      ],
    },
  ]);
  render(<RouterProvider router={router} />);
  return router;
}

const signedIn = (claims: Partial<Claims> = {}): AuthState => ({
  status: "signed-in",
  user: { uid: "u1", email: "dana@test.example" } as never,
  claims: { admin: false, advertiser: false, ...claims },
});

const header = () => screen.getByRole("banner");
const linkNames = (element: HTMLElement) =>
  within(element)
    .queryAllByRole("link")
    .map((link) => link.textContent);

describe("header", () => {
  test("signed out: the logo, Log In and Sign Up", () => {
    renderLayout({ status: "signed-out" });
    expect(
      within(header())
        .getByRole("link", { name: `${programme.name} home` })
        .getAttribute("href"),
    ).toBe("/");
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(linkNames(nav)).toEqual(["Log In", "Sign Up"]);
    expect(within(nav).getByRole("link", { name: "Log In" }).getAttribute("href")).toBe("/login");
    expect(within(nav).getByRole("link", { name: "Sign Up" }).getAttribute("href")).toBe("/signup");
    expect(screen.queryByRole("link", { name: /latest updates/ })).toBeNull();
    expect(screen.queryByRole("button", { name: "Account" })).toBeNull();
  });

  test("signed in: Updates, Products, Dashboard and the banner to /updates", () => {
    renderLayout(signedIn());
    expect(linkNames(screen.getByRole("navigation", { name: "Main" }))).toEqual(["Updates", "Products", "Dashboard"]);
    expect(screen.getByRole("link", { name: /latest updates/ }).getAttribute("href")).toBe("/updates");
  });

  test.each([
    ["advertiser staff", { advertiser: true }, ["Updates", "Products", "Advertiser"]],
    // The admin also views affiliates' dashboards (Set Uid).
    ["the admin", { admin: true }, ["Updates", "Products", "Dashboard", "Advertiser"]],
  ])("%s see the Advertiser link", (_, claims, links) => {
    renderLayout(signedIn(claims));
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(linkNames(nav)).toEqual(links);
    expect(within(nav).getByRole("link", { name: "Advertiser" }).getAttribute("href")).toBe("/advertiser");
  });

  test("while the auth state is unknown (and in the prerendered HTML): the visitor's buttons, for the session hint's CSS to show or hide", () => {
    renderLayout({ status: "unknown" });
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(linkNames(nav)).toEqual(["Log In", "Sign Up"]);
    for (const link of within(nav).getAllByRole("link")) expect(link.hasAttribute("data-if-signed-out")).toBe(true);
    expect(screen.queryByRole("button", { name: "Account" })).toBeNull();
    cleanup();
    // Once Auth has answered, they follow its answer alone.
    renderLayout({ status: "signed-out" });
    for (const link of within(screen.getByRole("navigation", { name: "Main" })).getAllByRole("link")) {
      expect(link.hasAttribute("data-if-signed-out")).toBe(false);
    }
  });

  test("while the auth state is unknown, the banner is there for the session hint's CSS to show or hide", () => {
    renderLayout({ status: "unknown" });
    expect(screen.getByRole("link", { name: /latest updates/ }).hasAttribute("data-if-signed-in")).toBe(true);
    cleanup();
    // Once Auth has answered, the banner follows its answer alone.
    renderLayout(signedIn());
    expect(screen.getByRole("link", { name: /latest updates/ }).hasAttribute("data-if-signed-in")).toBe(false);
  });
});

describe("the banner to /updates (issue 32)", () => {
  const latest = latestUpdate(updates);
  const [year, month, day] = latest.date.split("-").map(Number) as [number, number, number];
  /** Noon, local time, `days` after the newest announcement's day. */
  const daysAfter = (days: number) => new Date(year, month - 1, day + days, 12);
  afterEach(() => vi.useRealTimers());

  test("names the newest announcement", () => {
    renderLayout(signedIn());
    expect(screen.getByRole("link", { name: /latest updates/ }).textContent).toContain(latest.title);
  });

  test.each([
    [0, true],
    [newForDays - 1, true],
    [newForDays, false],
    [400, false],
  ])("%i days after it, New is shown: %s", (days, shown) => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(daysAfter(days));
    renderLayout(signedIn());
    const banner = screen.getByRole("link", { name: /latest updates/ });
    expect(within(banner).queryByText("New") !== null).toBe(shown);
  });
});

describe("the account menu", () => {
  const toggle = () => screen.getByRole("button", { name: "Account" });
  const panel = () => document.getElementById(toggle().getAttribute("aria-controls")!)!;

  test.each([
    [{}, "Affiliate"],
    [{ advertiser: true }, "Advertiser staff"],
    [{ admin: true, advertiser: true }, "Admin"],
  ])("shows who is signed in and as what (%o: %s), and logs out", (claims, role) => {
    renderLayout(signedIn(claims));
    expect(toggle().getAttribute("aria-expanded")).toBe("false");
    expect(panel().hidden).toBe(true);
    fireEvent.click(toggle());
    expect(toggle().getAttribute("aria-expanded")).toBe("true");
    expect(panel().hidden).toBe(false);
    expect(within(panel()).getByText("dana@test.example")).toBeTruthy();
    expect(within(panel()).getByText(role)).toBeTruthy();
    fireEvent.click(within(panel()).getByRole("button", { name: "Log out" }));
    expect(logOut).toHaveBeenCalledOnce();
  });

  test("Escape closes it and puts focus back on its button", () => {
    renderLayout(signedIn());
    fireEvent.click(toggle());
    const logOutButton = within(panel()).getByRole("button", { name: "Log out" });
    logOutButton.focus();
    fireEvent.keyDown(logOutButton, { key: "Escape" });
    expect(toggle().getAttribute("aria-expanded")).toBe("false");
    expect(panel().hidden).toBe(true);
    expect(document.activeElement).toBe(toggle());
  });

  test("a click elsewhere or another page closes it", async () => {
    const router = renderLayout(signedIn());
    fireEvent.click(toggle());
    fireEvent.pointerDown(screen.getByText("Page"));
    expect(toggle().getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(toggle());
    await router.navigate("/updates");
    await screen.findByText("Other");
    expect(toggle().getAttribute("aria-expanded")).toBe("false");
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
