/** A Copy button for a value shown beside it, saying what to do when the browser refuses to copy. */
import { Button } from "./button";
import { useCopy } from "./use-copy";

export interface CopyButtonProps {
  value: string;
  /** The button's accessible name ("Copy Bank Account Number"). */
  label: string;
  /** The element showing the value: selected when copying is refused, so one keystroke copies it. */
  from: () => HTMLElement | null;
  /** A class for the refusal's note. */
  refusalClassName?: string | undefined;
}

export function CopyButton({ value, label, from, refusalClassName }: CopyButtonProps) {
  const { state, copy } = useCopy();
  return (
    <>
      <Button size="small" variant="ghost" onClick={() => void copy(value, from())} aria-label={label}>
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
