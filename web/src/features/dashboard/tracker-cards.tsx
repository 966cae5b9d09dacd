import { advertisers, type AdvertiserId } from "@domain/advertisers";
import { defaultTrackerKey, removedTrackersKey, type AffiliateDoc, type TrackerTotals } from "@domain/model";
import { trackerRows } from "@domain/trackers";
import { centsToDollars, formatDollars } from "@domain/money";
import { StatCard } from "./stat-cards";
import styles from "./dashboard.module.css";

const percent = (part: number, whole: number) => (whole > 0 ? `${((part / whole) * 100).toFixed(1)}%` : "—");

// Same currency format as formatDollars, but a rate per click always has two decimals ($0.30, not $0.3).
const twoDecimals = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const twoSignificantDigits = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumSignificantDigits: 2,
});

/** Earnings per click: $0.30; below a cent, two significant digits ($0.0033), so a real rate never reads $0.00. */
function formatPerClick(earningsCents: number, clicks: number): string {
  const cents = earningsCents / clicks;
  return cents > 0 && cents < 1
    ? twoSignificantDigits.format(cents / 100)
    : twoDecimals.format(centsToDollars(Math.round(cents)));
}

/** The default link, a live link by its suffix, or every removed link's figures together. */
function trackerName(key: string): string {
  if (key === defaultTrackerKey) return "Default link";
  return key === removedTrackersKey ? "Removed trackers" : key;
}

/** SPEC.md §2: per-tracker collapsible cards, with the funnel from clicks to sales (beyond SPEC). */
export function TrackerCards({ affiliate, advertiser }: { affiliate: AffiliateDoc; advertiser: AdvertiserId }) {
  const trackers = trackerRows(affiliate.trackers[advertiser] ?? {}, affiliate.links[advertiser] ?? []);
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
    </section>
  );
}

function TrackerCard({ name, totals }: { name: string; totals: TrackerTotals }) {
  return (
    <details className={styles["tracker-card"]}>
      <summary>
        <span className={styles["tracker-name"]}>{name}</span>
        <span className="muted">
          {formatDollars(totals.earnings_cents)} · {totals.clicks} clicks
        </span>
      </summary>
      <div className={styles["stat-grid"]}>
        <StatCard label="Total Earnings" value={formatDollars(totals.earnings_cents)} />
        <StatCard label="Sign-ups" value={totals.sign_ups} />
        <StatCard label="Clicks" value={totals.clicks} />
        <StatCard label="Sales" value={totals.sales} />
      </div>
      <p className={styles.funnel} aria-label="Funnel">
        {totals.clicks} clicks → {totals.sign_ups} sign-ups ({percent(totals.sign_ups, totals.clicks)}) → {totals.sales}{" "}
        sales ({percent(totals.sales, totals.sign_ups)}) ·{" "}
        {totals.clicks > 0 ? `${formatPerClick(totals.earnings_cents, totals.clicks)} per click` : "no clicks yet"}
      </p>
    </details>
  );
}
