import { useRef } from "react";
import { useVirtualizer } from "@tanstack/react-virtual";
import { AffiliateCard } from "./affiliate-card";
import type { AffiliateView } from "./affiliate-view";
import styles from "./advertiser.module.css";

export interface AffiliateListProps {
  views: AffiliateView[];
  /** Whether a HIGH RISK card is open (they start collapsed). */
  isOpen(uid: string): boolean;
  onToggle(uid: string): void;
  asOf: Date;
  recording: ReadonlySet<string>;
  onPayout(view: AffiliateView): void;
  onExportInvoice(view: AffiliateView): void;
}

/** Rough card heights before a card is measured: a collapsed HIGH RISK card, and an open one. */
const estimate = { folded: 84, open: 300 };

/**
 * The affiliate cards, virtualized: only the cards in (and just around) the scroll box are in the DOM, so
 * 10,000 affiliates scroll as smoothly as 10. Cards are measured as they render (their heights vary with
 * folding and the window's width).
 */
export function AffiliateList({
  views,
  isOpen,
  onToggle,
  asOf,
  recording,
  onPayout,
  onExportInvoice,
}: AffiliateListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // The app does not run the React Compiler, so nothing memoizes around the virtualizer's functions: the
  // rule's warning (it would skip compiling this component) does not apply.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: views.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => {
      const view = views[index];
      return view?.highRisk && !isOpen(view.row.user_id) ? estimate.folded : estimate.open;
    },
    getItemKey: (index) => views[index]?.row.user_id ?? index,
    overscan: 4,
    gap: 12,
  });

  return (
    <div ref={scrollRef} className={styles["affiliate-scroll"]} tabIndex={0} aria-label="Affiliates">
      <div role="list" className={styles["affiliate-list"]} style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const view = views[item.index]!;
          const uid = view.row.user_id;
          return (
            <div
              key={item.key}
              role="listitem"
              data-index={item.index}
              ref={virtualizer.measureElement}
              className={styles["affiliate-list-item"]}
              style={{ transform: `translateY(${item.start}px)` }}
              aria-setsize={views.length}
              aria-posinset={item.index + 1}
            >
              <AffiliateCard
                view={view}
                open={isOpen(uid)}
                onToggle={() => onToggle(uid)}
                asOf={asOf}
                recording={recording.has(uid)}
                onPayout={() => onPayout(view)}
                onExportInvoice={() => onExportInvoice(view)}
              />
            </div>
          );
        })}
      </div>
    </div>
  );
}
