import { act, cleanup, fireEvent, render, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, test } from "vitest";
import { affiliateFixture } from "./affiliate-fixture";
import { TrackerCards } from "./tracker-cards";

afterEach(cleanup);

function renderRows() {
  const trackers = {
    promptchan: {
      default: { clicks: 10, sign_ups: 1, sales: 0, earnings_cents: 0 },
      "/tw": { clicks: 200, sign_ups: 20, sales: 5, earnings_cents: 6_000 },
    },
    cutechat: {},
    creategirls: {},
  };
  const links = { promptchan: ["/tw"], cutechat: [], creategirls: [] };
  const { container } = render(
    <TrackerCards advertiser="promptchan" affiliate={affiliateFixture({ trackers, links })} />,
  );
  return [...container.querySelectorAll("details")];
}

describe("the tracker rows' expand cue", () => {
  test("each row's toggle says whether it is expanded, and follows it however it opens and closes", async () => {
    const [defaultRow, twitter] = renderRows();
    const toggle = twitter!.querySelector("summary")!;
    expect([defaultRow, twitter].map((row) => row!.querySelector("summary")!.getAttribute("aria-expanded"))).toEqual([
      "false",
      "false",
    ]);

    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute("aria-expanded")).toBe("true"));
    expect(twitter!.open).toBe(true);
    expect(defaultRow!.querySelector("summary")!.getAttribute("aria-expanded")).toBe("false");

    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute("aria-expanded")).toBe("false"));

    // Opened by the page rather than the toggle (find in page, a script): the toggle still says so.
    act(() => {
      defaultRow!.open = true;
    });
    await waitFor(() => expect(defaultRow!.querySelector("summary")!.getAttribute("aria-expanded")).toBe("true"));
  });
});

describe("the clicks filtered as bots' (issue 33)", () => {
  const withFiltered = (promptchan: number, datacenter?: number) => {
    const base = affiliateFixture();
    return affiliateFixture({
      by_advertiser: {
        ...base.by_advertiser,
        promptchan: { ...base.by_advertiser.promptchan, filtered_clicks: promptchan, datacenter_clicks: datacenter },
      },
    });
  };

  test("are said under the advertiser's trackers, apart from their clicks", () => {
    const { container } = render(<TrackerCards advertiser="promptchan" affiliate={withFiltered(1_234)} />);
    expect(container.textContent).toContain(
      "1,234 filtered (bots): clicks on your Promptchan links by bots and headless browsers, not counted in the clicks above.",
    );
  });

  test("with datacenters' among them, say so by reason (issue 33)", () => {
    const both = render(<TrackerCards advertiser="promptchan" affiliate={withFiltered(1_234, 34)} />);
    expect(both.container.textContent).toContain(
      "1,234 filtered (1,200 bots, 34 datacenter): clicks on your Promptchan links by bots and headless browsers or from datacenters and hosting networks, not counted in the clicks above.",
    );
    cleanup();
    const only = render(<TrackerCards advertiser="promptchan" affiliate={withFiltered(5, 5)} />);
    expect(only.container.textContent).toContain(
      "5 filtered (datacenter): clicks on your Promptchan links from datacenters and hosting networks, not counted in the clicks above.",
    );
  });

  test("are another advertiser's, or none: nothing is said", () => {
    const other = render(<TrackerCards advertiser="cutechat" affiliate={withFiltered(1_234)} />);
    expect(other.container.textContent).not.toContain("filtered");
    cleanup();
    const none = render(<TrackerCards advertiser="promptchan" affiliate={withFiltered(0)} />);
    expect(none.container.textContent).not.toContain("filtered");
  });
});
