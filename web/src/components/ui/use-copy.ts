/** Copying a value to the clipboard, with what to do when the browser refuses. */
import { useEffect, useRef, useState } from "react";

export type CopyState = "idle" | "copied" | "refused";

/** How long "copied" shows before the button reads as before. */
const COPIED_FOR_MS = 2000;

/**
 * `copy(text, fallback)` writes `text` to the clipboard and says "copied" for two seconds. When the browser
 * refuses (no secure context, no permission or focus), it selects `fallback`'s text so one keystroke copies
 * it, and the state says "refused" so the caller can tell the person. It resolves to whether the text was
 * copied. A second copy restarts the two seconds, and the timer ends with the component.
 */
export function useCopy(): { state: CopyState; copy(text: string, fallback?: HTMLElement | null): Promise<boolean> } {
  const [state, setState] = useState<CopyState>("idle");
  const reset = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(reset.current), []);

  async function copy(text: string, fallback?: HTMLElement | null) {
    window.clearTimeout(reset.current);
    try {
      if (!navigator.clipboard) throw new Error("No clipboard access");
      await navigator.clipboard.writeText(text);
      setState("copied");
      reset.current = window.setTimeout(() => setState((now) => (now === "copied" ? "idle" : now)), COPIED_FOR_MS);
      return true;
    } catch {
      if (fallback) window.getSelection()?.selectAllChildren(fallback);
      setState("refused");
      return false;
    }
  }
  return { state, copy };
}
