/**
 * The recruit link (issue 34, docs/recruits.md): {site}/signup?ref={code}, the code being the recruiter's user
 * id (as in their tracking links). Opening it remembers the code in this browser's own storage, so it survives
 * the Google window and the e-mail sign-in link (which come back to the site), and create_account sends it once.
 */

/** Where the code waits between the link and the account (first-party: this site's local storage). */
export const recruitedByKey = "recruitedBy";

const codeShape = /^[A-Za-z0-9_-]{1,128}$/;

/** The recruit link of the affiliate whose code this is, on the site `origin`. */
export const recruitLink = (origin: string, code: string) => `${origin}/signup?ref=${encodeURIComponent(code)}`;

/** Remembers the code of a recruit link the page was opened from (`search`: its query string), if any. */
export function rememberRecruiter(search: string): void {
  const code = new URLSearchParams(search).get("ref");
  if (code && codeShape.test(code)) {
    try {
      window.localStorage.setItem(recruitedByKey, code);
    } catch {
      // Storage refused (a private window's quota): the account is made without the link.
    }
  }
}

/** The remembered code, if a recruit link was opened in this browser. */
export function rememberedRecruiter(): string | null {
  try {
    const code = window.localStorage.getItem(recruitedByKey);
    return code && codeShape.test(code) ? code : null;
  } catch {
    return null;
  }
}

/** Forgets the code once an account exists (it counts only when the account is made). */
export function forgetRecruiter(): void {
  try {
    window.localStorage.removeItem(recruitedByKey);
  } catch {
    // Nothing to forget.
  }
}
