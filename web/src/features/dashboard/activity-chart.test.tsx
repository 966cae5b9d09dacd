import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { cloneElement, type ReactElement } from "react";
import { afterEach, describe, expect, test, vi } from "vitest";
import type * as Recharts from "recharts";
import { newAffiliate } from "@domain/model";

// jsdom lays nothing out, so ResponsiveContainer would measure 0×0 and draw nothing: give the chart the
// fixed size a browser would.
vi.mock("recharts", async (importOriginal) => {
  const recharts = await importOriginal<typeof Recharts>();
  return {
    ...recharts,
    ResponsiveContainer: ({ children }: { children: ReactElement<{ width?: number; height?: number }> }) =>
      cloneElement(children, { width: 800, height: 240 }),
  };
});
const { default: ActivityChart } = await import("./activity-chart");

afterEach(cleanup);

const now = new Date("2026-11-21T12:00:00Z");
const affiliate = {
  ...newAffiliate("u1", "dana@demo.test", new Date("2026-01-01T00:00:00Z")),
  recent_days: {
    "2026-11-20": { clicks: 1_200, sign_ups: 2, sales: 1, earnings_cents: 600 },
    "2026-11-21": { clicks: 400, sign_ups: 0, sales: 0, earnings_cents: 0 },
    // 51 days back: inside 90 days, outside 30.
    "2026-10-01": { clicks: 50, sign_ups: 5, sales: 5, earnings_cents: 123_456 },
  },
};

/** The bars drawn, left to right, with their heights. */
function bars(container: HTMLElement) {
  return [...container.querySelectorAll<SVGPathElement>(".recharts-bar-rectangle path")].map((bar) => ({
    x: Number(bar.getAttribute("x")),
    height: Number(bar.getAttribute("height")),
  }));
}

const tab = (name: RegExp) => screen.getByRole("radio", { name });

describe("the activity chart", () => {
  test("shows each metric's total for the period, money with cents and counts with separators", () => {
    render(<ActivityChart affiliate={affiliate} now={now} />);
    expect(tab(/^Earnings/).textContent).toBe("Earnings$6.00");
    expect(tab(/^Clicks/).textContent).toBe("Clicks1,600");
    expect(tab(/^Sign-ups/).textContent).toBe("Sign-ups2");
    expect(tab(/^Sales/).textContent).toBe("Sales1");
    fireEvent.click(screen.getByRole("radio", { name: "90 days" }));
    expect(tab(/^Earnings/).textContent).toBe("Earnings$1,240.56");
    expect(screen.getByRole("img").getAttribute("aria-label")).toBe("Daily earnings over the last 90 days");
  });

  test("draws one metric at a time on its own scale, at its final height at once", () => {
    const { container } = render(<ActivityChart affiliate={affiliate} now={now} />);
    // Earnings over 30 days: one day with any.
    expect(bars(container)).toHaveLength(1);

    fireEvent.click(tab(/^Sales/));
    const [sale] = bars(container);
    // The only sale is the top of its own axis, not a sliver beside 1,200 clicks.
    expect(sale!.height).toBeGreaterThan(40);

    fireEvent.click(tab(/^Clicks/));
    const [older, today] = bars(container);
    expect(today!.height).toBeCloseTo(older!.height / 3);
    // Days run left to right, today last.
    expect(today!.x).toBeGreaterThan(older!.x);
    expect(screen.getByRole("img").getAttribute("aria-label")).toBe("Daily clicks over the last 30 days");
  });

  test("offers 7, 30 and 90 days, 30 to begin with", () => {
    render(<ActivityChart affiliate={affiliate} now={now} />);
    const periods = screen.getAllByRole("radio", { name: /days$/ });
    expect(periods.map((period) => [period.textContent, period.getAttribute("aria-checked")])).toEqual([
      ["7 days", "false"],
      ["30 days", "true"],
      ["90 days", "false"],
    ]);
    fireEvent.click(screen.getByRole("radio", { name: "7 days" }));
    expect(tab(/^Clicks/).textContent).toBe("Clicks1,600");
  });
});
