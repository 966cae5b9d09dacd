/**
 * One way to run an action from a component (a save, a request, a download): busy while it runs, and what
 * it said after, for a <Message> to show. A failure (an ApiError with the server's words, or any other
 * error) becomes the message instead of escaping; the caller words it, or only logs it where SPEC.md §8
 * says so.
 */
import { useCallback, useState } from "react";
import type { Said } from "./message";

export interface RunOptions {
  /**
   * Names this run while it lasts (`running`), for an action that can do several things (which invoice is
   * downloading).
   */
  name?: string;
  /**
   * What a failure says, from the error's message (the default says it as it is); null says nothing (the
   * caller logs it instead).
   */
  failure?: (text: string, error: unknown) => string | null;
}

export interface Action {
  busy: boolean;
  /** The name of the run under way ("" when it has none); null when idle. */
  running: string | null;
  /** What the last run said (or `say` did); null before any, and as each run starts. */
  message: Said | null;
  /** Says something without running anything (a check refused before any request, or a notice). Stable. */
  say(message: Said | null): void;
  /**
   * Runs `perform` once: what it resolves to (if anything) is the message, and a failure is turned into one.
   * Resolves to whether it succeeded, never rejects. Stable.
   */
  run(perform: () => Promise<Said | void>, options?: RunOptions): Promise<boolean>;
}

/** The message of anything thrown. */
export const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export function useAction(): Action {
  const [running, setRunning] = useState<string | null>(null);
  const [message, say] = useState<Said | null>(null);

  // The same function for the component's life, so an effect can run it.
  const run = useCallback(async (perform: () => Promise<Said | void>, { name = "", failure }: RunOptions = {}) => {
    say(null);
    setRunning(name);
    try {
      const said = await perform();
      if (said) say(said);
      return true;
    } catch (error) {
      const text = failure ? failure(errorText(error), error) : errorText(error);
      if (text !== null) say({ tone: "error", text });
      return false;
    } finally {
      setRunning(null);
    }
  }, []);

  return { busy: running !== null, running, message, say, run };
}
