import { cleanup, render, screen, within } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter } from "react-router-dom";
import { afterEach, expect, test, vi } from "vitest";
import { createQueryClient } from "../../lib/query-client";

const api = vi.hoisted(() => ({ fetchSharedDestination: vi.fn<(user: unknown, uid: string) => Promise<unknown>>() }));
vi.mock("./advertiser-api", () => api);
vi.mock("../../lib/auth", () => ({ useSignedIn: () => ({ user: { uid: "staff-1" } }) }));
const { SharedDestination, SharedMark } = await import("./shared-destination");

afterEach(() => {
  cleanup();
  api.fetchSharedDestination.mockReset();
});

const renderShared = (others: number) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <SharedDestination uid="u-ana" others={others} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

test("the card names who shares the destination, each a link to them in the list", async () => {
  api.fetchSharedDestination.mockResolvedValue({
    user_id: "u-ana",
    kind: "wise",
    others: [
      { user_id: "u-ben", name: "Ben Second", email: "ben@test.example" },
      { user_id: "u-cy", name: "", email: "cy@test.example" },
    ],
    more: 1,
  });
  renderShared(3);
  const region = screen.getByRole("region", { name: "Shared payout destination" });
  // The list's count at once; the kind once the names come.
  expect(region.textContent).toContain("Shares a payout destination with 3 other affiliates");
  const ben = await within(region).findByRole("link", { name: "Ben Second" });
  expect(region.textContent).toContain("Shares a Wise account with 3 other affiliates");
  expect(ben.getAttribute("href")).toBe("/advertiser?q=u-ben");
  expect(region.textContent).toContain("ben@test.example");
  expect(within(region).getByRole("link", { name: "cy@test.example" }).getAttribute("href")).toBe("/advertiser?q=u-cy");
  expect(region.textContent).toContain("and 1 more");
  expect(api.fetchSharedDestination).toHaveBeenCalledWith({ uid: "staff-1" }, "u-ana");
});

test("nothing, and nothing asked, for an affiliate who shares no destination", () => {
  renderShared(0);
  expect(screen.queryByRole("region", { name: "Shared payout destination" })).toBeNull();
  expect(api.fetchSharedDestination).not.toHaveBeenCalled();
  render(<SharedMark others={0} />);
  expect(document.body.textContent).toBe("");
});

test("the table's mark says how many share, the full line on hover", () => {
  render(<SharedMark others={2} />);
  const mark = screen.getByText(/Payout shared with 2 others/);
  expect(mark.getAttribute("title")).toBe("Shares a payout destination with 2 other affiliates");
});
