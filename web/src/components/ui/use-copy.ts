/** Copying a value to the clipboard, with what to do when the browser refuses. */
import { useState } from "react";

export type CopyState = "idle" | "copied" | "refused";

/**
 * `copy(text, fallback)` writes `text` to the clipboard and says "copied" for two seconds. When the browser
 * refuses (no secure context, no permission or focus), it selects `fallback`'s text so one keystroke copies
 * it, and the state says "refused" so the caller can tell the person. It resolves to whether the text was
 copied.
 */
export function useCopy(): { state: CopyState; copy(text: string, fallback?: HTMLElement | null): Promise<boolean> } {
  const [state, setState] = useState<CopyState>("idle");
  async function copy(text: string, fallback?: HTMLElement | null) {
    try {
      if (!navigator.clipboard) throw new Error("No clipboard access");
      await navigator.clipboard.writeText(text);
      setState("copied");
      window.setTimeout(() => setState((now) => (now === "copied" ? "idle" : now)), 2000);
      return true;
    } catch {
      if (fallback) window.getSelection()?.selectAllChildren(fallback);
      setState("refused");
      return false;
    }
  }
  return { state, copy };
}
