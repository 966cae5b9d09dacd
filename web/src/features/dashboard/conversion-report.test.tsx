import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, test } from "vitest";
import { affiliateFixture } from "./affiliate-fixture";
import { ConversionReport } from "./conversion-report";

afterEach(cleanup);

/** A table's rows as the text of each cell, header row first. */
function cells(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole("row")
    .map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent ?? ""));
}

describe("the affiliate's conversion report", () => {
  test("by landing page, best converting first and called out; by link; each rate of clicks", () => {
    render(
      <ConversionReport
        advertiser="promptchan"
        affiliate={affiliateFixture({
          links: { promptchan: ["/tw"], cutechat: [], creategirls: [] },
          landings: {
            promptchan: {
              default: { clicks: 400, sign_ups: 20, first_sales: 4 },
              "/ai-porn": { clicks: 200, sign_ups: 30, first_sales: 10 },
              "/ai-generator": { clicks: 10, sign_ups: 5, first_sales: 5 },
            },
            cutechat: {},
            creategirls: {},
          },
          trackers: {
            promptchan: {
              default: { clicks: 500, sign_ups: 40, sales: 20, first_sales: 12, earnings_cents: 0 },
              "/tw": { clicks: 110, sign_ups: 15, sales: 9, first_sales: 7, earnings_cents: 0 },
            },
            cutechat: {},
            creategirls: {},
          },
        })}
      />,
    );
    const section = screen.getByRole("region", { name: "Conversion report · Promptchan" });
    // Ten lucky clicks are not enough to be called the best.
    expect(within(section).getByText(/converts best for you/).textContent).toBe(
      "AI Porn converts best for you: 5.0% of its clicks became a first sale.",
    );
    expect(cells(within(section).getByRole("table", { name: "By landing page" }))).toEqual([
      ["Landing page", "Clicks", "Sign-ups", "First sales", "Sign-ups per click", "First sales per click"],
      ["AI Generator (SFW)", "10", "5", "5", "50.0%", "50.0%"],
      ["AI PornBest", "200", "30", "10", "15.0%", "5.0%"],
      ["Default (home page)", "400", "20", "4", "5.0%", "1.0%"],
    ]);
    expect(cells(within(section).getByRole("table", { name: "By link" }))).toEqual([
      ["Link", "Clicks", "Sign-ups", "First sales", "Sign-ups per click", "First sales per click"],
      ["/tw", "110", "15", "7", "13.6%", "6.4%"],
      ["Default link", "500", "40", "12", "8.0%", "2.4%"],
    ]);
    // Each wide table scrolls in its own focusable box on a phone.
    expect(within(section).getByRole("region", { name: "By landing page" }).tabIndex).toBe(0);
  });

  test("says what it will show before there are clicks", () => {
    render(<ConversionReport advertiser="cutechat" affiliate={affiliateFixture()} />);
    expect(screen.getByText(/No clicks on your CuteChat links yet/)).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });

  test("no page is called the best without enough clicks", () => {
    render(
      <ConversionReport
        advertiser="promptchan"
        affiliate={affiliateFixture({
          landings: {
            promptchan: { default: { clicks: 12, sign_ups: 3, first_sales: 1 } },
            cutechat: {},
            creategirls: {},
          },
        })}
      />,
    );
    expect(screen.getByText(/is named once one has at least 50 clicks and a first sale/)).toBeTruthy();
    expect(screen.queryByText("Best")).toBeNull();
  });
});
