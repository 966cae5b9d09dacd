import { useState } from "react";
import { advertisers, type AdvertiserId } from "@domain/advertisers";
import { defaultTrackerKey, removedTrackersKey, type AffiliateDoc, type TrackerTotals } from "@domain/model";
import { trackerRows } from "@domain/trackers";
import { formatDollars } from "@domain/money";
import { formatCount, formatPerEach, formatShare } from "@domain/numbers";
import { filteredClicksNote, filteredClicksSources } from "../../lib/filtered-clicks";
import { StatCard } from "./stat-cards";
import styles from "./dashboard.module.css";

const twoSignificantDigits = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumSignificantDigits: 2,
});

/** Earnings per click: $0.30; below a cent, two significant digits ($0.0033), so a real rate never reads $0.00. */
function formatPerClick(earningsCents: number, clicks: number): string {
  const cents = earningsCents / clicks;
  return cents > 0 && cents < 1 ? twoSignificantDigits.format(cents / 100) : formatDollars(Math.round(cents));
}

/** The default link, a live link by its suffix, or every removed link's figures together. */
export function trackerName(key: string): string {
  if (key === defaultTrackerKey) return "Default link";
  return key === removedTrackersKey ? "Removed trackers" : key;
}

/** SPEC.md §2: per-tracker collapsible cards, with the funnel from clicks to sales (beyond SPEC). */
export function TrackerCards({ affiliate, advertiser }: { affiliate: AffiliateDoc; advertiser: AdvertiserId }) {
  const trackers = trackerRows(affiliate.trackers[advertiser] ?? {}, affiliate.links[advertiser] ?? []);
  // Issue 33: kept per advertiser, not per tracker (the affiliate's document is bounded).
  const { filtered_clicks: filtered = 0, datacenter_clicks: datacenter } = affiliate.by_advertiser[advertiser] ?? {};
  return (
    <section aria-labelledby="trackers" className={styles["dashboard-section"]}>
      <h2 id="trackers">Trackers · {advertisers[advertiser].name}</h2>
      {trackers.length === 0 ? (
        <p className="muted">No activity on your {advertisers[advertiser].name} links yet.</p>
      ) : (
        <div className={styles["tracker-list"]}>
          {trackers.map(({ key, totals }) => (
            <TrackerCard key={key} name={trackerName(key)} totals={totals} />
          ))}
        </div>
      )}
      {filtered > 0 ? (
        <p className={`muted ${styles.small}`}>
          {filteredClicksNote(filtered, datacenter)}: clicks on your {advertisers[advertiser].name} links{" "}
          {filteredClicksSources(filtered, datacenter)}, not counted in the clicks above.
        </p>
      ) : null}
    </section>
  );
}

/**
 * A tracker's row, folded to its name and headline figures until opened. A chevron turns as it opens (the
 * summary's own marker is gone with its flex layout), and the summary says aria-expanded, kept in step by
 * the details' toggle event however it is opened (a click, a keyboard, find in page).
 */
function TrackerCard({ name, totals }: { name: string; totals: TrackerTotals }) {
  const [open, setOpen] = useState(false);
  return (
    <details className={styles["tracker-card"]} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary aria-expanded={open}>
        <span className={styles["tracker-name"]}>{name}</span>
        <span className={`${styles["tracker-figures"]} muted`}>
          {formatDollars(totals.earnings_cents)} · {formatCount(totals.clicks)} clicks
        </span>
      </summary>
      <div className={styles["stat-grid"]}>
        <StatCard label="Total Earnings" value={formatDollars(totals.earnings_cents)} />
        <StatCard label="Sign-ups" value={totals.sign_ups} />
        <StatCard label="Clicks" value={totals.clicks} />
        <StatCard label="Sales" value={totals.sales} />
      </div>
      <p className={styles.funnel} aria-label="Funnel">
        {funnel(totals)} ·{" "}
        {totals.clicks > 0 ? `${formatPerClick(totals.earnings_cents, totals.clicks)} per click` : "no clicks yet"}
      </p>
    </details>
  );
}

/**
 * Clicks → sign-ups → sales. A tracker's sales count renewals too (first sales are not kept per tracker),
 * so sales are given per sign-up ("1.37 per sign-up"), never as a percentage that could pass 100%; the
 * sign-up rate is a share of clicks only while it can be one (sign-ups from before click tracking began in
 * February 2025 have no clicks).
 */
function funnel({ clicks, sign_ups, sales }: TrackerTotals): string {
  const signUpShare = formatShare(sign_ups, clicks);
  const salesPerSignUp = formatPerEach(sales, sign_ups);
  return (
    `${formatCount(clicks)} clicks → ${formatCount(sign_ups)} sign-ups` +
    (signUpShare ? ` (${signUpShare} of clicks)` : "") +
    ` → ${formatCount(sales)} sales incl. renewals` +
    (salesPerSignUp ? ` (${salesPerSignUp} per sign-up)` : "")
  );
}
