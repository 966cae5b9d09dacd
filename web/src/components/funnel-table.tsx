/**
 * A conversion funnel table (issue 18's conversion report): clicks → sign-ups → first sales per row, with
 * the rates. Shared by the affiliate's dashboard and the advertiser page. Wide tables scroll inside their
 * own focusable box on a phone, never the page.
 */
import type { ReactNode } from "react";
import { landingLabel, rate, type FunnelRow } from "@domain/conversion-report";
import { formatCount } from "@domain/numbers";
import styles from "./funnel-table.module.css";

const percent = new Intl.NumberFormat("en-US", {
  style: "percent",
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/** A rate as a percentage, or "—" with nothing to divide by. */
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
  return (
    <div className={styles.scroll} tabIndex={0} role="region" aria-label={caption}>
      <table className={styles.table}>
        <caption className={styles.caption}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{nameHeading}</th>
            <th scope="col" className={styles.number}>
              Clicks
            </th>
            <th scope="col" className={styles.number}>
              Sign-ups
            </th>
            <th scope="col" className={styles.number}>
              First sales
            </th>
            <th scope="col" className={styles.number}>
              Sign-ups per click
            </th>
            <th scope="col" className={styles.number}>
              First sales per click
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className={best?.key === row.key ? styles.best : undefined}>
              <th scope="row">
                {name(row)}
                {best?.key === row.key ? <span className={styles.badge}>Best</span> : null}
              </th>
              <td className={styles.number} data-label="Clicks">
                {formatCount(row.clicks)}
              </td>
              <td className={styles.number} data-label="Sign-ups">
                {formatCount(row.sign_ups)}
              </td>
              <td className={styles.number} data-label="First sales">
                {formatCount(row.first_sales)}
              </td>
              <td className={styles.number} data-label="Sign-ups per click">
                {formatRate(row.sign_ups, row.clicks)}
              </td>
              <td className={styles.number} data-label="First sales per click">
                {formatRate(row.first_sales, row.clicks)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
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
