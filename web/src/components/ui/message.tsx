/**
 * The line a section shows after an action (saved, refused, failed), or in place of what it could not load:
 * one look per tone, from the page's shared .message classes (styles/base.css).
 */
import type { ReactNode } from "react";

export type MessageTone = "info" | "success" | "warning" | "error";

/** What an action said: its words and their tone (useAction keeps the last one). */
export interface Said {
  tone: MessageTone;
  text: string;
}

export interface MessageProps {
  tone?: MessageTone;
  children: ReactNode;
  /**
   * Read out as it appears: an error or a warning as an alert, anything else as a status. Off for a line the
   * page shows as it loads, or one inside a live region of its own.
   */
  announce?: boolean;
  id?: string;
  /** A class of the caller's own, for its layout. */
  className?: string | undefined;
}

export function Message({ tone = "info", children, announce = true, id, className }: MessageProps) {
  const role = tone === "error" || tone === "warning" ? "alert" : "status";
  const classes = ["message", tone === "info" ? null : `message-${tone}`, className].filter(Boolean).join(" ");
  return (
    <p id={id} className={classes} role={announce ? role : undefined}>
      {children}
    </p>
  );
}
