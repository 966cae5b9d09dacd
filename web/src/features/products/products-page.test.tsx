import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, expect, test, vi } from "vitest";
import { advertiserIds, advertisers } from "@domain/advertisers";
import { ProductsPage } from "./products-page";

vi.mock("../../config", () => ({ config: { siteUrl: "https://affiliates.example" } }));
afterEach(cleanup);

test("every advertiser in the registry has a product card with its links and description", () => {
  render(
    <MemoryRouter>
      <ProductsPage />
    </MemoryRouter>,
  );
  expect(screen.getAllByRole("article")).toHaveLength(advertiserIds.length);
  for (const id of advertiserIds) {
    const advertiser = advertisers[id];
    const card = screen.getByRole("article", { name: advertiser.name });
    expect(within(card).getByRole("link", { name: "Download assets" }).getAttribute("href")).toBe(advertiser.assetsUrl);
    expect(within(card).getByRole("link", { name: "Visit website" }).getAttribute("href")).toBe(advertiser.website);
    expect(card.textContent).toContain(advertiser.description);
    expect(card.textContent).toContain(`${Math.round(advertiser.commissionRate * 100)}%`);
  }
});
