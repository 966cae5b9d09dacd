import type { ReactNode } from "react";
import styles from "./badge.module.css";

/** A small uppercase label beside a title or a link ("New", "Pinned"). */
export function Badge({ children }: { children: ReactNode }) {
  return <span className={styles.badge}>{children}</span>;
}
