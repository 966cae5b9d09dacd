import { useState, type ReactNode } from "react";
import { advertiserIds, type AdvertiserId } from "@domain/advertisers";
import { AdvertiserChoice } from "../../components/advertiser-choice";
import { Disclosure } from "../../components/ui/disclosure";
import styles from "./advertiser.module.css";

export interface DisclosurePanelProps {
  /** Names the heading (`<id>-heading`) and the shown part (`<id>-body`). */
  id: string;
  heading: string;
  /** Shown whether or not the body is. */
  lead?: ReactNode;
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
  /** A body as tall as its content, for a panel of several parts (its tables scroll on their own). */
  tall?: boolean;
}

/** A section of the advertiser page whose body is shown on demand (View / Hide). */
export function DisclosurePanel({ id, heading, lead, open, onToggle, children, tall = false }: DisclosurePanelProps) {
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
          className={
            tall
              ? `${styles["advertiser-panel-body"]} ${styles["advertiser-panel-tall"]}`
              : styles["advertiser-panel-body"]
          }
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

/**
 * A panel about one advertiser at a time (the conversion report, the postback integration): shown on
 * demand, with the advertiser to show chosen at its top.
 */
export function PerAdvertiserPanel({
  id,
  heading,
  lead,
  children,
}: {
  id: string;
  heading: string;
  lead: string;
  children: (advertiser: AdvertiserId) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [advertiser, setAdvertiser] = useState<AdvertiserId>(advertiserIds[0]);
  return (
    <DisclosurePanel
      id={id}
      heading={heading}
      lead={<p className="muted">{lead}</p>}
      open={open}
      onToggle={() => setOpen(!open)}
      tall
    >
      <AdvertiserChoice
        chosen={advertiser}
        onChoose={setAdvertiser}
        label="Advertiser"
        className={styles["report-advertisers"]}
      />
      {children(advertiser)}
    </DisclosurePanel>
  );
}
