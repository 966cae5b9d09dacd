import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import {
  currentAdvertiserKey,
  rememberAdvertiser,
  rememberAdvertiserAttribute,
  storedAdvertiser,
  watchAdvertiserLinks,
} from "./current-advertiser";

/** A link as the partner cards render it, or any other link, clicked; the page's navigation is cancelled. */
function click(attributes: Record<string, string>, target: "link" | "child" = "link"): void {
  const link = document.createElement("a");
  link.href = "/signup";
  for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
  link.innerHTML = "<span>Get Started</span>";
  document.body.append(link);
  link.addEventListener("click", (event) => event.preventDefault());
  (target === "link" ? link : link.firstElementChild!).dispatchEvent(new MouseEvent("click", { bubbles: true }));
}

describe("watchAdvertiserLinks", () => {
  beforeAll(() => {
    watchAdvertiserLinks();
    // The app's call after the islands script's: no second listener.
    watchAdvertiserLinks();
  });
  beforeEach(() => window.localStorage.clear());
  afterEach(() => document.body.replaceChildren());

  test("a remembering link stores its advertiser when followed, also when its text is what was clicked", () => {
    click({ [rememberAdvertiserAttribute]: "cutechat" });
    expect(window.localStorage.getItem(currentAdvertiserKey)).toBe("cutechat");
    click({ [rememberAdvertiserAttribute]: "creategirls" }, "child");
    expect(window.localStorage.getItem(currentAdvertiserKey)).toBe("creategirls");
  });

  test("one store per click, however often the listener was asked for", () => {
    const setItem = vi.spyOn(Storage.prototype, "setItem");
    click({ [rememberAdvertiserAttribute]: "cutechat" });
    expect(setItem).toHaveBeenCalledTimes(1);
    setItem.mockRestore();
  });

  test("a plain link, or one naming no advertiser of the programme, stores nothing", () => {
    click({});
    click({ [rememberAdvertiserAttribute]: "someone-else" });
    expect(window.localStorage.getItem(currentAdvertiserKey)).toBeNull();
  });

  test("the advertiser is stored before the link's own click handlers run (the router's navigation)", () => {
    const link = document.createElement("a");
    link.setAttribute(rememberAdvertiserAttribute, "promptchan");
    document.body.append(link);
    let storedFirst: string | null = "not clicked";
    link.addEventListener("click", () => (storedFirst = window.localStorage.getItem(currentAdvertiserKey)));
    link.click();
    expect(storedFirst).toBe("promptchan");
  });
});

describe("storedAdvertiser and rememberAdvertiser: the one place currentAdvertiser is read and stored", () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  test("what was remembered comes back; nothing, or an advertiser the programme does not have, is the default", () => {
    expect(storedAdvertiser()).toBe("promptchan");
    rememberAdvertiser("creategirls");
    expect(window.localStorage.getItem(currentAdvertiserKey)).toBe("creategirls");
    expect(storedAdvertiser()).toBe("creategirls");
    window.localStorage.setItem(currentAdvertiserKey, "somebody-else");
    expect(storedAdvertiser()).toBe("promptchan");
  });

  test("a browser that refuses storage reads the default and stores nothing, without throwing", () => {
    vi.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new DOMException("The operation is insecure.", "SecurityError");
    });
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(storedAdvertiser()).toBe("promptchan");
    expect(() => rememberAdvertiser("cutechat")).not.toThrow();
    expect(warn).toHaveBeenCalledOnce();
  });
});
