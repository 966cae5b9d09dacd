import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import type { User } from "firebase/auth";
import { createQueryClient } from "../../lib/query-client";
import type { IntegrationView as Integration } from "@contract/integration";

const api = vi.hoisted(() => ({
  fetchIntegration: vi.fn<(user: unknown, advertiser: string) => Promise<unknown>>(),
  rotateToken: vi.fn<(user: unknown, advertiser: string) => Promise<unknown>>(),
  revokeToken: vi.fn<(user: unknown, advertiser: string, token: string) => Promise<unknown>>(),
  sendTestConversion: vi.fn<(user: unknown, advertiser: string, event: string, amount: string) => Promise<unknown>>(),
}));
vi.mock("./advertiser-api", () => api);
const { IntegrationPanel } = await import("./integration-panel");

const user = { uid: "staff-1" } as User;
const token = "pbt_currentcurrentcurrentcurrentcurrent1234";
const old = "pbt_previouspreviouspreviouspreviousprev9876";
const url = (with_: string) =>
  `http://127.0.0.1:5050/api/postback/promptchan?token=${with_}&click_id={click_id}&event={event}`;
/** How the panel shows a token while it is hidden. */
const hidden = (shown: string) => `${shown.slice(0, 4)}${"•".repeat(12)}${shown.slice(-4)}`;

const integration = (overrides: Partial<Integration> = {}): Integration => ({
  advertiser: "promptchan",
  postback_url: url(token),
  attribution_window_days: 30,
  tokens: [{ token, created_at: "2026-11-20T10:00:00Z", created_by: "staff@demo.test", expires_at: null }],
  test_click_id: null,
  test_url: null,
  recent: [
    {
      id: "a",
      received_at: "2026-11-23T10:00:00Z",
      method: "GET",
      event: "sale",
      transaction_id: "T-1",
      click_id: "AbCdEfGhIjKlMnOpQrStUv",
      amount: "19.99",
      status: 200,
      outcome: "applied",
      reason: null,
    },
    {
      id: "b",
      received_at: "2026-11-23T09:00:00Z",
      method: "POST",
      event: "sale",
      transaction_id: "T-2",
      click_id: "A".repeat(22),
      amount: "19,99",
      status: 400,
      outcome: "refused",
      reason: "amount: Amount must be a number of dollars.",
    },
  ],
  ...overrides,
});

function renderPanel() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <IntegrationPanel user={user} />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole("button", { name: "View" }));
}

/** The open dialog (jsdom has no showModal, so it counts as hidden). */
const dialog = () => screen.getByRole("dialog", { hidden: true });

beforeEach(() => {
  vi.resetAllMocks();
  api.fetchIntegration.mockResolvedValue(integration());
});
afterEach(cleanup);

