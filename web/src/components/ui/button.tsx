/** The app's buttons, and links that look like buttons: one look, chosen by variant and size. */
import type { ButtonHTMLAttributes } from "react";
import { Link, type LinkProps } from "react-router-dom";
import styles from "./button.module.css";

/** "plain": no colours of its own, for a button whose caller styles it (the Google sign-in button). */
export type ButtonVariant = "primary" | "ghost" | "quiet" | "danger" | "plain";
export type ButtonSize = "small" | "medium" | "large";

export interface ButtonLook {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** A class of the caller's own, for its layout (margins, width), never for the button's look. */
  className?: string | undefined;
}

/** The class names of a button with this look, for elements that are not a Button (a NavLink, an <a>). */
export function buttonClass({ variant = "primary", size = "medium", className }: ButtonLook = {}): string {
  return [styles.button, styles[variant], size === "medium" ? undefined : styles[size], className]
    .filter(Boolean)
    .join(" ");
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & ButtonLook;

export function Button({ variant, size, className, type = "button", ...props }: ButtonProps) {
  return <button type={type} className={buttonClass({ variant, size, className })} {...props} />;
}

/** A link within the site that looks like a button. */
export function ButtonLink({ variant, size, className, ...props }: LinkProps & ButtonLook) {
  return <Link className={buttonClass({ variant, size, className })} {...props} />;
}
