import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { useState } from "react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, test } from "vitest";
import type { SummaryRow } from "@domain/advertiser-summary";
import { AffiliateCard } from "./affiliate-card";
import { affiliateView } from "./affiliate-view";
import { summaryRowFixture } from "./summary-row-fixture";

afterEach(cleanup);

/** One card as the list shows it, folding as a HIGH RISK card does. */
function Card({ row }: { row: SummaryRow }) {
  const [open, setOpen] = useState(false);
  return (
    <AffiliateCard
      view={affiliateView(row)}
      open={open}
      onToggle={() => setOpen(!open)}
      asOf={new Date()}
      recording={false}
      onPayout={() => undefined}
      onExportInvoice={() => undefined}
      onSuspend={() => undefined}
    />
  );
}

const card = (name: string) => screen.getByRole("article", { name });

describe("the affiliate card's rating", () => {
  test("a HIGH RISK card says why while folded, beside the rating; its figures wait until it is opened", () => {
    render(<Card row={summaryRowFixture({ name: "Henry Hotline", total_earnings: 68.78, total_sign_ups: 10 })} />);
    const henry = card("Henry Hotline");
    expect(within(henry).getByText("HIGH RISK")).toBeTruthy();
    const reason = within(henry).getByText("$6.878 per sign-up: above $1.000 is HIGH RISK");
    // In the card's header, with the rating, not among the figures that fold away.
    expect(reason.closest("header")).toBe(within(henry).getByText("HIGH RISK").closest("header"));
    expect(within(henry).queryByText("Earnings per sign-up")).toBeNull();

    fireEvent.click(within(henry).getByRole("button", { name: "Open" }));
    expect(within(henry).getByText("$6.878 · HIGH RISK")).toBeTruthy(); // SPEC.md's figure, as it was
    expect(within(henry).getByText("$6.878 per sign-up: above $1.000 is HIGH RISK")).toBeTruthy();
  });

  test("every other band shows its reason beside SPEC.md's strings, which stay as they are", () => {
    render(
      <>
        <Card row={summaryRowFixture({ user_id: "c", name: "Charlie", total_earnings: 500, total_sign_ups: 1_000 })} />
        <Card row={summaryRowFixture({ user_id: "n", name: "Nina", total_earnings: 20, total_sign_ups: 100 })} />
        <Card row={summaryRowFixture({ user_id: "d", name: "Delta", total_earnings: 1, total_sign_ups: 100 })} />
        <Card row={summaryRowFixture({ user_id: "a", name: "Alpha", total_earnings: 50, total_sign_ups: 0 })} />
      </>,
    );
    const shown = (name: string, spec: string, reason: string) => {
      expect(within(card(name)).getByText(spec)).toBeTruthy();
      expect(within(card(name)).getByText(reason)).toBeTruthy();
    };
    shown("Charlie", "$0.500 · High Performance", "$0.500 per sign-up: from $0.333… to $1.000 is High Performance");
    shown(
      "Nina",
      "$0.200 · Neutral Performance",
      "$0.200 per sign-up: from $0.125 to below $0.333… is Neutral Performance",
    );
    shown("Delta", "$0.010 · Low Performance", "$0.010 per sign-up: below $0.125 is Low Performance");
    shown("Alpha", "— · No signups", "No sign-ups yet, so no earnings per sign-up to rate");
    expect(within(card("Alpha")).getByText("No signups")).toBeTruthy();
  });
});

describe("the affiliate card's figures", () => {
  test("SPEC.md's figures, then clicks and sales (what the list can also be ordered by)", () => {
    render(<Card row={summaryRowFixture({ name: "Dana Demo", total_clicks: 1_313, total_sales: 7 })} />);
    const terms = within(card("Dana Demo"))
      .getAllByRole("term")
      .map((term) => term.textContent);
    expect(terms.slice(-5, -2)).toEqual(["Earnings per sign-up", "Clicks", "Sales"]);
    expect(within(card("Dana Demo")).getByText("1,313")).toBeTruthy();
  });

  test("then the clicks filtered (issue 33), counted apart from Clicks, by reason: bots' and datacenters'", () => {
    const row = summaryRowFixture({
      name: "Dana Demo",
      total_clicks: 1_313,
      total_filtered_clicks: 2_048,
      total_datacenter_clicks: 48,
    });
    render(<Card row={row} />);
    const terms = within(card("Dana Demo")).getAllByRole("term");
    expect(terms.slice(-2).map((term) => [term.textContent, term.nextElementSibling?.textContent])).toEqual([
      ["Filtered clicks (bots)", "2,000"],
      ["Filtered clicks (datacenter)", "48"],
    ]);
  });
});

describe("the affiliate card's risk mark (issue 33)", () => {
  test("an open case is marked beside the rating, linking to the case; the rating stays as it is", () => {
    render(
      <MemoryRouter>
        <Card
          row={summaryRowFixture({
            name: "Fred Fraudster",
            total_earnings: 68.78,
            total_sign_ups: 10,
            risk_case: { case_id: "case-7", action: "hold_new", families: ["shared_destination"] },
          })}
        />
        <Card
          row={summaryRowFixture({
            user_id: "u2",
            name: "Flo Flag",
            risk_case: { case_id: "case-8", action: "flag", families: ["shared_destination"] },
          })}
        />
      </MemoryRouter>,
    );
    const fred = card("Fred Fraudster");
    const mark = within(fred).getByRole("link", { name: "Under review" });
    expect(mark.getAttribute("href")).toBe("/advertiser/risk?case=case-7");
    expect(mark.getAttribute("title")).toBe(
      "Open risk case (hold new commissions): Payout destination shared with other affiliates",
    );
    // Beside SPEC.md's rating, in the header a folded HIGH RISK card keeps.
    expect(mark.closest("header")).toBe(within(fred).getByText("HIGH RISK").closest("header"));
    const flo = within(card("Flo Flag")).getByRole("link", { name: "Risk case" });
    expect(flo.getAttribute("href")).toBe("/advertiser/risk?case=case-8");
  });

  test("no case, no mark", () => {
    render(<Card row={summaryRowFixture({ name: "Dana Demo" })} />);
    expect(within(card("Dana Demo")).queryByRole("link")).toBeNull();
  });
});

describe("the affiliate card's commission group (issue 34)", () => {
  test("the card names the group, and Move group asks the page to move them", () => {
    const moves: string[] = [];
    const row = summaryRowFixture({ name: "Gina Group", group: { id: "vip", name: "VIP" } });
    render(
      <AffiliateCard
        view={affiliateView(row)}
        open
        onToggle={() => undefined}
        asOf={new Date()}
        recording={false}
        onPayout={() => undefined}
        onExportInvoice={() => undefined}
        onSuspend={() => undefined}
        onMove={() => moves.push(row.user_id)}
      />,
    );
    const gina = card("Gina Group");
    expect(within(gina).getByText("Group").nextSibling?.textContent).toBe("VIP");
    fireEvent.click(within(gina).getByRole("button", { name: "Move group of Gina Group" }));
    expect(moves).toEqual([row.user_id]);
  });
});
