/**
 * A modal dialog on the native <dialog>: the browser traps focus inside it, Escape closes it, and focus goes
 * back to where it was when it closes. Labelled by its title; `onClose` runs however it closes.
 */
import { useEffect, useId, useRef, type ReactNode } from "react";
import { Button } from "./button";
import styles from "./dialog.module.css";

export interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons beside Close (a confirm, say). */
  actions?: ReactNode;
  closeLabel?: string;
}

export function Dialog({ open, title, onClose, children, actions, closeLabel = "Close" }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal?.();
    return () => {
      if (dialog.open) dialog.close();
      returnTo?.focus();
    };
  }, [open]);
  if (!open) return null;
  return (
    <dialog ref={ref} className={styles.dialog} aria-labelledby={titleId} onClose={onClose}>
      <h2 id={titleId}>{title}</h2>
      {children}
      <div className={styles.actions}>
        {actions}
        <Button variant="ghost" onClick={onClose}>
          {closeLabel}
        </Button>
      </div>
    </dialog>
  );
}