describe("the postback integration", () => {
  test("shows the URL to paste, the masked token and the postbacks received, filterable by outcome", async () => {
    renderPanel();
    expect(await screen.findByText(url(hidden(token)))).toBeTruthy();
    expect(api.fetchIntegration).toHaveBeenCalledWith(user, "promptchan");
    expect(screen.getByLabelText("Current token").textContent).toBe("pbt_••••••••••••1234");
    fireEvent.click(screen.getByRole("button", { name: "Reveal the token" }));
    expect(screen.getByLabelText("Current token").textContent).toBe(token);
    expect(screen.getByText(url(token))).toBeTruthy();

    const log = screen.getByRole("region", { name: "Postbacks received, newest first" });
    expect(within(log).getAllByRole("row")).toHaveLength(3);
    expect(within(log).getByText("amount: Amount must be a number of dollars.")).toBeTruthy();
    fireEvent.change(screen.getByRole("combobox", { name: "Show" }), { target: { value: "refused" } });
    const rows = within(screen.getByRole("region", { name: "Postbacks received, newest first" })).getAllByRole("row");
    expect(rows).toHaveLength(2);
    expect(rows[1]!.textContent).toContain("T-2");
    fireEvent.change(screen.getByRole("combobox", { name: "Show" }), { target: { value: "test" } });
    expect(screen.getByText("No postback received with that outcome.")).toBeTruthy();
  });

  test("rotating asks first, then shows the new token and the previous one's week", async () => {
    const rotated = "pbt_newnewnewnewnewnewnewnewnewnewnewnew5555";
    api.rotateToken.mockResolvedValue(
      integration({
        postback_url: url(rotated),
        tokens: [
          { token: rotated, created_at: "2026-11-24T10:00:00Z", created_by: "staff@demo.test", expires_at: null },
          {
            token,
            created_at: "2026-11-20T10:00:00Z",
            created_by: "staff@demo.test",
            expires_at: "2026-12-01T10:00:00Z",
          },
        ],
      }),
    );
    renderPanel();
    fireEvent.click(await screen.findByRole("button", { name: "Rotate token" }));
    expect(within(dialog()).getByText(/keeps working for 7 days/)).toBeTruthy();
    expect(api.rotateToken).not.toHaveBeenCalled();
    fireEvent.click(within(dialog()).getByRole("button", { name: "Rotate", hidden: true }));
    expect(await screen.findByText(url(hidden(rotated)))).toBeTruthy();
    expect(screen.getByText(/The previous token \(pbt_••••••••••••1234\) still works until/)).toBeTruthy();
  });

  test("revoking the previous token asks first; a refusal is said in the page", async () => {
    api.fetchIntegration.mockResolvedValue(
      integration({
        tokens: [
          { token, created_at: "2026-11-24T10:00:00Z", created_by: "", expires_at: null },
          { token: old, created_at: "2026-11-20T10:00:00Z", created_by: "", expires_at: "2026-12-01T10:00:00Z" },
        ],
      }),
    );
    api.revokeToken.mockRejectedValue(new Error("That token is not one of this advertiser's working tokens."));
    renderPanel();
    fireEvent.click(await screen.findByRole("button", { name: "Revoke now" }));
    fireEvent.click(within(dialog()).getByRole("button", { name: "Revoke", hidden: true }));
    await waitFor(() => expect(api.revokeToken).toHaveBeenCalledWith(user, "promptchan", old));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "That token is not one of this advertiser's working tokens.",
    );
  });

  test("an advertiser without a token can create one", async () => {
    api.fetchIntegration.mockResolvedValue(integration({ postback_url: null, tokens: [], recent: [] }));
    api.rotateToken.mockResolvedValue(integration());
    renderPanel();
    expect(await screen.findByText(/has no postback token yet/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Reveal the token" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Create token" }));
    expect(await screen.findByText(url(hidden(token)))).toBeTruthy();
    expect(api.rotateToken).toHaveBeenCalledWith(user, "promptchan");
  });

  test("a test conversion says what came of it, and the log is fetched again", async () => {
    api.sendTestConversion.mockResolvedValue({
      click_id: "TeStClIcKiDtEsTcLiCkId",
      outcome: { status: "test", detail: "Test sale of $5.00 received for the test click: the integration works." },
    });
    renderPanel();
    await screen.findByText(url(hidden(token)));
    fireEvent.change(screen.getByRole("textbox", { name: "Amount ($)" }), { target: { value: "5.00" } });
    fireEvent.click(screen.getByRole("button", { name: "Send a test conversion" }));
    expect((await screen.findByRole("status")).textContent).toBe(
      "Test sale of $5.00 received for the test click: the integration works. Test click id: TeStClIcKiDtEsTcLiCkId",
    );
    expect(api.sendTestConversion).toHaveBeenCalledWith(user, "promptchan", "sale", "5.00");
    await waitFor(() => expect(api.fetchIntegration).toHaveBeenCalledTimes(2));
  });

  test("each advertiser has its own integration", async () => {
    renderPanel();
    await screen.findByText(url(hidden(token)));
    fireEvent.click(screen.getByRole("radio", { name: "CuteChat" }));
    await waitFor(() => expect(api.fetchIntegration).toHaveBeenLastCalledWith(user, "cutechat"));
  });
});

