import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import { defaultPublicTerms, publicFigures } from "@domain/public-terms";
import { PublicFiguresProvider, usePublicFigures } from "./public-terms";

function Rate() {
  return <p>{usePublicFigures()["promptchan.commission"]}</p>;
}

const terms = () => {
  const value = defaultPublicTerms();
  value.rates.promptchan.commission_rate = 0.655;
  return value;
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

test("an app loaded on a page stating no terms asks for them once a public page shows, and states them", async () => {
  const fetched = vi.fn((_url: string) => Promise.resolve(new Response(JSON.stringify(terms()))));
  vi.stubGlobal("fetch", fetched);
  render(
    <PublicFiguresProvider value={publicFigures(defaultPublicTerms())} stated={false}>
      <Rate />
      <Rate />
    </PublicFiguresProvider>,
  );
  expect(await screen.findAllByText("65.5%")).toHaveLength(2);
  expect(fetched.mock.calls.map(([url]) => url)).toEqual(["/_pages/terms.json"]);
});

test("a page that stated its terms asks for nothing; a failed or malformed answer leaves SPEC.md's terms", async () => {
  const fetched = vi.fn(() => Promise.resolve(new Response("{}")));
  vi.stubGlobal("fetch", fetched);
  const { unmount } = render(
    <PublicFiguresProvider value={publicFigures(terms())}>
      <Rate />
    </PublicFiguresProvider>,
  );
  expect(screen.getByText("65.5%")).toBeTruthy();
  expect(fetched).not.toHaveBeenCalled();
  unmount();

  render(
    <PublicFiguresProvider value={publicFigures(defaultPublicTerms())} stated={false}>
      <Rate />
    </PublicFiguresProvider>,
  );
  await vi.waitFor(() => expect(fetched).toHaveBeenCalledOnce());
  expect(screen.getByText("60%")).toBeTruthy();
});
