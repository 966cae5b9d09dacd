import styles from "./loading.module.css";

/** A quiet loading state that keeps the page's place (no layout jump when the content arrives). */
export function Loading({ label = "Loading…" }: { label?: string }) {
  return (
    <div className={styles.loading} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
