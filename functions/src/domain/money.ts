/**
 * Money is integer cents everywhere inside the product; dollars appear only at the API edge and on screen.
 */

/** An amount of money in whole US cents. */
export type Cents = number;

/** The largest amount one event or payout may carry: $1,000,000. Anything larger is a mistake or an attack. */
export const maxAmountCents: Cents = 100_000_000;

export class MoneyFormatError extends Error {
  override name = "MoneyFormatError";
}

// Plain decimal notation only: digits, optionally a point and one or two digits. No sign, exponent,
// spaces, thousands separators or leading point.
const dollarPattern = /^(0|[1-9]\d*)(\.\d{1,2})?$/;

/**
 * Reads a dollar amount from the API (a JSON number or a decimal string) as cents. Refuses negative
 * amounts, NaN and Infinity, more than 2 decimals (10.005), exponent forms ("1e3") and anything above
 * `max`, each with a message that says what is wrong.
 */
export function parseDollars(input: unknown, { max = maxAmountCents }: { max?: Cents } = {}): Cents {
  let text: string;
  if (typeof input === "number") {
    if (!Number.isFinite(input)) throw new MoneyFormatError("Amount must be a finite number.");
    if (input < 0 || Object.is(input, -0)) throw new MoneyFormatError("Amount must not be negative.");
    // String(n) is the shortest text that reads back as n, so 10.005 stays "10.005" and is refused below.
    text = String(input);
  } else if (typeof input === "string") {
    text = input;
    if (text.startsWith("-")) throw new MoneyFormatError("Amount must not be negative.");
  } else {
    throw new MoneyFormatError("Amount must be a number or a decimal string.");
  }
  if (/e/i.test(text)) throw new MoneyFormatError("Amount must be written without an exponent.");
  if (!dollarPattern.test(text)) {
    throw new MoneyFormatError(
      /^\d+\.\d{3,}$/.test(text)
        ? "Amount must have at most 2 decimals."
        : "Amount must be a plain decimal number of dollars, like 20 or 19.99.",
    );
  }
  const [whole = "0", fraction = ""] = text.split(".");
  if (whole.length > 10) throw new MoneyFormatError(`Amount must not exceed ${formatDollars(max)}.`);
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  if (cents > max) throw new MoneyFormatError(`Amount must not exceed ${formatDollars(max)}.`);
  return cents;
}

/** Cents as a dollar number for the API's answers (SPEC.md's fields are dollars): 1999 → 19.99. */
export function centsToDollars(cents: Cents): number {
  return Math.round(cents) / 100;
}

const displayFormat = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * Money on screen: always two decimals and thousands separators, so amounts side by side line up and read
 * alike ("$10.00" beside "$11.99", never "$10" or "$172.4"): 20000 → "$200.00", 123456789 → "$1,234,567.89".
 * (SPEC.md §9 allows "up to 2" decimals; issue 17 asked for exactly 2.)
 */
export function formatDollars(cents: Cents): string {
  return displayFormat.format(centsToDollars(cents));
}

/** Always two decimals, for invoices, CSV exports and the payout request's price text: 1950 → "19.50". */
export function formatDollarsFixed(cents: Cents): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}
