import { useState } from "react";
import { formatDollars, type Cents } from "@domain/money";
import { Button } from "../../components/ui/button";
import styles from "./compensation-banner.module.css";

/** Remembered per account in this browser: the banner is news, and nothing on the server needs to know. */
export const compensationDismissedKey = (uid: string) => `compensationDismissed:${uid}`;

function wasDismissed(uid: string): boolean {
  try {
    return window.localStorage.getItem(compensationDismissedKey(uid)) !== null;
  } catch {
    return false;
  }
}

/**
 * SPEC.md §2's optional compensation banner: what the July 2025 tracking bug's compensation credited to
 * this account. Once read it only pushes the figures down (issue 32), so it can be dismissed, for good in
 * this browser; the amount stays in the earnings and the announcement stays on /updates.
 */
export function CompensationBanner({ uid, cents }: { uid: string; cents: Cents }) {
  const [dismissed, setDismissed] = useState(() => wasDismissed(uid));
  if (cents <= 0 || dismissed) return null;
  const dismiss = () => {
    try {
      window.localStorage.setItem(compensationDismissedKey(uid), new Date().toISOString());
    } catch {
      // Storage refused (a private window): hidden until the page is opened again.
    }
    setDismissed(true);
    // The button goes with the banner: keyboard focus carries on from the top of the page's content, which
    // stays where it is on the screen.
    document.getElementById("main")?.focus({ preventScroll: true });
  };
  return (
    <div className={styles.banner} role="note" aria-label="Compensation">
      <p>
        We have credited {formatDollars(cents)} to your earnings to make up for the clicks and sign-ups we missed
        between 4 July and 27 August 2025. Thank you for your patience.
      </p>
      <Button variant="plain" className={styles.dismiss} onClick={dismiss} aria-label="Dismiss" title="Dismiss">
        <span aria-hidden="true">×</span>
      </Button>
    </div>
  );
}