describe("the token stays masked everywhere until Reveal", () => {
  // Random-looking, like the server's (pbt_ and 32 bytes in base64url), so no word of the page matches them.
  const secret = "pbt_Hq3ZxV9mKp2WcR7tYb4NdF6gJs8LuE1aQo5iTe0rXyZ";
  const previous = "pbt_Wn4Bc8Lk2Xq6Rt0Vm3Ps7Gd5Jh9Fz1Yu4Ea8Ko2Ni6";
  const testUrl = `${url(secret).replace("{click_id}", "TeStClIcKiDtEsTcLiCkId").replace("{event}", "sale")}&amount=19.99`;
  const withSecrets = () =>
    integration({
      postback_url: url(secret),
      test_click_id: "TeStClIcKiDtEsTcLiCkId",
      test_url: testUrl,
      tokens: [
        { token: secret, created_at: "2026-11-24T10:00:00Z", created_by: "staff@demo.test", expires_at: null },
        {
          token: previous,
          created_at: "2026-11-20T10:00:00Z",
          created_by: "staff@demo.test",
          expires_at: "2026-12-01T10:00:00Z",
        },
      ],
    });

  /** The pieces of a token's secret part (after "pbt_"), five characters long, that the page's text shows. */
  const exposed = (token: string) => {
    const text = document.body.textContent ?? "";
    const body = token.slice(4);
    const pieces = Array.from({ length: body.length - 4 }, (_, at) => body.slice(at, at + 5));
    return pieces.filter((piece) => text.includes(piece));
  };

  /** navigator.clipboard as the test needs it, put back after the test. */
  function withClipboard(writeText: (text: string) => Promise<void>) {
    const original = Object.getOwnPropertyDescriptor(navigator, "clipboard");
    Object.defineProperty(navigator, "clipboard", { configurable: true, value: { writeText } });
    return () => {
      if (original) Object.defineProperty(navigator, "clipboard", original);
      else Reflect.deleteProperty(navigator, "clipboard");
    };
  }

  beforeEach(() => api.fetchIntegration.mockResolvedValue(withSecrets()));

  test("neither token shows in the token, the postback URL or the test URL until Reveal; Hide masks them again", async () => {
    renderPanel();
    expect(await screen.findByText(url(hidden(secret)))).toBeTruthy();
    expect(screen.getByLabelText("Current token").textContent).toBe(`pbt_${"•".repeat(12)}rXyZ`);
    expect(screen.getByText(testUrl.replace(secret, hidden(secret)))).toBeTruthy();
    expect(screen.getByText(`The previous token (pbt_${"•".repeat(12)}2Ni6) still works until`, { exact: false }));
    expect(exposed(secret)).toEqual([]);
    expect(exposed(previous)).toEqual([]);

    fireEvent.click(screen.getByRole("button", { name: "Reveal the token" }));
    expect(screen.getByLabelText("Current token").textContent).toBe(secret);
    expect(screen.getByText(url(secret))).toBeTruthy();
    expect(screen.getByText(testUrl)).toBeTruthy();
    expect(screen.getByText(new RegExp(`The previous token \\(${previous}\\) still works until`))).toBeTruthy();
    expect(exposed(secret).length).toBeGreaterThan(0);

    fireEvent.click(screen.getByRole("button", { name: "Hide the token" }));
    expect(exposed(secret)).toEqual([]);
    expect(exposed(previous)).toEqual([]);
    expect(screen.getByRole("button", { name: "Reveal the token" })).toBeTruthy();
  });

  test("Copy copies the real token and URLs while they are masked", async () => {
    const writeText = vi.fn(async () => undefined);
    const restore = withClipboard(writeText);
    try {
      renderPanel();
      await screen.findByText(url(hidden(secret)));
      fireEvent.click(screen.getByRole("button", { name: "Copy the postback URL" }));
      await waitFor(() => expect(writeText).toHaveBeenLastCalledWith(url(secret)));
      fireEvent.click(screen.getByRole("button", { name: "Copy the current token" }));
      await waitFor(() => expect(writeText).toHaveBeenLastCalledWith(secret));
      fireEvent.click(screen.getByRole("button", { name: "Copy the test URL" }));
      await waitFor(() => expect(writeText).toHaveBeenLastCalledWith(testUrl));
      expect(exposed(secret)).toEqual([]);
    } finally {
      restore();
    }
  });

  test("when the browser refuses to copy, the token is revealed and the real URL selected for Ctrl+C", async () => {
    const restore = withClipboard(() =>
      Promise.reject(new DOMException("Write permission denied.", "NotAllowedError")),
    );
    try {
      renderPanel();
      await screen.findByText(url(hidden(secret)));
      fireEvent.click(screen.getByRole("button", { name: "Copy the postback URL" }));
      expect((await screen.findByRole("status")).textContent).toMatch(/the value is selected, press Ctrl\+C/);
      expect(window.getSelection()?.toString()).toBe(url(secret));
      expect(screen.getByRole("button", { name: "Hide the token" })).toBeTruthy();
    } finally {
      restore();
    }
  });
});
