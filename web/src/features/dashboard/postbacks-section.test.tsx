import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import type { User } from "firebase/auth";
import type { DeliveryDoc, OutboundPostback } from "@domain/outbound-postbacks";
import { affiliateFixture } from "./affiliate-fixture";

const api = vi.hoisted(() => ({
  savePostback: vi.fn<(user: unknown, draft: unknown) => Promise<unknown>>(),
  deletePostback: vi.fn<(user: unknown, id: string) => Promise<unknown>>(),
  testPostback: vi.fn<(user: unknown, id: string) => Promise<unknown>>(),
}));
vi.mock("./dashboard-api", () => api);
const deliveries = vi.hoisted(() => ({ data: [] as DeliveryDoc[] }));
vi.mock("./use-affiliate", () => ({
  usePostbackDeliveries: () => ({ status: "success", data: deliveries.data }),
}));
const { PostbacksSection } = await import("./postbacks-section");

const user = { uid: "u1" } as User;
const postback = {
  id: "abcd1234",
  advertiser: "promptchan" as const,
  tracker: "/tw",
  url: "https://tracker.example/pb?cid={sub1}&p={payout}",
  events: ["sale" as const, "refund" as const],
};
const affiliate = (postbacks: OutboundPostback[] = [postback]) =>
  affiliateFixture({ postbacks, links: { promptchan: ["/tw"], cutechat: ["/ig"], creategirls: [] } });

beforeEach(() => {
  vi.resetAllMocks();
  deliveries.data = [];
});
afterEach(cleanup);

