import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import { affiliateFixture as affiliate } from "./affiliate-fixture";
import { figuresOf, FigureSections } from "./stat-cards";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const now = new Date("2026-11-26T16:00:00Z");
const figures = figuresOf(affiliate({ total_earnings_cents: 30_000, total_payouts_cents: 10_000 }), now);
const sections = (container: HTMLElement) =>
  [...container.querySelectorAll("section")].map((section) => section.getAttribute("data-figures"));

test("last-seen figures are marked with when they were seen, beside SPEC.md's heading, its labels and values unchanged", () => {
  vi.useFakeTimers({ now, toFake: ["Date"] });
  const { container } = render(
    <FigureSections shown={{ figures, stale: true, savedAt: Date.parse("2026-11-26T14:05:00Z") }} />,
  );
  expect(screen.getByRole("status").textContent).toBe("Last seen 14:05 UTC — updating…");
  expect(screen.getByRole("heading", { name: "Last 7 Days" })).toBeTruthy();
  expect(screen.getByText("Balance").nextElementSibling?.textContent).toBe("$200.00");
  expect(sections(container)).toEqual(["last-seen", "last-seen"]);
  expect(container.querySelectorAll('section[aria-busy="true"]')).toHaveLength(2);
});

test("seen on another day, the mark gives the day too", () => {
  vi.useFakeTimers({ now, toFake: ["Date"] });
  render(<FigureSections shown={{ figures, stale: true, savedAt: Date.parse("2026-11-24T09:30:00Z") }} />);
  expect(screen.getByRole("status").textContent).toBe("Last seen 24 Nov 2026, 09:30 UTC — updating…");
});

test("live figures carry no mark", () => {
  const { container } = render(<FigureSections shown={{ figures, stale: false }} />);
  expect(screen.queryByRole("status")).toBeNull();
  expect(sections(container)).toEqual(["live", "live"]);
  expect(container.querySelectorAll('section[aria-busy="true"]')).toHaveLength(0);
});
