/** CSV as RFC 4180 has it: CRLF line ends, fields quoted when they hold a comma, quote or line break. */
export function toCsv(
  header: readonly string[] | null,
  rows: (string | number | boolean | null | undefined)[][],
): string {
  const field = (value: string | number | boolean | null | undefined): string => {
    const text = value === null || value === undefined ? "" : String(value);
    // A leading =, +, - or @ would be a formula to a spreadsheet: the text is data, so it is quoted as text.
    const safe = /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
    return /[",\r\n]/.test(safe) || safe !== text ? `"${safe.replaceAll('"', '""')}"` : safe;
  };
  // A null header: the rows alone (PayPal Payouts' file has no header row).
  return [...(header ? [header] : []), ...rows].map((row) => row.map(field).join(",")).join("\r\n") + "\r\n";
}

/** Offers CSV text as a file download. */
export function csvBlob(csv: string): Blob {
  return new Blob([csv], { type: "text/csv;charset=utf-8" });
}
