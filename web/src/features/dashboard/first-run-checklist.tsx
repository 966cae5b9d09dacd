import { useState } from "react";
import type { AffiliateDoc } from "@domain/model";
import { isAccountComplete } from "@domain/payout-details";
import styles from "./dashboard.module.css";

/** Remembered per account in this browser: nothing on the server says a link was copied. */
const linkCopiedKey = (uid: string) => `linkCopied:${uid}`;

/** Whether the affiliate has copied one of their links in this browser, and a way to say they just did. */
export function useLinkCopied(uid: string): [boolean, () => void] {
  const [copied, setCopied] = useState(() => window.localStorage.getItem(linkCopiedKey(uid)) !== null);
  const markCopied = () => {
    window.localStorage.setItem(linkCopiedKey(uid), new Date().toISOString());
    setCopied(true);
  };
  return [copied, markCopied];
}

interface Step {
  label: string;
  detail: string;
  href: string;
  done: boolean;
}

/**
 * A new affiliate's first steps, instead of a wall of zeros: save the details (links appear then), copy a
 * link, see the first click. Each step's "done" comes from the data (a click counted also means a link was
 * shared); the checklist goes once every step is done.
 */
export function FirstRunChecklist({ affiliate, linkCopied }: { affiliate: AffiliateDoc; linkCopied: boolean }) {
  const clicked = affiliate.total_clicks > 0;
  const steps: Step[] = [
    {
      label: "Save your payout details",
      detail: "Your tracking links appear as soon as they are saved.",
      href: "#details-heading",
      done: isAccountComplete(affiliate),
    },
    {
      label: "Copy your link",
      detail: "Share it where your audience is: a post, a bio, an e-mail, an ad.",
      href: "#links",
      done: linkCopied || clicked,
    },
    {
      label: "See your first click",
      detail: "Clicks on your links are counted here as they happen.",
      href: "#last-7-days",
      done: clicked,
    },
  ];
  if (steps.every((step) => step.done)) return null;
  const doneCount = steps.filter((step) => step.done).length;
  return (
    <section aria-labelledby="getting-started" className={`${styles["dashboard-section"]} ${styles.checklist}`}>
      <h2 id="getting-started">Getting started</h2>
      <p className={`muted ${styles.small}`}>
        {doneCount} of {steps.length} done
      </p>
      <ol className={styles["checklist-steps"]}>
        {steps.map((step) => (
          <li key={step.label} className={step.done ? styles["step-done"] : undefined}>
            <span className={styles["step-mark"]} aria-hidden="true">
              {step.done ? "✓" : ""}
            </span>
            <span>
              {step.done ? (
                <span className={styles["step-label"]}>{step.label}</span>
              ) : (
                <a className={styles["step-label"]} href={step.href}>
                  {step.label}
                </a>
              )}
              <span className="visually-hidden">{step.done ? " (done)" : " (to do)"}</span>
              <span className={`muted ${styles.small} ${styles["step-detail"]}`}>{step.detail}</span>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
