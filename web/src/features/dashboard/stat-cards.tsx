import { sumLastDays } from "@domain/days";
import type { AffiliateDoc } from "@domain/model";
import { formatDollars } from "@domain/money";
import { formatCount } from "@domain/numbers";
import { balanceOf } from "@domain/balance";
import { Loading } from "../../components/loading";
import { formatMoment } from "../../lib/dates";
import { filteredClicksNote } from "../../lib/filtered-clicks";
import type { DashboardFigures, ShownFigures } from "../../lib/last-seen-figures";
import styles from "./dashboard.module.css";

/** The cards' figures of an affiliate as shown (stored figures plus pending clicks) at `now`. */
export function figuresOf(affiliate: AffiliateDoc, now: Date): DashboardFigures {
  const week = sumLastDays(affiliate.recent_days, now, 7);
  return {
    lastSevenDays: {
      earnings_cents: week.earnings_cents,
      sign_ups: week.sign_ups,
      clicks: week.clicks,
      sales: week.sales,
    },
    allTime: {
      balance_cents: balanceOf(affiliate),
      total_earnings_cents: affiliate.total_earnings_cents,
      total_payouts_cents: affiliate.total_payouts_cents,
      total_sign_ups: affiliate.total_sign_ups,
      total_clicks: affiliate.total_clicks,
      total_filtered_clicks: affiliate.total_filtered_clicks,
      total_datacenter_clicks: affiliate.total_datacenter_clicks,
      total_sales: affiliate.total_sales,
      total_refunds: affiliate.total_refunds,
      total_refunded_cents: affiliate.total_refunded_cents,
    },
  };
}

/**
 * A figure and its label; a number is a count, shown with separators. A `note` goes under the figure, small:
 * something beside it that it does not count (the clicks filtered as bots' and datacenters', issue 33).
 */
export function StatCard({ label, value, note }: { label: string; value: string | number; note?: string }) {
  return (
    <div className={styles["stat-card"]}>
      <span className={styles["stat-label"]}>{label}</span>
      <span className={styles["stat-value"]}>{typeof value === "number" ? formatCount(value) : value}</span>
      {note ? <span className={`muted ${styles.small}`}>{note}</span> : null}
    </div>
  );
}

/** What the two card sections carry: whether their figures are live (the bench and the e2e tests read it). */
const sectionState = (shown: ShownFigures) => ({
  "data-figures": shown.stale ? "last-seen" : "live",
  "aria-busy": shown.stale,
  className: shown.stale ? `${styles["dashboard-section"]} ${styles.stale}` : styles["dashboard-section"],
});

/** "14:05 UTC" for a moment today (UTC), else the whole moment: "24 Nov 2026, 14:05 UTC". */
function seenAt(savedAt: number, now = new Date()): string {
  const moment = formatMoment(savedAt);
  return new Date(savedAt).toISOString().slice(0, 10) === now.toISOString().slice(0, 10)
    ? moment.slice(moment.indexOf(", ") + 2)
    : moment;
}

/**
 * Beside the Last 7 Days heading while the cards show the last figures this device saw (issue 32, item
 * 19): when, and that the live ones are on their way. SPEC.md's headings, labels and values stay as they are.
 * It keeps to the heading's line (on a phone "— updating…" is for screen readers, a long date ends in "…"),
 * so the cards below stay where they are when it goes.
 */
export function FiguresMark({ shown }: { shown: ShownFigures }) {
  if (!shown.stale) return null;
  return (
    <p className={`muted ${styles["figures-mark"]}`} role="status">
      {shown.savedAt === null ? "Last seen figures" : `Last seen ${seenAt(shown.savedAt)}`}
      {/* One line beside the heading at every width, so the cards do not move when it goes. */}
      <span className="visually-hidden-narrow"> — updating…</span>
    </p>
  );
}

/** SPEC.md §2: Last 7 Days cards (earnings, sign-ups, clicks, sales), from the UTC day buckets. */
export function LastSevenDays({ shown }: { shown: ShownFigures }) {
  const week = shown.figures.lastSevenDays;
  return (
    <section aria-labelledby="last-7-days" {...sectionState(shown)}>
      <div className={styles["figures-header"]}>
        <h2 id="last-7-days">Last 7 Days</h2>
        <FiguresMark shown={shown} />
      </div>
      <div className={styles["stat-grid"]}>
        <StatCard label="Earnings" value={formatDollars(week.earnings_cents)} />
        <StatCard label="Sign-ups" value={week.sign_ups} />
        <StatCard label="Clicks" value={week.clicks} />
        <StatCard label="Sales" value={week.sales} />
      </div>
    </section>
  );
}

/** SPEC.md §2: All Time cards (balance, total earnings, payouts, sign-ups, clicks, sales). */
export function AllTime({ shown }: { shown: ShownFigures }) {
  const all = shown.figures.allTime;
  return (
    <section aria-labelledby="all-time" {...sectionState(shown)}>
      <h2 id="all-time">All Time</h2>
      <div className={styles["stat-grid"]}>
        <StatCard label="Balance" value={formatDollars(all.balance_cents)} />
        <StatCard label="Total Earnings" value={formatDollars(all.total_earnings_cents)} />
        <StatCard label="Payouts" value={formatDollars(all.total_payouts_cents)} />
        <StatCard label="Sign-ups" value={all.total_sign_ups} />
        <StatCard
          label="Clicks"
          value={all.total_clicks}
          note={filteredClicksNote(all.total_filtered_clicks, all.total_datacenter_clicks)}
        />
        <StatCard label="Sales" value={all.total_sales} />
      </div>
      {all.total_refunds > 0 ? (
        <p className={`muted ${styles.small}`}>
          {formatCount(all.total_refunds)} refund{all.total_refunds === 1 ? "" : "s"} or chargeback
          {all.total_refunds === 1 ? "" : "s"} took back {formatDollars(all.total_refunded_cents)} of commission.
        </p>
      ) : null}
    </section>
  );
}

/** The two card sections: all a dashboard shows before it has the affiliate's document. */
export function FigureSections({ shown }: { shown: ShownFigures }) {
  return (
    <>
      <LastSevenDays shown={shown} />
      <AllTime shown={shown} />
    </>
  );
}

/** The dashboard while it has no document yet: the last figures seen here (marked), then the loading state. */
export function LastSeenFigures({ shown }: { shown: ShownFigures }) {
  return (
    <>
      <FigureSections shown={shown} />
      <Loading label="Loading your dashboard…" />
    </>
  );
}
