import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from "react";
import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { formatDollars } from "@domain/money";
import { paths } from "../../config/paths";
import { AffiliateCard } from "./affiliate-card";
import type { AffiliateView } from "./affiliate-view";
import styles from "./advertiser.module.css";
import sectionStyles from "./advertiser-sections.module.css";

const noneRecorded: ReadonlyMap<string, number> = new Map();

export interface AffiliateListProps {
  /** The rows fetched so far. */
  views: AffiliateView[];
  /** Whether the server has more after them: the list asks for them as its end comes into view. */
  hasMore?: boolean;
  loadingMore?: boolean;
  onNeedMore?(): void;
  /** The rows are the previous search's while the new one loads: shown dimmed and marked busy. */
  stale?: boolean;
  /** Whether a HIGH RISK card is open (they start collapsed). */
  isOpen(uid: string): boolean;
  onToggle(uid: string): void;
  asOf: Date;
  recording: ReadonlySet<string>;
  /** Payouts just recorded (uid → cents): said under their cards, in place. */
  recorded?: ReadonlyMap<string, number>;
  onPayout(view: AffiliateView): void;
  onExportInvoice(view: AffiliateView): void;
  onSuspend(view: AffiliateView): void;
  /** The admin's cards link to each affiliate's dashboard (read-only). */
  linkDashboards?: boolean;
}

/** Rough card heights before a card is measured: a collapsed HIGH RISK card, and an open one. */
const estimate = { folded: 84, open: 300 };

/** How close to the last row fetched the list asks for the next page, in rows. */
const fetchAhead = 20;

/**
 * The affiliate cards, virtualized against the page's own scroll: only the cards in (and just around) the
 * window are in the DOM, so 100,000 affiliates scroll as smoothly as 10, while the page scrolls as any page
 * does (no inner box that traps a phone's swipes or leaves a gap under one filtered card). Cards are
 * measured as they render (their heights vary with folding and the window's width). Rows come from the
 * server a page at a time: the next page is asked for while the last rows fetched are still below the
 * window, and a line at the end says more are loading.
 */
export function AffiliateList({
  views,
  hasMore = false,
  loadingMore = false,
  onNeedMore,
  stale = false,
  isOpen,
  onToggle,
  asOf,
  recording,
  recorded = noneRecorded,
  onPayout,
  onExportInvoice,
  onSuspend,
  linkDashboards = false,
}: AffiliateListProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const scrollMargin = useOffsetTop(listRef);
  const count = views.length + (hasMore ? 1 : 0);
  const virtualizer = useWindowVirtualizer({
    count,
    scrollMargin,
    estimateSize: (index) => {
      const view = views[index];
      return view?.highRisk && !isOpen(view.row.user_id) ? estimate.folded : estimate.open;
    },
    getItemKey: (index) => views[index]?.row.user_id ?? "more",
    overscan: 4,
    gap: 12,
  });
  const items = virtualizer.getVirtualItems();
  const lastShown = items.at(-1)?.index ?? -1;
  useEffect(() => {
    if (hasMore && !loadingMore && lastShown >= views.length - fetchAhead) onNeedMore?.();
  }, [hasMore, loadingMore, lastShown, views.length, onNeedMore]);

  return (
    <div
      ref={listRef}
      role="list"
      aria-label="Affiliates"
      aria-busy={stale}
      className={`${styles["affiliate-list"]}${stale ? ` ${styles["affiliate-list-stale"]}` : ""}`}
      style={{ height: virtualizer.getTotalSize() }}
    >
      {items.map((item) => {
        const view = views[item.index];
        // Each row sits where the virtualizer measured it; the row after the last fetched says more are coming.
        const place = {
          role: "listitem",
          "data-index": item.index,
          ref: virtualizer.measureElement,
          style: { transform: `translateY(${item.start - scrollMargin}px)` },
        };
        if (!view) {
          return (
            <div
              key={item.key}
              {...place}
              className={`${styles["affiliate-list-item"]} ${styles["affiliate-list-more"]} muted`}
              aria-busy
            >
              Loading more affiliates…
            </div>
          );
        }
        const uid = view.row.user_id;
        const paid = recorded.get(uid);
        return (
          <div
            key={item.key}
            {...place}
            className={styles["affiliate-list-item"]}
            aria-setsize={hasMore ? -1 : views.length}
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
            {paid === undefined ? null : (
              <p className={sectionStyles["recorded-card"]}>
                <span aria-hidden="true">✓</span> Payout of {formatDollars(paid)} recorded
              </p>
            )}
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
