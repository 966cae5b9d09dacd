import type { ReactNode } from "react";
import { Disclosure } from "../../components/ui/disclosure";
import styles from "./advertiser.module.css";

/** When something happened, in UTC, as the advertiser page's tables show it. */
export const timeFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
  timeZoneName: "short",
});

export interface DisclosurePanelProps {
  /** Names the heading (`<id>-heading`) and the shown part (`<id>-body`). */
  id: string;
  heading: string;
  /** Shown whether or not the body is. */
  lead?: ReactNode;
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
}

/** A section of the advertiser page whose body is shown on demand (View / Hide). */
export function DisclosurePanel({ id, heading, lead, open, onToggle, children }: DisclosurePanelProps) {
  return (
    <section className={styles["advertiser-panel"]} aria-labelledby={`${id}-heading`}>
      <div className={styles["advertiser-panel-header"]}>
        <h2 id={`${id}-heading`}>{heading}</h2>
        <Disclosure
          open={open}
          onToggle={onToggle}
          controls={`${id}-body`}
          size="small"
          labels={{ open: "Hide", closed: "View" }}
        />
      </div>
      {lead}
      {open ? (
        // It scrolls on its own when its table is wider or taller than it: focusable, so keys scroll it too.
        <div
          id={`${id}-body`}
          className={styles["advertiser-panel-body"]}
          tabIndex={0}
          role="region"
          aria-labelledby={`${id}-heading`}
        >
          {children}
        </div>
      ) : null}
    </section>
  );
}
