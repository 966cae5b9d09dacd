/**
 * Every date and time the site shows, in one style (issue 32): "7 Oct 2024" for a day and
 * "7 Oct 2024, 14:05 UTC" for a moment. Always in UTC, as the ledger counts its days, and saying so wherever
 * a time is shown; never "06/10/2025", which reads as June in one country and October in another.
 */
type When = Date | string | number;

const day = { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" } as const;
const dayFormat = new Intl.DateTimeFormat("en-GB", day);
const momentFormat = new Intl.DateTimeFormat("en-GB", { ...day, hour: "2-digit", minute: "2-digit" });
const momentWithSecondsFormat = new Intl.DateTimeFormat("en-GB", {
  ...day,
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** A day: "7 Oct 2024" (an ISO date such as "2024-10-07" is that UTC day). */
export const formatDay = (when: When): string => dayFormat.format(new Date(when));

/** A moment: "7 Oct 2024, 14:05 UTC"; with seconds for logs where they tell calls apart. */
export const formatMoment = (when: When, { seconds = false }: { seconds?: boolean } = {}): string =>
  `${(seconds ? momentWithSecondsFormat : momentFormat).format(new Date(when))} UTC`;
