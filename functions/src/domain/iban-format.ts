/**
 * How IBANs and BICs are written (issue 32): stored without spaces in upper case, shown in groups of four,
 * masked on invoices and e-mails. No validation library here: what every page shows (a payout's
 * destination, an account's completeness) loads without it; the checks are in iban.ts.
 */

/** The IBAN as banks store it: no spaces or dashes, upper case ("DE89370400440532013000"). */
export function normaliseIban(text: string): string {
  return text.replace(/[\s-]+/g, "").toUpperCase();
}

/** Groups of four, as IBANs are printed: "DE89 3704 0044 0532 0130 00". */
const inFours = (text: string): string => text.replace(/(.{4})(?=.)/g, "$1 ");

/** The IBAN as people read it, in groups of four ("DE89 3704 0044 0532 0130 00"). */
export function friendlyIban(text: string): string {
  return inFours(normaliseIban(text));
}

/** A BIC (SWIFT code) as banks store it: no spaces, upper case ("DEUTDEFF"). */
export function normaliseBic(text: string): string {
  return text.replace(/\s+/g, "").toUpperCase();
}

/**
 * An IBAN as invoices and e-mails show it: the country and check digits and the last four characters,
 * the rest hidden, still in groups of four ("DE89 **** **** **** **30 00").
 */
export function maskIban(text: string): string {
  const iban = normaliseIban(text);
  if (iban.length <= 8) return inFours(iban);
  return inFours(`${iban.slice(0, 4)}${"*".repeat(iban.length - 8)}${iban.slice(-4)}`);
}
