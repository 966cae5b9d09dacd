/**
 * The signed-in person's menu in the header: who is signed in, as what, and Log out. A disclosure (a button
 * that shows and hides its panel, aria-expanded saying which) rather than an ARIA menu: the panel holds
 * text as well as a button, which a menu may not. Escape closes it and returns focus to the button; so do
 * a click or focus outside it and moving to another page.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useLocation } from "react-router-dom";
import { useLogOut } from "../lib/auth";
import { Button } from "./ui/button";
import styles from "./account-menu.module.css";

export interface AccountMenuProps {
  email: string;
  role: string;
}

export function AccountMenu({ email, role }: AccountMenuProps) {
  // Open on the page where it was opened: moving to another page closes it.
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (next: boolean) => setOpenOn(next ? pathname : null);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const logOut = useLogOut();

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpenOn(null);
    };
    document.addEventListener("pointerdown", closeOutside);
    return () => document.removeEventListener("pointerdown", closeOutside);
  }, [open]);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== "Escape" || !open) return;
    setOpen(false);
    root.current?.querySelector("button")?.focus();
  }

  return (
    <div
      ref={root}
      className={styles["account-menu"]}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      {/* A disclosure button (components/ui/disclosure.tsx's pattern) whose label a phone shows as a picture. */}
      <Button
        variant="quiet"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        <svg className={styles.person} viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
          <circle cx="10" cy="6.5" r="3.5" />
          <path d="M3 18c0-3.9 3.1-6.5 7-6.5s7 2.6 7 6.5" />
        </svg>
        <span className={styles.label}>Account</span>
      </Button>
      <div id={panelId} className={styles.panel} hidden={!open}>
        <p className={styles.who}>
          <span className="muted">Signed in as</span>
          <strong>{email}</strong>
        </p>
        <p className={styles.role}>{role}</p>
        <Button variant="ghost" className={styles["log-out"]} onClick={() => void logOut()}>
          Log out
        </Button>
      </div>
    </div>
  );
}
