/**
 * Rows virtualized against the page's own scroll, fetched a page at a time: the affiliate cards and the
 * affiliate table share it. Only the rows in (and just around) the window are in the DOM, so 100,000
 * affiliates scroll as smoothly as 10, while the page scrolls as any page does (no inner box that traps a
 * phone's swipes). Rows are measured as they render (their heights vary with folding, opening and the
 * window's width). The next page is asked for while the last rows fetched are still below the window.
 */
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from "react";
import { useWindowVirtualizer } from "@tanstack/react-virtual";
import type { AffiliateView } from "./affiliate-view";

/** How close to the last row fetched the list asks for the next page, in rows. */
const fetchAhead = 20;

/** The rows fetched so far and the paging: what the cards and the table are given alike. */
export interface PagedRows {
  views: readonly AffiliateView[];
  /** Whether the server has more after them (a last row then says more are loading). */
  hasMore?: boolean | undefined;
  loadingMore?: boolean | undefined;
  onNeedMore?: (() => void) | undefined;
}

/**
 * `estimateSize` is a row's height before it is measured (given no view for the "loading more" row); rows
 * are keyed by the affiliate's uid.
 */
export function useWindowRows<E extends HTMLElement>(
  { views, hasMore = false, loadingMore = false, onNeedMore }: PagedRows,
  { estimateSize, gap = 0 }: { estimateSize(view: AffiliateView | undefined): number; gap?: number },
) {
  const fetched = views.length;
  /** Where the rows start: the element they are laid out from. */
  const startRef = useRef<E>(null);
  const scrollMargin = useOffsetTop(startRef);
  const virtualizer = useWindowVirtualizer({
    count: fetched + (hasMore ? 1 : 0),
    scrollMargin,
    estimateSize: (index) => estimateSize(views[index]),
    getItemKey: (index) => views[index]?.row.user_id ?? "more",
    overscan: 4,
    gap,
  });
  const items = virtualizer.getVirtualItems();
  const lastShown = items.at(-1)?.index ?? -1;
  useEffect(() => {
    if (hasMore && !loadingMore && lastShown >= fetched - fetchAhead) onNeedMore?.();
  }, [hasMore, loadingMore, lastShown, fetched, onNeedMore]);
  return { startRef, scrollMargin, virtualizer, items };
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
