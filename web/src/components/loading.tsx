import styles from "./loading.module.css";

/**
 * A quiet loading state that keeps the page's place (no layout jump when the content arrives). A whole
 * page's (`page`) fills the screen, so the footer waits below it instead of being pushed down when the page
 * comes (a layout shift on every signed-in load).
 */
export function Loading({ label = "Loading…", page = false }: { label?: string; page?: boolean }) {
  return (
    <div className={page ? `${styles.loading} ${styles.page}` : styles.loading} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
