import { useLayoutEffect, useRef, useState, type RefObject } from "react";
import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { paths } from "../../config/paths";
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
  onSuspend(view: AffiliateView): void;
  /** The admin's cards link to each affiliate's dashboard (read-only). */
  linkDashboards?: boolean;
}

/** Rough card heights before a card is measured: a collapsed HIGH RISK card, and an open one. */
const estimate = { folded: 84, open: 300 };

/**
 * The affiliate cards, virtualized against the page's own scroll: only the cards in (and just around) the
 * window are in the DOM, so 10,000 affiliates scroll as smoothly as 10, while the page scrolls as any page
 * does (no inner box that traps a phone's swipes or leaves a gap under one filtered card). Cards are
 * measured as they render (their heights vary with folding and the window's width).
 */
export function AffiliateList({
  views,
  isOpen,
  onToggle,
  asOf,
  recording,
  onPayout,
  onExportInvoice,
  onSuspend,
  linkDashboards = false,
}: AffiliateListProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const scrollMargin = useOffsetTop(listRef);
  const virtualizer = useWindowVirtualizer({
    count: views.length,
    scrollMargin,
    estimateSize: (index) => {
      const view = views[index];
      return view?.highRisk && !isOpen(view.row.user_id) ? estimate.folded : estimate.open;
    },
    getItemKey: (index) => views[index]?.row.user_id ?? index,
    overscan: 4,
    gap: 12,
  });

  return (
    <div
      ref={listRef}
      role="list"
      aria-label="Affiliates"
      className={styles["affiliate-list"]}
      style={{ height: virtualizer.getTotalSize() }}
    >
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
            style={{ transform: `translateY(${item.start - scrollMargin}px)` }}
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
              onSuspend={() => onSuspend(view)}
              dashboardHref={linkDashboards ? `${paths.dashboard}?uid=${encodeURIComponent(uid)}` : undefined}
            />
          </div>
        );
      })}
    </div>
  );
}

/**
 * Where the element starts on the page (its top plus the page's scroll): the virtualizer's scroll margin.
 * Measured again whenever the page's height changes, since what sits above the list (filters, notices)
 * can grow or shrink.
 */
function useOffsetTop(ref: RefObject<HTMLElement | null>): number {
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    const measure = () => {
      if (ref.current) setTop(ref.current.getBoundingClientRect().top + window.scrollY);
    };
    measure();
    if (typeof ResizeObserver === "undefined") return; // jsdom: nothing is laid out, nothing moves
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [ref]);
  return top;
}
