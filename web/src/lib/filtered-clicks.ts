/**
 * The words for clicks counted apart (issue 33; docs/tracking.md), by reason: bots' and headless browsers' (by
 * their user agent), and datacenters' (a browser's user agent from a hosting or datacenter network). The
 * filtered clicks are all of them; the datacenter clicks are the part from datacenters. Shared by the
 * affiliate's dashboard and the staff's list, so both say it alike.
 */
import { formatCount, formatCountOf } from "@domain/numbers";

/** The filtered clicks by reason: bots' (the rest) and datacenters'. Figures from before either read as 0. */
export function filteredByReason(filtered = 0, datacenter = 0) {
  return { filtered, bots: Math.max(0, filtered - datacenter), datacenter };
}

/**
 * A Clicks figure's note: "12 filtered (bots)", "3 filtered (datacenter)", "15 filtered (12 bots, 3
 * datacenter)", "3 filtered (1 bot, 2 datacenter)"; none when there are none.
 */
export function filteredClicksNote(filtered?: number, datacenter?: number): string | undefined {
  const by = filteredByReason(filtered, datacenter);
  if (by.filtered === 0) return undefined;
  const reasons =
    by.datacenter === 0
      ? "bots"
      : by.bots === 0
        ? "datacenter"
        : `${formatCountOf(by.bots, "bot", "bots")}, ${formatCount(by.datacenter)} datacenter`;
  return `${formatCount(by.filtered)} filtered (${reasons})`;
}

/** Who made the filtered clicks, in words: "by bots and headless browsers or from datacenters". */
export function filteredClicksSources(filtered?: number, datacenter?: number): string {
  const by = filteredByReason(filtered, datacenter);
  const bots = "by bots and headless browsers";
  const datacenters = "from datacenters and hosting networks";
  if (by.datacenter === 0) return bots;
  return by.bots === 0 ? datacenters : `${bots} or ${datacenters}`;
}
