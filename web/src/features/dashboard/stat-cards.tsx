import { sumLastDays } from "@domain/days";
import type { AffiliateDoc } from "@domain/model";
import { formatDollars } from "@domain/money";
import { formatCount } from "@domain/numbers";
import { balanceOf } from "@domain/balance";
import styles from "./dashboard.module.css";

/** A figure and its label; a number is a count, shown with separators. */
export function StatCard({ label, value }: { label: string; value: string | number }) {
  return (
    <div className={styles["stat-card"]}>
      <span className={styles["stat-label"]}>{label}</span>
      <span className={styles["stat-value"]}>{typeof value === "number" ? formatCount(value) : value}</span>
    </div>
  );
}

/** SPEC.md §2: Last 7 Days cards (earnings, sign-ups, clicks, sales), from the UTC day buckets. */
export function LastSevenDays({ affiliate, now }: { affiliate: AffiliateDoc; now: Date }) {
  const week = sumLastDays(affiliate.recent_days, now, 7);
  return (
    <section aria-labelledby="last-7-days" className={styles["dashboard-section"]}>
      <h2 id="last-7-days">Last 7 Days</h2>
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
export function AllTime({ affiliate }: { affiliate: AffiliateDoc }) {
  const balance = balanceOf(affiliate);
  return (
    <section aria-labelledby="all-time" className={styles["dashboard-section"]}>
      <h2 id="all-time">All Time</h2>
      <div className={styles["stat-grid"]}>
        <StatCard label="Balance" value={formatDollars(balance)} />
        <StatCard label="Total Earnings" value={formatDollars(affiliate.total_earnings_cents)} />
        <StatCard label="Payouts" value={formatDollars(affiliate.total_payouts_cents)} />
        <StatCard label="Sign-ups" value={affiliate.total_sign_ups} />
        <StatCard label="Clicks" value={affiliate.total_clicks} />
        <StatCard label="Sales" value={affiliate.total_sales} />
      </div>
      {affiliate.total_refunds > 0 ? (
        <p className={`muted ${styles.small}`}>
          {formatCount(affiliate.total_refunds)} refund{affiliate.total_refunds === 1 ? "" : "s"} or chargeback
          {affiliate.total_refunds === 1 ? "" : "s"} took back {formatDollars(affiliate.total_refunded_cents)} of
          commission.
        </p>
      ) : null}
    </section>
  );
}
