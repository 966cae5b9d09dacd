import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
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
  usePayouts: () => ({ status: "success", data: [] }),
  usePostbackDeliveries: () => ({ status: "success", data: [] }),
}));
/** SPEC.md's settings for every advertiser, as useProgrammeSettings gives them. */
function programmeDefaults(ids: readonly string[], settingsOf: (id: never) => unknown) {
  const all = Object.fromEntries(ids.map((id) => [id, settingsOf(id as never)]));
  return () => all;
}
vi.mock("../../lib/programme-settings", async () => ({
  // Issue 34's Your Commission: SPEC.md's terms for every advertiser.
  useProgrammeSettings: programmeDefaults(
    (await import("@domain/advertisers")).advertiserIds,
    (await import("@domain/programme-settings")).defaultSettings,
  ),
  // No rate ever lowered with a promise (promised terms): the history is not read.
  useRatesLoweredAt: () => null,
  useRateHistory: () => [],
  usePayoutRules: () => ({ minimumCents: 20_000, intervalDays: 30 }),
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
vi.mock("reactfire", () => ({ useFirestore: () => ({ name: "the Firestore instance" }) }));
const findAffiliates = vi.hoisted(() => vi.fn());
vi.mock("./find-affiliate", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  findAffiliates,
}));

const { DashboardPage, sectionsLoading } = await import("./dashboard-page");

/** The page at /dashboard (the admin's viewed affiliate is in ?uid=). */
async function renderPage(path = "/dashboard") {
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <DashboardPage />
    </MemoryRouter>,
  );
  // The lower sections are a chunk of their own (rendered at once here: jsdom has no IntersectionObserver).
  // Its first import in a file is transformed on the spot, which took over a second in an every-layer run.
  await waitFor(() => expect(screen.queryByText(sectionsLoading)).toBeNull(), { timeout: 10_000 });
  return view;
}

const affiliate = affiliateFixture({
  ...completeDetails,
  links: { promptchan: ["/tw"], cutechat: ["/ig"], creategirls: [] },
});

beforeEach(() => {
  createAccount.mockClear();
  findAffiliates.mockReset();
  window.localStorage.clear();
  reads.affiliate = affiliate;
  reads.claims = { admin: false, advertiser: false };
});
afterEach(cleanup);

/** The links in Your Affiliate Links (SPEC.md's section), and the default one beside the switch (issue 32). */
const linkUrls = () =>
  within(screen.getByRole("region", { name: "Your Affiliate Links" }))
    .getAllByRole("code")
    .map((url) => url.textContent);
const defaultLinkShown = () =>
  screen.getByRole("button", { name: "Copy your default link" }).closest("p")?.querySelector("code")?.textContent;
const chosen = () => screen.getByRole("radio", { checked: true }).textContent;

