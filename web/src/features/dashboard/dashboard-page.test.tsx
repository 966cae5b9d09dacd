import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { MemoryRouter } from "react-router-dom";
import type { User } from "firebase/auth";
import type * as Auth from "../../lib/auth";
import { affiliateFixture, completeDetails } from "./affiliate-fixture";
import type * as UseAffiliate from "./use-affiliate";

// The page with its Firestore reads replaced (the live reads are the e2e tests' business); the advertiser
// choice (useCurrentAdvertiser) is the real one.
const reads = vi.hoisted(() => ({ affiliate: undefined as unknown, claims: { admin: false, advertiser: false } }));
vi.mock("./use-affiliate", async (importOriginal) => ({
  ...(await importOriginal<typeof UseAffiliate>()),
  useAffiliate: () => ({ status: "success", data: reads.affiliate }),
  useLinkDomains: () => ({
    promptchan: "https://p.example",
    cutechat: "https://c.example",
    creategirls: "https://g.example",
  }),
}));
const createAccount = vi.hoisted(() => vi.fn(async () => undefined));
vi.mock("../../lib/account-api", () => ({ createAccount }));
vi.mock("./transaction-history", () => ({ TransactionHistory: () => null }));
vi.mock("./activity-chart", () => ({ default: () => null }));
vi.mock("../../lib/auth", async (importOriginal) => {
  const user = { uid: "u1", getIdToken: async () => "token" } as unknown as User;
  return {
    ...(await importOriginal<typeof Auth>()),
    useSignedIn: () => ({ status: "signed-in", user, claims: reads.claims }),
  };
});
vi.mock("../../components/page-meta", () => ({ PageMeta: () => null }));

const { DashboardPage } = await import("./dashboard-page");

const affiliate = affiliateFixture({
  ...completeDetails,
  links: { promptchan: ["/tw"], cutechat: ["/ig"], creategirls: [] },
});

beforeEach(() => {
  createAccount.mockClear();
  window.localStorage.clear();
  reads.affiliate = affiliate;
  reads.claims = { admin: false, advertiser: false };
});
afterEach(cleanup);

const linkUrls = () => screen.getAllByRole("code").map((url) => url.textContent);
const chosen = () => screen.getByRole("radio", { checked: true }).textContent;

test("the advertiser switcher stores the choice under currentAdvertiser and shows that advertiser's links", () => {
  render(<DashboardPage />);
  expect(chosen()).toBe("Promptchan");
  expect(linkUrls()).toEqual(["https://p.example/m/u1", "https://p.example/m/u1/tw"]);
  expect(screen.getByRole("heading", { name: "Trackers · Promptchan" })).toBeTruthy();

  fireEvent.click(screen.getByRole("radio", { name: "CuteChat" }));
  expect(window.localStorage.getItem("currentAdvertiser")).toBe("cutechat");
  expect(chosen()).toBe("CuteChat");
  expect(linkUrls()).toEqual(["https://c.example/m/u1", "https://c.example/m/u1/ig"]);
  expect(screen.getByRole("heading", { name: "Trackers · CuteChat" })).toBeTruthy();

  // The next visit opens on the stored choice.
  cleanup();
  render(<DashboardPage />);
  expect(chosen()).toBe("CuteChat");
  expect(linkUrls()).toEqual(["https://c.example/m/u1", "https://c.example/m/u1/ig"]);
});

test("a stored currentAdvertiser picks the links on arrival; an unknown one falls back to promptchan", () => {
  window.localStorage.setItem("currentAdvertiser", "creategirls");
  render(<DashboardPage />);
  expect(chosen()).toBe("CreateGirls");
  expect(linkUrls()).toEqual(["https://g.example/m/u1"]);
  cleanup();

  window.localStorage.setItem("currentAdvertiser", "somebody-else");
  render(<DashboardPage />);
  expect(chosen()).toBe("Promptchan");
  expect(linkUrls()).toEqual(["https://p.example/m/u1", "https://p.example/m/u1/tw"]);
});

test.each([
  [
    "advertiser staff",
    { admin: false, advertiser: true },
    /^This is not an affiliate account.*Affiliates are on the Advertiser page\.$/,
  ],
  ["the admin", { admin: true, advertiser: false }, /Enter an affiliate's uid in Set Uid to view theirs/],
])("%s without an affiliate account get none made: the dashboard says where to go", (_, claims, says) => {
  reads.claims = claims;
  reads.affiliate = undefined;
  render(
    <MemoryRouter>
      <DashboardPage />
    </MemoryRouter>,
  );
  const message = screen.getByText(/This is not an affiliate account/);
  expect(message.textContent).toMatch(says);
  expect(screen.getByRole("link", { name: "Advertiser page" }).getAttribute("href")).toBe("/advertiser");
  expect(createAccount).not.toHaveBeenCalled();
});

test("an affiliate without an account (its creation failed earlier) gets one", () => {
  reads.affiliate = undefined;
  render(<DashboardPage />);
  screen.getByText("Setting up your account…");
  expect(createAccount).toHaveBeenCalledOnce();
});
