import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, MemoryRouter, RouterProvider, type RouteObject } from "react-router-dom";
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { advertisers, defaultAdvertiserId } from "@domain/advertisers";
import { defaultPublicTerms, termsAttribute } from "@domain/public-terms";
import { currentAdvertiserKey, watchAdvertiserLinks } from "../../lib/current-advertiser";
import { figuresOfPage, PublicFiguresProvider } from "../../lib/public-terms";
import { HomePage } from "./home-page";
import { MarketingPage } from "./marketing-page";

vi.mock("../../config", () => ({ config: { siteUrl: "https://affiliates.example" } }));
// The Layout's auth state would load Firebase; these pages do not need it.
vi.mock("../../lib/firebase", () => ({ firebaseApp: {}, loadAuth: () => new Promise(() => undefined) }));

// What the islands script and the app install on every page: the cards' links remember
// their advertiser through it.
beforeAll(watchAdvertiserLinks);
beforeEach(() => window.localStorage.clear());
afterEach(cleanup);

function renderAt(Page: React.ComponentType, path = "/") {
  const routes: RouteObject[] = [
    { path, Component: Page },
    { path: "/signup", element: <p>The sign-up page</p> },
  ];
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

/** Clicks Get Started and records where the router was when the advertiser was stored. */
function getStarted(router: ReturnType<typeof createMemoryRouter>) {
  const store = Storage.prototype.setItem;
  const pathWhenStored: string[] = [];
  const setItem = vi.spyOn(Storage.prototype, "setItem").mockImplementation(function (this: Storage, key, value) {
    pathWhenStored.push(router.state.location.pathname);
    store.call(this, key, value);
  });
  fireEvent.click(screen.getByRole("link", { name: "Get Started" }));
  setItem.mockRestore();
  return pathWhenStored;
}

const commission = `${Math.round(advertisers[defaultAdvertiserId].commissionRate * 100)}%`;

describe("home page", () => {
  test("Join Now and the screenshot lead to /signup; the screenshot is a sized WebP", () => {
    renderAt(HomePage);
    expect(screen.getByRole("link", { name: "Join Now" }).getAttribute("href")).toBe("/signup");
    const screenshot = screen.getByRole("img", { name: /affiliate dashboard/ });
    expect(screenshot.closest("a")?.getAttribute("href")).toBe("/signup");
    expect(screenshot.getAttribute("src")).toMatch(/\.webp$/);
    expect(screenshot.getAttribute("width")).toBe("1200");
    expect(screenshot.getAttribute("height")).toBe("750");
  });

  test("the prerendered page does not preload the screenshot, which a phone shows below its first screen", () => {
    const html = renderToString(
      <MemoryRouter>
        <HomePage />
      </MemoryRouter>,
    );
    expect(html).toContain("/images/dashboard-640.webp 640w");
    expect(html).not.toMatch(/<link rel="preload" as="image"[^>]*dashboard-/);
  });

  test("the commission section says what SPEC.md §1 promises", () => {
    renderAt(HomePage);
    const section = screen.getByRole("region", { name: "Earn more from every visitor you send" });
    const text = section.textContent ?? "";
    for (const promise of [
      "60% on every referral",
      "Recurring commissions",
      "Free to join",
      "Wise, bank transfer or crypto",
      "6,000+",
      "5M+",
      "marketing materials",
      "affiliate team",
    ]) {
      expect(text).toContain(promise);
    }
    const sources = within(section).getByRole("list", { name: "Traffic sources" });
    expect(
      within(sources)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Web", "Social media", "E-mail", "Paid ads"]);
  });

  test("'Why Choose' lists 8 benefits", () => {
    renderAt(HomePage);
    const section = screen.getByRole("region", { name: /^Why Choose/ });
    expect(within(section).getAllByRole("listitem")).toHaveLength(8);
  });

  test("the 'Top-Performing Partners' card shows the registry's commission", () => {
    renderAt(HomePage);
    const section = screen.getByRole("region", { name: "Top-Performing Partners" });
    const card = within(section).getByRole("article", { name: advertisers[defaultAdvertiserId].name });
    expect(within(card).getByText(commission).textContent).toBe(commission);
  });

  test("with the terms in force the served page states (issue 34), the page states those, everywhere", () => {
    const terms = defaultPublicTerms();
    terms.rates.promptchan = { commission_rate: 0.725, renewal_rate: 0.35 };
    const root = document.createElement("div");
    root.setAttribute(termsAttribute, JSON.stringify(terms));
    const html = renderToString(
      <PublicFiguresProvider value={figuresOfPage(root)}>
        <MemoryRouter>
          <HomePage />
        </MemoryRouter>
      </PublicFiguresProvider>,
    ).replaceAll("<!-- -->", "");
    expect(html).toMatch(/<h1[^>]*>Earn <span[^>]*>72.5% commission<\/span>/);
    expect(html).toContain("<strong>72.5%</strong> commission on every first sale");
    expect(html).toContain("<strong>35%</strong> on renewals");
    expect(html).not.toContain("60%");
    // A root stating nothing readable: SPEC.md's terms.
    root.setAttribute(termsAttribute, "__PUBLIC_TERMS__");
    expect(figuresOfPage(root)["promptchan.commission"]).toBe("60%");
  });

  test("Get Started stores promptchan as currentAdvertiser, then opens /signup", async () => {
    const router = renderAt(HomePage);
    const pathWhenStored = getStarted(router);
    expect(window.localStorage.getItem(currentAdvertiserKey)).toBe("promptchan");
    expect(pathWhenStored).toEqual(["/"]);
    expect(await screen.findByText("The sign-up page")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/signup");
  });
});

describe("marketing page", () => {
  const path = "/ai-porn-affiliate-program";

  test("Join Now leads to /signup and the adult-content disclaimer is shown", () => {
    renderAt(MarketingPage, path);
    expect(screen.getByRole("link", { name: "Join Now" }).getAttribute("href")).toBe("/signup");
    const disclaimer = screen.getByRole("complementary", { name: "Adult content disclaimer" });
    expect(disclaimer.textContent).toMatch(/adults only/);
    expect(disclaimer.textContent).toMatch(/18/);
  });

  test("the advertiser card stores promptchan as currentAdvertiser, then opens /signup", async () => {
    const router = renderAt(MarketingPage, path);
    const pathWhenStored = getStarted(router);
    expect(window.localStorage.getItem(currentAdvertiserKey)).toBe("promptchan");
    expect(pathWhenStored).toEqual([path]);
    expect(await screen.findByText("The sign-up page")).toBeTruthy();
  });

  test("a browser that refuses storage still reaches /signup", async () => {
    const router = renderAt(MarketingPage, path);
    const setItem = vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("quota", "QuotaExceededError");
    });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole("link", { name: "Get Started" }));
    setItem.mockRestore();
    warn.mockRestore();
    expect(await screen.findByText("The sign-up page")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/signup");
  });
});
