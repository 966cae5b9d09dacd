import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import { Message } from "./message";

afterEach(cleanup);

test.each([
  ["info", "status", "message"],
  ["success", "status", "message message-success"],
  ["warning", "alert", "message message-warning"],
  ["error", "alert", "message message-error"],
] as const)("a %s message is read out as a %s, with the shared classes' look", (tone, role, classes) => {
  render(<Message tone={tone}>Postback saved.</Message>);
  const message = screen.getByRole(role);
  expect(message.textContent).toBe("Postback saved.");
  expect(message.className).toBe(classes);
});

test("without a tone it is an info line", () => {
  render(<Message>Test delivered.</Message>);
  expect(screen.getByRole("status").className).toBe("message");
});

test("a line shown as the page loads is not announced; its id and the caller's class are kept", () => {
  render(
    <Message tone="error" announce={false} id="load-failure" className="read-only-note">
      Transactions could not be loaded.
    </Message>,
  );
  expect(screen.queryByRole("alert")).toBeNull();
  expect(screen.queryByRole("status")).toBeNull();
  const message = screen.getByText("Transactions could not be loaded.");
  expect(message.tagName).toBe("P");
  expect(message.id).toBe("load-failure");
  expect(message.className).toBe("message message-error read-only-note");
  expect(message.hasAttribute("role")).toBe(false);
});
