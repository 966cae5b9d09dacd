import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, test, vi } from "vitest";
import { formatDay } from "../../lib/dates";
import { newForDays, sortUpdates, updates, type Update } from "../../lib/updates";
import { UpdatesPage } from "./updates-page";

vi.mock("../../config", () => ({ config: { siteUrl: "https://affiliates.example" } }));
afterEach(cleanup);

const update = (title: string, date: string, pinned?: boolean): Update => ({
  title,
  date,
  paragraphs: [title],
  pinned,
});

describe("sortUpdates", () => {
  test("pinned first, then newest first", () => {
    const sorted = sortUpdates([
      update("old", "2024-01-05"),
      update("pinned old", "2023-06-01", true),
      update("new", "2025-03-01"),
      update("middle", "2024-11-30"),
      update("pinned new", "2025-01-01", true),
    ]);
    expect(sorted.map((u) => u.title)).toEqual(["pinned new", "pinned old", "new", "middle", "old"]);
  });

  test("updates of the same date keep their order in the list", () => {
    const sorted = sortUpdates([
      update("first", "2025-02-10"),
      update("second", "2025-02-10"),
      update("newer", "2025-03-01"),
      update("third", "2025-02-10"),
    ]);
    expect(sorted.map((u) => u.title)).toEqual(["newer", "first", "second", "third"]);
  });

  test("does not reorder the list it was given", () => {
    const list = [update("a", "2024-01-01"), update("b", "2025-01-01")];
    sortUpdates(list);
    expect(list.map((u) => u.title)).toEqual(["a", "b"]);
  });
});

test("dates show as day/month/year, whatever the time zone", () => {
  expect(formatDay("2025-02-01")).toBe("1 Feb 2025");
  expect(formatDay("2024-12-31")).toBe("31 Dec 2024");
});

describe("the announcements (SPEC.md §1)", () => {
  const text = updates.map((u) => [u.title, ...u.paragraphs].join(" ")).join("\n");

  test("every one has a real ISO date, a title and at least one paragraph", () => {
    for (const { date, title, paragraphs } of updates) {
      expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10)).toBe(date);
      expect(title.trim()).not.toBe("");
      expect(paragraphs.length).toBeGreaterThan(0);
    }
  });

  test.each([
    ["bug compensation", /compensat/i],
    ["the compensation window", /4 July and 27 August 2025/],
    ["refund tracking", /refund/i],
    ["chargeback tracking", /chargeback/i],
    ["a commission increase", /commission increase|raised/i],
    ["recurring earnings at 20%", /20%/],
    ["recurring earnings at 50%", /50%/],
    ["landing-page choice", /landing page/i],
    ["click tracking from February 2025", /February 2025/],
    ["the domain move", /new domain/i],
  ])("announce %s", (_topic, pattern) => {
    expect(text).toMatch(pattern);
  });

  test("click tracking is announced in February 2025", () => {
    const clicks = updates.find((u) => /click tracking/i.test(u.title));
    expect(clicks?.date.startsWith("2025-02")).toBe(true);
  });
});

test("the page lists the announcements pinned first, then newest first, with their dates", () => {
  render(
    <MemoryRouter>
      <UpdatesPage
        list={[
          update("Older news", "2025-01-15"),
          update("Pinned news", "2024-05-01", true),
          update("Latest news", "2025-06-20"),
        ]}
      />
    </MemoryRouter>,
  );
  const items = within(screen.getByRole("list", { name: "Announcements" })).getAllByRole("article");
  expect(items.map((item) => within(item).getByRole("heading").textContent)).toEqual([
    "Pinned news",
    "Latest news",
    "Older news",
  ]);
  expect(within(items[0]!).getByText("Pinned")).toBeTruthy();
  const date = within(items[1]!).getByText("20 Jun 2025");
  expect(date.tagName).toBe("TIME");
  expect(date.getAttribute("datetime")).toBe("2025-06-20");
});

test(`only announcements younger than ${newForDays} days are marked New (issue 32)`, () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(2025, 6, 1, 12));
  try {
    render(
      <MemoryRouter>
        <UpdatesPage
          list={[
            update("Fresh news", "2025-06-20"),
            update("Old news", "2025-01-15"),
            update("Old pinned", "2024-05-01", true),
          ]}
        />
      </MemoryRouter>,
    );
    const byTitle = (title: string) => screen.getByRole("heading", { name: title }).closest("article")!;
    expect(within(byTitle("Fresh news")).queryByText("New")).not.toBeNull();
    expect(within(byTitle("Old news")).queryByText("New")).toBeNull();
    expect(within(byTitle("Old pinned")).queryByText("New")).toBeNull();
    expect(within(byTitle("Old pinned")).getByText("Pinned")).toBeTruthy();
  } finally {
    vi.useRealTimers();
  }
});
