import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import type { User } from "firebase/auth";
import { affiliateFixture, completeDetails } from "./affiliate-fixture";

const api = vi.hoisted(() => ({
  addCustomLink: vi.fn<(user: unknown, owner: unknown, suffix: string) => Promise<void>>(),
  deleteCustomLink: vi.fn<(user: unknown, owner: unknown, link: string) => Promise<void>>(),
}));
vi.mock("./dashboard-api", () => api);
const { LinksSection } = await import("./links-section");

const user = { uid: "u1" } as User;
const domains = { promptchan: "https://p.example", cutechat: "https://c.example", creategirls: "https://g.example" };

function renderLinks(readOnly = false) {
  render(
    <LinksSection
      user={user}
      affiliate={affiliateFixture({
        ...completeDetails,
        links: { promptchan: ["/tw", "/ig"], cutechat: [], creategirls: [] },
      })}
      advertiser="promptchan"
      linkDomains={domains}
      readOnly={readOnly}
    />,
  );
}

/** The open dialog (jsdom has no showModal, so it counts as hidden). */
const dialog = () => screen.queryByRole("dialog", { hidden: true });

beforeEach(() => {
  vi.resetAllMocks();
  api.deleteCustomLink.mockResolvedValue(undefined);
});
afterEach(cleanup);

describe("deleting a tracker", () => {
  test("asks first, naming the tracker and its link; Cancel deletes nothing", () => {
    renderLinks();
    expect(dialog()).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Delete tracker /ig" }));
    const asking = dialog()!;
    expect(within(asking).getByRole("heading", { name: "Delete tracker /ig?", hidden: true })).toBeTruthy();
    expect(within(asking).getByText("https://p.example/m/u1/ig")).toBeTruthy();
    expect(asking.textContent).toContain("figures move to Removed trackers");
    fireEvent.click(within(asking).getByRole("button", { name: "Cancel", hidden: true }));
    expect(dialog()).toBeNull();
    expect(api.deleteCustomLink).not.toHaveBeenCalled();
    expect(screen.getByText("https://p.example/m/u1/ig")).toBeTruthy();
  });

  test("confirming deletes that tracker only, and focus goes to the section", async () => {
    renderLinks();
    fireEvent.click(screen.getByRole("button", { name: "Delete tracker /tw" }));
    expect(api.deleteCustomLink).not.toHaveBeenCalled();
    fireEvent.click(within(dialog()!).getByRole("button", { name: "Delete tracker", hidden: true }));
    expect(dialog()).toBeNull();
    await waitFor(() =>
      expect(api.deleteCustomLink).toHaveBeenCalledWith(user, { uid: "u1", currentAdvertiser: "promptchan" }, "/tw"),
    );
    expect(api.deleteCustomLink).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Your Affiliate Links" })),
    );
  });

  test("a failed delete is only logged (SPEC.md §8), and the tracker stays", async () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);
    api.deleteCustomLink.mockRejectedValue(new Error("You have no tracker /tw."));
    renderLinks();
    fireEvent.click(screen.getByRole("button", { name: "Delete tracker /tw" }));
    fireEvent.click(within(dialog()!).getByRole("button", { name: "Delete tracker", hidden: true }));
    await waitFor(() => expect(consoleError).toHaveBeenCalled());
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByText("https://p.example/m/u1/tw")).toBeTruthy();
    consoleError.mockRestore();
  });

  test("the default link has no Delete, and read-only (the admin's view) has none at all", () => {
    renderLinks();
    expect(screen.getAllByRole("button", { name: /^Delete tracker/ }).map((button) => button.ariaLabel)).toEqual([
      "Delete tracker /tw",
      "Delete tracker /ig",
    ]);
    cleanup();
    renderLinks(true);
    expect(screen.queryByRole("button", { name: /Delete/ })).toBeNull();
  });
});