describe("the affiliate's postbacks", () => {
  test("adding one: advertiser, link, URL and events; a refusal is said with its reason", async () => {
    api.savePostback.mockRejectedValueOnce(new Error("url: The URL must point at a public host, not a local one."));
    api.savePostback.mockResolvedValueOnce([]);
    render(<PostbacksSection user={user} affiliate={affiliate([])} readOnly={false} />);
    expect(screen.getByText("No postbacks yet.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Add a postback" }));
    const form = screen.getByRole("form", { name: "Add a postback" });
    fireEvent.change(within(form).getByRole("combobox", { name: "Advertiser" }), { target: { value: "cutechat" } });
    const link = within(form).getByRole("combobox", { name: "Link" });
    expect([...link.querySelectorAll("option")].map((option) => option.textContent)).toEqual([
      "All links",
      "Default link",
      "/ig",
    ]);
    fireEvent.change(link, { target: { value: "/ig" } });
    fireEvent.change(within(form).getByRole("textbox", { name: "Postback URL" }), {
      target: { value: " http://localhost/pb?c={click_id} " },
    });
    fireEvent.click(within(form).getByRole("checkbox", { name: "Sign-ups" }));
    fireEvent.click(within(form).getByRole("button", { name: "Save postback" }));
    // Said on the URL field itself, without the API's field name in front.
    const refusal = await within(form).findByRole("alert");
    expect(refusal.textContent).toBe("The URL must point at a public host, not a local one.");
    const url = within(form).getByRole("textbox", { name: "Postback URL" });
    expect(url.getAttribute("aria-invalid")).toBe("true");
    expect(url.getAttribute("aria-describedby")).toContain(refusal.id);
    expect(refusal.textContent).toBe("The URL must point at a public host, not a local one.");
    expect(within(form).getByRole("textbox", { name: "Postback URL" }).getAttribute("aria-invalid")).toBe("true");
    expect(api.savePostback).toHaveBeenCalledWith(user, {
      advertiser: "cutechat",
      tracker: "/ig",
      url: "http://localhost/pb?c={click_id}",
      events: ["sale", "sign_up"],
    });

    fireEvent.click(within(form).getByRole("button", { name: "Save postback" }));
    expect((await screen.findByRole("status")).textContent).toBe("Postback saved.");
    expect(screen.queryByRole("form")).toBeNull();
  });

  test("each postback can be tested and edited; the delivery log lists every call", async () => {
    api.testPostback.mockResolvedValue({ url: "x", status: 200, latency_ms: 42, outcome: "delivered", error: null });
    deliveries.data = [
      {
        at: new Date("2026-11-23T10:00:00Z"),
        url: "https://tracker.example/pb?cid=camp&p=12.00",
        event: "sale",
        transaction_id: "T-1",
        status: 500,
        latency_ms: 120,
        attempt: 1,
        outcome: "retrying",
        error: "The receiver answered 500.",
        test: false,
        expire_at: new Date(),
      },
    ];
    render(<PostbacksSection user={user} affiliate={affiliate()} readOnly={false} />);
    const item = screen.getByRole("listitem");
    expect(within(item).getByText("Promptchan · /tw")).toBeTruthy();
    expect(within(item).getByText("Sales, Refunds")).toBeTruthy();

    fireEvent.click(within(item).getByRole("button", { name: "Send a test" }));
    expect((await screen.findByRole("status")).textContent).toBe("Test delivered: your tracker answered 200 in 42 ms.");
    expect(api.testPostback).toHaveBeenCalledWith(user, "abcd1234");

    fireEvent.click(within(item).getByRole("button", { name: "Edit" }));
    const form = screen.getByRole("form", { name: "Edit the postback" });
    expect((within(form).getByRole("textbox", { name: "Postback URL" }) as HTMLTextAreaElement).value).toBe(
      postback.url,
    );
    fireEvent.click(within(form).getByRole("button", { name: "Cancel" }));

    const log = screen.getByRole("region", { name: "Postback deliveries, newest first" });
    const cells = [...within(log).getAllByRole("row")[1]!.querySelectorAll("td")].map((cell) => cell.textContent);
    expect(cells.slice(1)).toEqual([
      "sale",
      "Failed, will retry",
      "500",
      "120 ms",
      "1",
      "https://tracker.example/pb?cid=camp&p=12.00",
    ]);
  });

  test("a failed test says what happened in plain words; the technical detail stays in the delivery log", async () => {
    api.testPostback.mockResolvedValue({
      url: "https://tracker.example.com/pb",
      status: null,
      latency_ms: 12,
      outcome: "refused",
      error: "getaddrinfo ENOTFOUND tracker.example.com",
    });
    render(<PostbacksSection user={user} affiliate={affiliate()} readOnly={false} />);
    fireEvent.click(within(screen.getByRole("listitem")).getByRole("button", { name: "Send a test" }));
    const said = await screen.findByRole("alert");
    expect(said.textContent).toBe(
      "Test not delivered. Your tracker's address could not be found: check the domain in the URL.",
    );
    expect(said.textContent).not.toContain("ENOTFOUND");
  });

  test("deleting asks first, naming the postback; Cancel deletes nothing; confirming deletes that one", async () => {
    api.deletePostback.mockResolvedValue([]);
    const other = {
      ...postback,
      id: "efgh5678",
      advertiser: "cutechat" as const,
      tracker: "/ig",
      url: "https://t.example/b",
    };
    render(<PostbacksSection user={user} affiliate={affiliate([postback, other])} readOnly={false} />);
    const dialog = () => screen.queryByRole("dialog", { hidden: true });
    expect(dialog()).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Delete the postback for CuteChat · /ig" }));
    const asking = dialog()!;
    expect(within(asking).getByRole("heading", { name: "Delete this postback?", hidden: true })).toBeTruthy();
    expect(asking.textContent).toBe(
      "Delete this postback?We will stop calling your tracker for new conversions of CuteChat · /ig: https://t.example/bDelete postbackCancel",
    );
    fireEvent.click(within(asking).getByRole("button", { name: "Cancel", hidden: true }));
    expect(dialog()).toBeNull();
    expect(api.deletePostback).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole("button", { name: "Delete the postback for CuteChat · /ig" }));
    fireEvent.click(within(dialog()!).getByRole("button", { name: "Delete postback", hidden: true }));
    expect(dialog()).toBeNull();
    await waitFor(() => expect(api.deletePostback).toHaveBeenCalledWith(user, "efgh5678"));
    expect(api.deletePostback).toHaveBeenCalledTimes(1);
    expect((await screen.findByRole("status")).textContent).toBe("Postback deleted.");
    expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Postbacks" }));
  });

  test("a refused delete says why, and keeps focus where it was", async () => {
    api.deletePostback.mockRejectedValue(new Error("You have no such postback."));
    render(<PostbacksSection user={user} affiliate={affiliate()} readOnly={false} />);
    fireEvent.click(screen.getByRole("button", { name: "Delete the postback for Promptchan · /tw" }));
    fireEvent.click(
      within(screen.getByRole("dialog", { hidden: true })).getByRole("button", {
        name: "Delete postback",
        hidden: true,
      }),
    );
    expect((await screen.findByRole("alert")).textContent).toBe("You have no such postback.");
    expect(document.activeElement).not.toBe(screen.getByRole("heading", { name: "Postbacks" }));
  });

  test("read-only for the admin viewing someone's dashboard", () => {
    render(<PostbacksSection user={user} affiliate={affiliate()} readOnly />);
    expect(screen.queryByRole("button")).toBeNull();
  });
});
