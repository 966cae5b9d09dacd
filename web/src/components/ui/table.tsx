/**
 * A table of rows, one column per value. On a phone each row stacks into a card (its name across the top,
 * then each value under its header's words), so a wide table never scrolls sideways and no column is out
 * of sight (issue 32: every table, ledgers included).
 */
import type { ReactNode } from "react";
import styles from "./table.module.css";

export interface Column<T> {
  /** The column's header, and each value's label on a phone's card. */
  header: string;
  cell: (row: T) => ReactNode;
  /** The header is for screen readers only (a column of checkboxes), and the card shows no label. */
  hideHeader?: boolean;
  /** Figures: right-aligned in tabular digits. */
  number?: boolean;
  /** The row's name: a row header (`<th scope="row">`), across the top of the card. */
  rowHeader?: boolean;
  /** A long value (a URL, a list): across the whole card. */
  wide?: boolean;
  /** A class of the caller's own for the column's cells, or for one row's (a negative amount, say). */
  className?: string | ((row: T) => string | undefined);
}

export interface TableProps<T> {
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** Names the table (its accessible name), above it. */
  caption?: string;
  /** Each value on one line, the table as wide as it takes (its box scrolls). */
  nowrap?: boolean;
  /** A class of the caller's own for the table (a sticky header), never for its look. */
  className?: string | undefined;
  rowClassName?: (row: T) => string | undefined;
}

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(" ") || undefined;

export function Table<T>({ columns, rows, rowKey, caption, nowrap = false, className, rowClassName }: TableProps<T>) {
  const cellClass = (column: Column<T>, row: T) =>
    classes(
      column.number && styles.number,
      column.wide && styles.wide,
      typeof column.className === "function" ? column.className(row) : column.className,
    );
  return (
    <table className={classes(styles.table, styles.cards, nowrap && styles.nowrap, className)}>
      {caption ? <caption className={styles.caption}>{caption}</caption> : null}
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.header} scope="col" className={column.number ? styles.number : undefined}>
              {column.hideHeader ? <span className="visually-hidden">{column.header}</span> : column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} className={rowClassName?.(row)}>
            {columns.map((column) => {
              const Cell = column.rowHeader ? "th" : "td";
              return (
                <Cell
                  key={column.header}
                  scope={column.rowHeader ? "row" : undefined}
                  className={cellClass(column, row)}
                  data-label={column.rowHeader || column.hideHeader ? undefined : column.header}
                >
                  {column.cell(row)}
                </Cell>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
