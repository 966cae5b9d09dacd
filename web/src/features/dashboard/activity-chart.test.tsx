import { cleanup, render } from "@testing-library/react";
import { cloneElement, type ReactElement } from "react";
import { afterEach, expect, test, vi } from "vitest";
import type * as Recharts from "recharts";
import { newAffiliate } from "@domain/model";

// jsdom lays nothing out, so ResponsiveContainer would measure 0×0 and draw nothing: give the chart the
// fixed size a browser would.
vi.mock("recharts", async (importOriginal) => {
  const recharts = await importOriginal<typeof Recharts>();
  return {
    ...recharts,
    ResponsiveContainer: ({ children }: { children: ReactElement<{ width?: number; height?: number }> }) =>
      cloneElement(children, { width: 800, height: 260 }),
  };
});
const { default: ActivityChart } = await import("./activity-chart");

afterEach(cleanup);

test("the chart draws a bar per non-zero figure of the recent days, at its final height at once", () => {
  const affiliate = {
    ...newAffiliate("u1", "dana@demo.test", new Date("2026-01-01T00:00:00Z")),
    recent_days: {
      "2026-11-20": { clicks: 10, sign_ups: 2, sales: 1, earnings_cents: 600 },
      "2026-11-21": { clicks: 4, sign_ups: 0, sales: 0, earnings_cents: 0 },
      // Outside the 30 days: not drawn.
      "2026-10-01": { clicks: 50, sign_ups: 5, sales: 5, earnings_cents: 5_000 },
    },
  };
  const { container } = render(<ActivityChart affiliate={affiliate} now={new Date("2026-11-21T12:00:00Z")} />);

  // Without animation the bars are drawn in the first render (an animated chart starts with none), which
  // is what lets the end-to-end screenshots catch them whole.
  const bars = [...container.querySelectorAll<SVGPathElement>(".recharts-bar-rectangle path")].map((bar) => ({
    fill: bar.getAttribute("fill"),
    x: Number(bar.getAttribute("x")),
    height: Number(bar.getAttribute("height")),
  }));
  const series = { clicks: "#6c7cff", signUps: "#3ddc97", sales: "#ffb547", earnings: "#ff4f8b" };
  const byFill = (fill: string) => bars.filter((bar) => bar.fill === fill);
  expect(byFill(series.clicks)).toHaveLength(2);
  expect(byFill(series.signUps)).toHaveLength(1);
  expect(byFill(series.sales)).toHaveLength(1);
  expect(byFill(series.earnings)).toHaveLength(1);
  expect(bars).toHaveLength(5);

  // One scale for every series: each bar's height is its figure times the same factor.
  const [older, today] = byFill(series.clicks);
  const unit = older!.height / 10;
  expect(unit).toBeGreaterThan(0);
  expect(today!.height).toBeCloseTo(4 * unit);
  expect(byFill(series.signUps)[0]!.height).toBeCloseTo(2 * unit);
  expect(byFill(series.sales)[0]!.height).toBeCloseTo(1 * unit);
  expect(byFill(series.earnings)[0]!.height).toBeCloseTo(6 * unit);
  // Days run left to right, today last.
  expect(today!.x).toBeGreaterThan(older!.x);
});
