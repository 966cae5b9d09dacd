/**
 * What went wrong signing in, said so a person can act on it: each Firebase Auth error the sign-up page can
 * meet becomes what happened and what to do next, instead of "Error (auth/invalid-action-code).".
 */
import { contact } from "../../config/site";

/** Which step failed: asking for a link, finishing one, or Google's window. */
export type SignInStep = "send-link" | "use-link" | "google";

export const invalidEmailShapeMessage = "Enter your e-mail address in full, like name@example.com.";

/**
 * A rough shape check before any request: something@something.something, no spaces. Firebase checks the
 * rest; this catches a missing @ or domain without a round trip.
 */
export const isEmailShaped = (address: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address);

const deadLink = "This sign-in link was already used or has expired. Enter your e-mail to get a new one.";
const popupClosed = "The Google window was closed before you signed in. Try again, or use your e-mail instead.";

const messages: Record<string, string | ((step: SignInStep) => string)> = {
  "auth/invalid-action-code": deadLink,
  "auth/expired-action-code": deadLink,
  // Sending a link: a malformed address. Finishing one: not the address the link was sent to.
  "auth/invalid-email": (step) =>
    step === "use-link"
      ? "That is not the e-mail address this sign-in link was sent to. Enter the address you asked for the link with."
      : invalidEmailShapeMessage,
  "auth/user-disabled": `This account has been disabled. If you think that is a mistake, write to ${contact.email}.`,
  "auth/too-many-requests": "Too many sign-in attempts from this device. Wait a few minutes, then try again.",
  "auth/network-request-failed":
    "We could not reach the sign-in service. Check your internet connection, then try again.",
  "auth/popup-closed-by-user": popupClosed,
  "auth/cancelled-popup-request": popupClosed,
  "auth/internal-error":
    "The sign-in service had a problem on its side. Try again in a moment, or use another way to sign in.",
  "auth/operation-not-allowed": `This way of signing in is switched off for now. Use another, or write to ${contact.email}.`,
  "auth/unauthorized-domain": `Signing in is not set up for this address of the site. Open it from its usual address, or write to ${contact.email}.`,
  "auth/web-storage-unsupported":
    "Your browser blocks the storage signing in needs (private mode or strict privacy settings). Allow it for this site, or use another browser.",
  "auth/quota-exceeded": "Too many sign-in e-mails were asked for just now. Wait a few minutes, then try again.",
  "auth/missing-email": invalidEmailShapeMessage,
  "auth/popup-blocked":
    "Your browser blocked the Google sign-in window. Allow pop-ups for this site and try again, or use your e-mail instead.",
};

/** SPEC.md §8: the identity provider's message, without its "Firebase:" prefix. */
export function providerMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^Firebase:\s*/, "");
}

export const errorCode = (error: unknown): string | undefined =>
  typeof error === "object" && error !== null && "code" in error ? String(error.code) : undefined;

/**
 * The message for a failed step. A Firebase Auth error gets its own; one without a message of ours still
 * says what to do, with the provider's words (SPEC.md §8) for whoever helps. An error that is not Firebase's
 * (the server refusing the account) keeps its own message.
 */
export function signInErrorMessage(error: unknown, step: SignInStep): string {
  const code = errorCode(error);
  if (!code?.startsWith("auth/")) return providerMessage(error);
  const message = messages[code];
  if (typeof message === "function") return message(step);
  return (
    message ??
    `Signing in did not work: ${providerMessage(error).replace(/\.$/, "")}. Try again, or use another way to sign in.`
  );
}
