/** A Copy button for a value shown beside it, saying what to do when the browser refuses to copy. */
import { flushSync } from "react-dom";
import { Button } from "./button";
import { useCopy, type CopyState } from "./use-copy";

export interface CopyButtonProps {
  value: string;
  /** The button's accessible name ("Copy Bank Account Number"). */
  label: string;
  /** The element showing the value: selected when copying is refused, so one keystroke copies it. */
  from: () => HTMLElement | null;
  /** A class for the refusal's note. */
  refusalClassName?: string | undefined;
  /**
   * Called when copying is refused, before the value is selected: a panel showing the value masked reveals
   * it here, so the selection (and the keystroke that copies it) holds what is really there.
   */
  onRefused?: () => void;
  /** Called once the value is on the clipboard. */
  onCopied?: (() => void) | undefined;
}

/**
 * The button's accessible name in its state: "Copy the postback URL", then "Copied the postback URL" while
 * it reads "Copied!", so the name always holds the words on the button (WCAG 2.5.3, label in name).
 */
export function copyButtonName(label: string, state: CopyState): string {
  if (state !== "copied") return label;
  return /^Copy\b/.test(label) ? label.replace(/^Copy\b/, "Copied") : `Copied: ${label}`;
}

export function CopyButton({ value, label, from, refusalClassName, onRefused, onCopied }: CopyButtonProps) {
  const { state, copy } = useCopy();
  async function copyValue() {
    if (await copy(value)) return onCopied?.();
    if (onRefused) flushSync(onRefused);
    const shown = from();
    if (shown) window.getSelection()?.selectAllChildren(shown);
  }
  return (
    <>
      <Button size="small" variant="ghost" onClick={() => void copyValue()} aria-label={copyButtonName(label, state)}>
        {state === "copied" ? "Copied!" : "Copy"}
      </Button>
      {state === "refused" ? (
        <span role="status" className={refusalClassName}>
          Copying was not allowed: the value is selected, press Ctrl+C (⌘C on a Mac).
        </span>
      ) : null}
    </>
  );
}