test("the advertiser switcher stores the choice under currentAdvertiser and shows that advertiser's links", async () => {
  await renderPage();
  expect(chosen()).toBe("Promptchan");
  expect(linkUrls()).toEqual(["https://p.example/m/u1", "https://p.example/m/u1/tw"]);
  expect(screen.getByRole("heading", { name: "Trackers · Promptchan" })).toBeTruthy();
  // The switch sits above both sections it drives, the trackers and the links.
  const switcher = screen.getByRole("radiogroup", { name: "Trackers and links for" });
  for (const heading of ["Trackers · Promptchan", "Your Affiliate Links"]) {
    const follows = switcher.compareDocumentPosition(screen.getByRole("heading", { name: heading }));
    expect(follows & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  }

  fireEvent.click(screen.getByRole("radio", { name: "CuteChat" }));
  expect(window.localStorage.getItem("currentAdvertiser")).toBe("cutechat");
  expect(chosen()).toBe("CuteChat");
  expect(linkUrls()).toEqual(["https://c.example/m/u1", "https://c.example/m/u1/ig"]);
  expect(screen.getByRole("heading", { name: "Trackers · CuteChat" })).toBeTruthy();

  // The next visit opens on the stored choice.
  cleanup();
  await renderPage();
  expect(chosen()).toBe("CuteChat");
  expect(linkUrls()).toEqual(["https://c.example/m/u1", "https://c.example/m/u1/ig"]);
});

test("a stored currentAdvertiser picks the links on arrival; an unknown one falls back to promptchan", async () => {
  window.localStorage.setItem("currentAdvertiser", "creategirls");
  await renderPage();
  expect(chosen()).toBe("CreateGirls");
  expect(linkUrls()).toEqual(["https://g.example/m/u1"]);
  expect(await screen.findByRole("button", { name: "Copy your default link" })).toBeTruthy();
  expect(defaultLinkShown()).toBe("https://g.example/m/u1");
  cleanup();

  window.localStorage.setItem("currentAdvertiser", "somebody-else");
  await renderPage();
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
])("%s without an affiliate account get none made: the dashboard says where to go", async (_, claims, says) => {
  reads.claims = claims;
  reads.affiliate = undefined;
  await renderPage();
  const message = screen.getByText(/This is not an affiliate account/);
  expect(message.textContent).toMatch(says);
  expect(screen.getByRole("link", { name: "Advertiser page" }).getAttribute("href")).toBe("/advertiser");
  expect(createAccount).not.toHaveBeenCalled();
});

test("an affiliate without an account (its creation failed earlier) gets one", async () => {
  reads.affiliate = undefined;
  await renderPage();
  screen.getByText("Setting up your account…");
  expect(createAccount).toHaveBeenCalledOnce();
});

describe("the first-run checklist", () => {
  const checklist = () => screen.queryByRole("region", { name: "Getting started" });
  const steps = () =>
    within(checklist()!)
      .getAllByRole("listitem")
      .map((step) => step.textContent?.replace(/(\(done\)|\(to do\)).*/, "$1"));

  test("a new affiliate sees three steps instead of a wall of zeros, the first one to do", async () => {
    reads.affiliate = affiliateFixture();
    await renderPage();
    expect(steps()).toEqual([
      "Save your payout details (to do)",
      "Copy your link (to do)",
      "See your first click (to do)",
    ]);
    expect(within(checklist()!).getByRole("link", { name: "Save your payout details" }).getAttribute("href")).toBe(
      "#details-heading",
    );
  });

  test("details saved, then a link copied (remembered in this browser), then a click: the checklist goes", async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, "clipboard", { configurable: true, value: { writeText } });
    await renderPage();
    expect(steps()).toEqual([
      "✓Save your payout details (done)",
      "Copy your link (to do)",
      "See your first click (to do)",
    ]);
    fireEvent.click(screen.getByRole("button", { name: "Copy the Default link" }));
    await vi.waitFor(() => expect(steps()?.[1]).toBe("✓Copy your link (done)"));
    expect(window.localStorage.getItem("linkCopied:u1")).not.toBeNull();

    // The next visit remembers the copy.
    cleanup();
    await renderPage();
    expect(steps()?.[1]).toBe("✓Copy your link (done)");

    cleanup();
    reads.affiliate = { ...affiliate, total_clicks: 1 };
    await renderPage();
    expect(checklist()).toBeNull();
    Reflect.deleteProperty(navigator, "clipboard");
  });

  test("a counted click also means the link was shared, wherever it was copied", async () => {
    reads.affiliate = { ...affiliateFixture(), total_clicks: 3 };
    await renderPage();
    expect(steps()).toEqual([
      "Save your payout details (to do)",
      "✓Copy your link (done)",
      "✓See your first click (done)",
    ]);
  });
});

describe("the admin's Set Uid", () => {
  beforeEach(() => {
    reads.claims = { admin: true, advertiser: false };
  });
  const setUid = (text: string) => {
    fireEvent.change(screen.getByLabelText("Set Uid"), { target: { value: text } });
    fireEvent.click(screen.getByRole("button", { name: "Set Uid" }));
  };

  test("finds an affiliate by e-mail or name, not only by uid, and shows them read-only", async () => {
    findAffiliates.mockResolvedValue([{ uid: "u2", name: "Dana Demo", email: "dana@test.example" }]);
    await renderPage();
    setUid("dana@test.example");
    await screen.findByText(/^Viewing .*\(u2\), read-only\.$/);
    expect(findAffiliates).toHaveBeenCalledWith(expect.anything(), "dana@test.example");
  });

  test("several matches are listed to choose from; none is said", async () => {
    findAffiliates.mockResolvedValue([
      { uid: "u2", name: "Dana", email: "dana@a.example" },
      { uid: "u3", name: "Dana", email: "dana@b.example" },
    ]);
    await renderPage();
    setUid("Dana");
    fireEvent.click(await screen.findByRole("button", { name: "Dana · dana@b.example" }));
    await screen.findByText(/\(u3\), read-only\.$/);

    findAffiliates.mockResolvedValue([]);
    setUid("Nobody");
    expect((await screen.findByRole("alert")).textContent).toBe(
      "No affiliate has a uid, e-mail or name that is or starts with “Nobody”.",
    );
  });

  test("a staff card's link (?uid=) opens that affiliate's dashboard directly", async () => {
    await renderPage("/dashboard?uid=u9");
    expect(screen.getByText(/\(u9\), read-only\.$/)).toBeTruthy();
    expect(findAffiliates).not.toHaveBeenCalled();
  });

  test("?uid= means nothing to anyone but the admin", async () => {
    reads.claims = { admin: false, advertiser: false };
    await renderPage("/dashboard?uid=u9");
    expect(screen.queryByText(/read-only/)).toBeNull();
  });
});
