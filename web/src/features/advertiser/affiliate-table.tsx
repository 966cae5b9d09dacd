/**
 * The affiliate list on a wide screen (issue 32): one row per affiliate with SPEC.md's figures, the rating,
 * the balance and the pending payout, ordered by a column on the server (GET /api/affiliates?order=), each
 * row opening into the affiliate's card (its actions: Payout, Export Invoice, Suspend). Virtualized and
 * fetched a page at a time like the cards (use-window-rows.ts): each affiliate is a <tbody> of its own, so
 * a row and the card it opens into are measured as one.
 */
import type { MouseEvent, ReactNode } from "react";
import type { SummaryOrder } from "@domain/advertiser-summary";
import { formatDollars } from "@domain/money";
import { formatCount, formatCountOf } from "@domain/numbers";
import { formatEarningsPerSignUp } from "@domain/rating";
import { filteredByReason, filteredClicksSources } from "../../lib/filtered-clicks";
import { money, RatingBadge } from "./affiliate-card";
import { ListedCard, type AffiliateListProps } from "./affiliate-list";
import type { AffiliateView } from "./affiliate-view";
import { ratingReason } from "./rating-reason";
import { RiskMark } from "./risk-mark";
import { SharedMark } from "./shared-destination";
import { useWindowRows } from "./use-window-rows";
import styles from "./affiliate-table.module.css";

/**
 * A figure's column, and the order it asks the server for when its header is pressed (every order is
 * descending); a column without one is not ordered by.
 */
interface FigureColumn {
  header: string;
  order?: SummaryOrder;
  figure(view: AffiliateView): ReactNode;
}

/**
 * The clicks, and under them those counted apart (issue 33: bots' and datacenters'), when there are any:
 * beside the figure they were kept out of, so the table needs no eleventh column. Its title says by reason.
 */
function clicksFigure({ row }: AffiliateView): ReactNode {
  if (row.total_filtered_clicks === 0) return formatCount(row.total_clicks);
  const by = filteredByReason(row.total_filtered_clicks, row.total_datacenter_clicks);
  const sources = filteredClicksSources(by.filtered, by.datacenter);
  const both = by.bots > 0 && by.datacenter > 0;
  const title = `Clicks ${sources}, not counted in Clicks${both ? ` (${formatCountOf(by.bots, "bot", "bots")}, ${formatCount(by.datacenter)} datacenter)` : ""}`;
  return (
    <>
      {formatCount(row.total_clicks)}
      <span className={styles.filtered} title={title}>
        {formatCount(row.total_filtered_clicks)} filtered
      </span>
    </>
  );
}

/** SPEC.md §3's figures of a summary row, with clicks and sales, in the order of a sale's life. */
const figureColumns: readonly FigureColumn[] = [
  { header: "Clicks", order: "clicks", figure: clicksFigure },
  { header: "Sign-ups", order: "sign_ups", figure: ({ row }) => formatCount(row.total_sign_ups) },
  { header: "Sales", order: "sales", figure: ({ row }) => formatCount(row.total_sales) },
  { header: "Earnings", order: "earnings", figure: ({ row }) => money(row.total_earnings) },
  { header: "Refunded", figure: ({ row }) => money(row.total_refunded) },
  { header: "Payouts", figure: ({ row }) => money(row.total_payouts) },
  { header: "Balance", order: "balance", figure: ({ row }) => money(row.required_payout) },
];

/** SPEC.md §4's default order is pending payouts first, then balance: the Pending column's. */
const pendingColumn = { header: "Pending payout", order: "pending-first" } as const;

/** Affiliate, rating, the figures, pending. */
const columnCount = 3 + figureColumns.length;

/** A row's height before it is measured, and a row opened into its card. */
const estimate = { row: 53, open: 420 };

export interface AffiliateTableProps extends AffiliateListProps {
  order: SummaryOrder;
  onSort(order: SummaryOrder): void;
}

