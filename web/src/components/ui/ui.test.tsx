import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, expect, test, vi } from "vitest";
import { Dialog } from "./dialog";
import { Disclosure } from "./disclosure";

afterEach(cleanup);

test("a Disclosure says whether its region is shown, and which region", () => {
  function Panel() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <Disclosure
          open={open}
          onToggle={() => setOpen(!open)}
          controls="panel"
          labels={{ open: "Hide", closed: "View" }}
        />
        {open ? <p id="panel">Shown</p> : null}
      </>
    );
  }
  render(<Panel />);
  const button = screen.getByRole("button", { name: "View" });
  expect(button.getAttribute("aria-expanded")).toBe("false");
  expect(button.getAttribute("aria-controls")).toBe("panel");
  fireEvent.click(button);
  expect(screen.getByRole("button", { name: "Hide" }).getAttribute("aria-expanded")).toBe("true");
  expect(screen.getByText("Shown")).toBeTruthy();
});

test("a Dialog is labelled by its title, and Close closes it", () => {
  const onClose = vi.fn();
  render(
    <Dialog open title="Record the payout?" onClose={onClose}>
      <p>Dana, $240</p>
    </Dialog>,
  );
  const dialog = screen.getByRole("dialog", { hidden: true });
  expect(dialog.getAttribute("aria-labelledby")).toBe(screen.getByText("Record the payout?").id);
  fireEvent.click(screen.getByRole("button", { name: "Close", hidden: true }));
  expect(onClose).toHaveBeenCalledOnce();
});
