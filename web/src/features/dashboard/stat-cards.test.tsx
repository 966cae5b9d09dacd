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

test("All Time's clicks say beside them how many were filtered as bots' (issue 33), and nothing when none were", () => {
  const filtered = figuresOf(affiliate({ total_clicks: 90, total_filtered_clicks: 1_500 }), now);
  const { container } = render(<FigureSections shown={{ figures: filtered, stale: false }} />);
  const allTime = container.querySelector('section[aria-labelledby="all-time"]')!;
  const clicks = [...allTime.querySelectorAll("span")].find((span) => span.textContent === "Clicks")!;
  // SPEC.md's label and figure as they were; the note after them.
  expect(clicks.nextElementSibling?.textContent).toBe("90");
  expect(clicks.nextElementSibling?.nextElementSibling?.textContent).toBe("1,500 filtered (bots)");
  cleanup();
  render(<FigureSections shown={{ figures, stale: false }} />);
  expect(screen.queryByText(/filtered \(bots\)/)).toBeNull();
});

test("the note says the datacenters' clicks among the filtered ones (issue 33), by reason", () => {
  const note = (total_filtered_clicks: number, total_datacenter_clicks: number) => {
    const shown = figuresOf(affiliate({ total_clicks: 90, total_filtered_clicks, total_datacenter_clicks }), now);
    const { container } = render(<FigureSections shown={{ figures: shown, stale: false }} />);
    const allTime = container.querySelector('section[aria-labelledby="all-time"]')!;
    const clicks = [...allTime.querySelectorAll("span")].find((span) => span.textContent === "Clicks")!;
    const text = clicks.nextElementSibling?.nextElementSibling?.textContent;
    cleanup();
    return text;
  };
  expect(note(1_500, 300)).toBe("1,500 filtered (1,200 bots, 300 datacenter)");
  expect(note(7, 7)).toBe("7 filtered (datacenter)");
  expect(note(7, 0)).toBe("7 filtered (bots)");
});
