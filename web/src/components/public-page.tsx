/** The frame of every public page: its width, its headings, its introduction and its lead paragraphs. */
import type { ReactNode } from "react";
import styles from "./public-page.module.css";

export function PublicPage({ narrow = false, children }: { narrow?: boolean; children: ReactNode }) {
  return <div className={narrow ? `${styles["public-page"]} ${styles.narrow}` : styles["public-page"]}>{children}</div>;
}

/** The page's h1 and its lead paragraph. */
export function PageIntro({ title, lead }: { title: ReactNode; lead: ReactNode }) {
  return (
    <header className={styles["page-intro"]}>
      <h1>{title}</h1>
      <Lead>{lead}</Lead>
    </header>
  );
}

/** The larger, quieter paragraph under a heading. */
export function Lead({ children }: { children: ReactNode }) {
  return <p className={styles.lead}>{children}</p>;
}

/** An advertiser's initial as its logo (the partner and product cards). */
export function AdvertiserLogo({ name }: { name: string }) {
  return (
    <div className={styles["advertiser-logo"]} aria-hidden="true">
      {name.charAt(0)}
    </div>
  );
}
