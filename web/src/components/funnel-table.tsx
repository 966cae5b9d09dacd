/**
 * A conversion funnel table (issue 18's conversion report): clicks → sign-ups → first sales per row, with
 * the rates. Shared by the affiliate's dashboard and the advertiser page. On a phone each row is a card.
 */
import type { ReactNode } from "react";
import { landingLabel, rate, type FunnelRow } from "@domain/conversion-report";
import { formatCount } from "@domain/numbers";
import { Table, type Column } from "./ui/table";
import styles from "./funnel-table.module.css";

const percent = new Intl.NumberFormat("en-US", {
  style: "percent",
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/** A rate as a percentage, or "—" where the clicks cannot make one (ratesNote says why). */
export function formatRate(part: number, whole: number): string {
  const value = rate(part, whole);
  return value === null ? "—" : percent.format(value);
}

export interface FunnelTableProps<R extends FunnelRow> {
  caption: string;
  /** What the first column lists ("Landing page", "Tracker"). */
  nameHeading: string;
  rows: R[];
  name(row: R): ReactNode;
  /** The row to mark as the best converting one. */
  best?: FunnelRow | null;
}

export function FunnelTable<R extends FunnelRow>({ caption, nameHeading, rows, name, best }: FunnelTableProps<R>) {
  const isBest = (row: R) => best?.key === row.key;
  const columns: Column<R>[] = [
    {
      header: nameHeading,
      rowHeader: true,
      cell: (row) => (
        <>
          {name(row)}
          {isBest(row) ? <span className={styles.badge}>Best</span> : null}
        </>
      ),
    },
    { header: "Clicks", number: true, cell: (row) => formatCount(row.clicks) },
    { header: "Sign-ups", number: true, cell: (row) => formatCount(row.sign_ups) },
    { header: "First sales", number: true, cell: (row) => formatCount(row.first_sales) },
    { header: "Sign-ups per click", number: true, cell: (row) => formatRate(row.sign_ups, row.clicks) },
    { header: "First sales per click", number: true, cell: (row) => formatRate(row.first_sales, row.clicks) },
  ];
  return (
    <div className={styles.scroll} tabIndex={0} role="region" aria-label={caption}>
      <Table
        caption={caption}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.key}
        rowClassName={(row) => (isBest(row) ? styles.best : undefined)}
        nowrap
      />
    </div>
  );
}

/** The funnels by landing page, named as the catalogue names them, the best converting one marked. */
export function LandingFunnelTable({ rows, best }: { rows: FunnelRow[]; best: FunnelRow | null }) {
  return (
    <FunnelTable
      caption="By landing page"
      nameHeading="Landing page"
      rows={rows}
      name={(row) => landingLabel(row.key)}
      best={best}
    />
  );
}
