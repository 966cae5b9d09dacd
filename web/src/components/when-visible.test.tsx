import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { WhenVisible } from "./when-visible";

/** A stand-in IntersectionObserver the test drives: `show` tells its callback the place is on screen. */
function observerStandIn() {
  const observed: Element[] = [];
  let notify: IntersectionObserverCallback = () => undefined;
  const options: (IntersectionObserverInit | undefined)[] = [];
  const disconnect = vi.fn();
  class StandIn {
    constructor(callback: IntersectionObserverCallback, init?: IntersectionObserverInit) {
      notify = callback;
      options.push(init);
    }
    observe(element: Element) {
      observed.push(element);
    }
    disconnect = disconnect;
  }
  vi.stubGlobal("IntersectionObserver", StandIn);
  const show = (isIntersecting: boolean) =>
    act(() => notify([{ isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver));
  return { observed, options, disconnect, show };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, "", "/");
});

/** Off the screen: a placeholder with a heading (id "payout") and a link into it. */
function renderOffScreen() {
  return render(
    <WhenVisible
      placeholder={
        <section>
          <h2 id="payout">Payout</h2>
          <a href="#payout">a link into it</a>
        </section>
      }
    >
      <p>the payout form</p>
    </WhenVisible>,
  );
}

describe("WhenVisible", () => {
  test("holds the place until it comes near the screen, then renders the children once", () => {
    const io = observerStandIn();
    render(
      <WhenVisible placeholder={<p>placeholder</p>} margin="100px">
        <p>the chart</p>
      </WhenVisible>,
    );
    expect(screen.getByText("placeholder")).toBeTruthy();
    expect(screen.queryByText("the chart")).toBeNull();
    expect(io.observed).toHaveLength(1);
    expect(io.options[0]).toEqual({ rootMargin: "100px" });
    io.show(false);
    expect(screen.queryByText("the chart")).toBeNull();
    io.show(true);
    expect(screen.getByText("the chart")).toBeTruthy();
    expect(screen.queryByText("placeholder")).toBeNull();
    expect(io.disconnect).toHaveBeenCalled();
  });

  test("renders at once where the browser cannot observe", () => {
    vi.stubGlobal("IntersectionObserver", undefined);
    render(
      <WhenVisible placeholder={<p>placeholder</p>}>
        <p>the chart</p>
      </WhenVisible>,
    );
    expect(screen.getByText("the chart")).toBeTruthy();
  });

  test("renders when something in the placeholder is focused (a keyboard moving through the page)", () => {
    observerStandIn();
    renderOffScreen();
    expect(screen.queryByText("the payout form")).toBeNull();
    fireEvent.focus(screen.getByRole("link", { name: "a link into it" }));
    expect(screen.getByText("the payout form")).toBeTruthy();
  });

  test("renders when the address links into the placeholder, at once or later", () => {
    observerStandIn();
    window.history.replaceState(null, "", "/dashboard#payout");
    renderOffScreen();
    expect(screen.getByText("the payout form")).toBeTruthy();
    cleanup();

    window.history.replaceState(null, "", "/dashboard#elsewhere");
    renderOffScreen();
    expect(screen.queryByText("the payout form")).toBeNull();
    act(() => {
      window.history.replaceState(null, "", "/dashboard#payout");
      window.dispatchEvent(new HashChangeEvent("hashchange"));
    });
    expect(screen.getByText("the payout form")).toBeTruthy();
  });
});