export function AffiliateTable(props: AffiliateTableProps) {
  const { views, hasMore = false, stale = false, isOpen, onToggle, recorded, order, onSort } = props;
  const { startRef, scrollMargin, virtualizer, items } = useWindowRows<HTMLTableSectionElement>(props, {
    estimateSize: (view) => (view && isOpen(view.row.user_id) ? estimate.open : estimate.row),
  });
  // The rows above and below those in the DOM are stood in for by two spacers of their height.
  const above = (items[0]?.start ?? scrollMargin) - scrollMargin;
  const below = virtualizer.getTotalSize() - ((items.at(-1)?.end ?? scrollMargin) - scrollMargin);

  return (
    <div className={styles.frame}>
      <table
        aria-label="Affiliates"
        aria-busy={stale}
        aria-rowcount={hasMore ? -1 : views.length + 1}
        className={stale ? `${styles.table} ${styles.stale}` : styles.table}
      >
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col">Affiliate</th>
            <th scope="col">Rating</th>
            {figureColumns.map((column) =>
              column.order ? (
                <SortHeader
                  key={column.header}
                  column={{ header: column.header, order: column.order }}
                  order={order}
                  onSort={onSort}
                  number
                />
              ) : (
                <th key={column.header} scope="col" className={styles.number}>
                  {column.header}
                </th>
              ),
            )}
            <SortHeader column={pendingColumn} order={order} onSort={onSort} />
          </tr>
        </thead>
        <tbody ref={startRef} aria-hidden="true" className={styles.spacer}>
          <tr style={{ height: above }}>
            <td colSpan={columnCount} />
          </tr>
        </tbody>
        {items.map((item) => {
          const view = views[item.index];
          const place = { "data-index": item.index, ref: virtualizer.measureElement };
          if (!view) {
            return (
              <tbody key={item.key} {...place}>
                <tr>
                  <td colSpan={columnCount} className={`muted ${styles.more}`} aria-busy>
                    Loading more affiliates…
                  </td>
                </tr>
              </tbody>
            );
          }
          const uid = view.row.user_id;
          return (
            <AffiliateRow
              key={item.key}
              place={place}
              index={item.index}
              view={view}
              open={isOpen(uid)}
              onToggle={() => onToggle(uid)}
              recordedCents={recorded?.get(uid)}
            >
              {/* Opened from its row, a HIGH RISK card shows its figures; its Collapse closes the row. */}
              <ListedCard list={props} view={view} open />
            </AffiliateRow>
          );
        })}
        <tbody aria-hidden="true" className={styles.spacer}>
          <tr style={{ height: Math.max(0, below) }}>
            <td colSpan={columnCount} />
          </tr>
        </tbody>
      </table>
    </div>
  );
}

/** A column header that orders the list by its column (most first); aria-sort says which one does. */
function SortHeader({
  column,
  order,
  onSort,
  number = false,
}: {
  column: { header: string; order: SummaryOrder };
  order: SummaryOrder;
  onSort(order: SummaryOrder): void;
  number?: boolean;
}) {
  const sorted = column.order === order;
  return (
    <th
      scope="col"
      aria-sort={sorted ? "descending" : undefined}
      className={number ? `${styles.number} ${styles.sortable}` : styles.sortable}
    >
      <button
        type="button"
        className={sorted ? `${styles.sort} ${styles.sorted}` : styles.sort}
        onClick={() => onSort(column.order)}
        title={
          column.order === "pending-first"
            ? "Pending payouts first, then by balance"
            : `Order by ${column.header.toLowerCase()}, most first`
        }
      >
        {column.header}
        <span aria-hidden="true" className={styles.arrow}>
          {sorted ? "▼" : "▽"}
        </span>
      </button>
    </th>
  );
}

function AffiliateRow({
  place,
  index,
  view,
  open,
  onToggle,
  recordedCents,
  children,
}: {
  place: { "data-index": number; ref: (element: Element | null) => void };
  index: number;
  view: AffiliateView;
  open: boolean;
  onToggle(): void;
  recordedCents: number | undefined;
  children: ReactNode;
}) {
  const { row, rating, highRisk } = view;
  const name = row.name || row.email || row.user_id;
  const detailId = `affiliate-detail-${row.user_id}`;
  // The whole row opens its card; the button in it is the same for the keyboard and screen readers.
  const toggleFromRow = (event: MouseEvent<HTMLTableRowElement>) => {
    if (!(event.target as Element).closest("button, a") && !window.getSelection()?.toString()) onToggle();
  };
  return (
    <tbody {...place} className={open ? `${styles.affiliate} ${styles.open}` : styles.affiliate}>
      <tr aria-rowindex={index + 2} className={highRisk ? styles.risk : undefined} onClick={toggleFromRow}>
        <th scope="row" className={styles.name}>
          <div className={styles["name-inner"]}>
            <button
              type="button"
              className={styles.expander}
              aria-expanded={open}
              aria-controls={open ? detailId : undefined}
              aria-label={`${open ? "Close" : "Open"} ${name}`}
              onClick={onToggle}
            >
              <span aria-hidden="true" className={styles.chevron} />
            </button>
            <span className={styles.who}>
              <span className={styles.title} title={name}>
                {name}
              </span>
              <span className={styles.email}>{row.email || row.user_id}</span>
              <SharedMark others={view.sharesDestinationWith} />
            </span>
          </div>
        </th>
        {/* Why, on hover here and in words in the card the row opens into (issue 32, item 3). */}
        <td className={styles.rating} title={ratingReason(view)}>
          <RatingBadge label={rating.label} />
          <span className={styles.eps}>{formatEarningsPerSignUp(rating)}</span>
          <RiskMark riskCase={row.risk_case} />
        </td>
        {figureColumns.map((column) => (
          <td key={column.header} className={styles.number}>
            {column.figure(view)}
          </td>
        ))}
        <td className={styles.pending}>
          {recordedCents !== undefined ? (
            <span className={styles.recorded}>
              <span aria-hidden="true">✓</span> {formatDollars(recordedCents)} recorded
            </span>
          ) : row.payout_pending ? (
            <span className={styles.due}>{row.pending_payout === null ? "Pending" : money(row.pending_payout)}</span>
          ) : row.fraud_user ? (
            <span className={styles.suspended}>Suspended</span>
          ) : (
            <span className="muted">—</span>
          )}
        </td>
      </tr>
      {open ? (
        <tr id={detailId} className={styles.detail}>
          <td colSpan={columnCount}>{children}</td>
        </tr>
      ) : null}
    </tbody>
  );
}
