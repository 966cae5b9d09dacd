import { cleanup, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterEach, expect, test, vi } from "vitest";
import { AuthStateProvider } from "../lib/auth";
import { routes } from "./routes";

vi.mock("../config", () => ({ config: { siteUrl: "https://affiliates.example" } }));
vi.mock("../lib/firebase", () => ({ firebaseApp: {}, loadAuth: () => new Promise(() => undefined) }));
afterEach(cleanup);

// The browser hydrates prerendered HTML instead; here the first render waits for the lazy page quietly.
const withFallback = routes.map((route) => ({ ...route, HydrateFallback: () => null }));

test.each(["/no/such/page", "/pricing", "/updates/2025"])("%s shows the home page (SPEC.md §2)", async (path) => {
  render(
    <AuthStateProvider>
      <RouterProvider router={createMemoryRouter(withFallback, { initialEntries: [path] })} />
    </AuthStateProvider>,
  );
  const headline = await screen.findByRole("heading", { level: 1 });
  expect(headline.textContent).toContain("60% commission");
  expect(screen.getByRole("link", { name: "Join Now" }).getAttribute("href")).toBe("/signup");
});
