import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import type { User } from "firebase/auth";
import { affiliateFixture, completeDetails } from "./affiliate-fixture";
import type * as UseAffiliate from "./use-affiliate";

// The page with its Firestore reads replaced (the live reads are the e2e tests' business); the advertiser
// choice (useCurrentAdvertiser) is the real one.
const reads = vi.hoisted(() => ({ affiliate: undefined as unknown }));
vi.mock("./use-affiliate", async (importOriginal) => ({
  ...(await importOriginal<typeof UseAffiliate>()),
  useAffiliate: () => ({ status: "success", data: reads.affiliate }),
  useLinkDomains: () => ({
    promptchan: "https://p.example",
    cutechat: "https://c.example",
    creategirls: "https://g.example",
  }),
}));
vi.mock("./transaction-history", () => ({ TransactionHistory: () => null }));
vi.mock("./activity-chart", () => ({ default: () => null }));
vi.mock("../../lib/auth", () => {
  const signedIn = {
    status: "signed-in",
    user: { uid: "u1", getIdToken: async () => "token" } as unknown as User,
    claims: { admin: false, advertiser: false },
  };
  return { useSignedIn: () => signedIn };
});
vi.mock("../../components/page-meta", () => ({ PageMeta: () => null }));

const { DashboardPage } = await import("./dashboard-page");

const affiliate = affiliateFixture({
  ...completeDetails,
  links: { promptchan: ["/tw"], cutechat: ["/ig"], creategirls: [] },
});

beforeEach(() => {
  window.localStorage.clear();
  reads.affiliate = affiliate;
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
