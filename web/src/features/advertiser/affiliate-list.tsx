import { formatDollars } from "@domain/money";
import { paths } from "../../config/paths";
import { AffiliateCard, type StaffTool } from "./affiliate-card";
import type { AffiliateView } from "./affiliate-view";
import { useWindowRows, type PagedRows } from "./use-window-rows";
import styles from "./advertiser.module.css";
import sectionStyles from "./advertiser-sections.module.css";

const noneRecorded: ReadonlyMap<string, number> = new Map();

/** The rows fetched so far and the paging (use-window-rows.ts), and what each affiliate's card does. */
export interface AffiliateListProps extends PagedRows {
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
  /** Moves the affiliate to another commission group (issue 34). */
  onMove?: ((view: AffiliateView) => void) | undefined;
  /** Opens one of staff's tools for the affiliate (issue 34): adjust the balance, their deal, their history. */
  onTool?: ((view: AffiliateView, tool: StaffTool) => void) | undefined;
  /** The admin's cards link to each affiliate's dashboard (read-only). */
  linkDashboards?: boolean;
}

/** Rough card heights before a card is measured: a collapsed HIGH RISK card, and an open one. */
const estimate = { folded: 84, open: 300 };

/**
 * The affiliate cards (the phone's list, and the desktop's when chosen), virtualized against the page's own
 * scroll and fetched a page at a time (use-window-rows.ts); a line at the end says more are loading.
 */
export function AffiliateList(list: AffiliateListProps) {
  const { views, hasMore = false, stale = false, isOpen, recorded = noneRecorded } = list;
  const { startRef, scrollMargin, virtualizer, items } = useWindowRows<HTMLDivElement>(list, {
    estimateSize: (view) => (view?.highRisk && !isOpen(view.row.user_id) ? estimate.folded : estimate.open),
    gap: 12,
  });

  return (
    <div
      ref={startRef}
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
            <ListedCard list={list} view={view} open={isOpen(uid)} />
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

/** An affiliate's card in a list (the cards, or a table's open row), its actions wired to the list's. */
export function ListedCard({ list, view, open }: { list: AffiliateListProps; view: AffiliateView; open: boolean }) {
  const uid = view.row.user_id;
  return (
    <AffiliateCard
      view={view}
      open={open}
      onToggle={() => list.onToggle(uid)}
      asOf={list.asOf}
      recording={list.recording.has(uid)}
      onPayout={() => list.onPayout(view)}
      onExportInvoice={() => list.onExportInvoice(view)}
      onSuspend={() => list.onSuspend(view)}
      onMove={list.onMove ? () => list.onMove?.(view) : undefined}
      onTool={list.onTool ? (tool) => list.onTool?.(view, tool) : undefined}
      dashboardHref={list.linkDashboards ? `${paths.dashboard}?uid=${encodeURIComponent(uid)}` : undefined}
    />
  );
}
