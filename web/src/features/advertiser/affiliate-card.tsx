import type { ReactNode } from "react";
import { canRecordPayout, rowCents } from "@domain/advertiser-summary";
import { formatDollars } from "@domain/money";
import { formatEarningsPerSignUp, ratingLabels, type RatingLabel } from "@domain/rating";
import type { AffiliateView } from "./affiliate-view";
import { Button } from "../../components/ui/button";
import { Disclosure } from "../../components/ui/disclosure";
import styles from "./advertiser.module.css";

const ratingClass: Record<RatingLabel, string | undefined> = {
  [ratingLabels.none]: styles["rating-none"],
  [ratingLabels.highRisk]: styles["rating-high-risk"],
  [ratingLabels.high]: styles["rating-high"],
  [ratingLabels.neutral]: styles["rating-neutral"],
  [ratingLabels.low]: styles["rating-low"],
};

const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric" });
const money = (dollars: number) => formatDollars(rowCents(dollars));

export interface AffiliateCardProps {
  view: AffiliateView;
  /** Only HIGH RISK cards fold (SPEC.md §4); others are always open. */
  open: boolean;
  onToggle(): void;
  /** When the summary was fetched: the 30 days since the last payout count from here. */
  asOf: Date;
  recording: boolean;
  onPayout(): void;
  onExportInvoice(): void;
}

/** One affiliate on the advertiser dashboard. */
export function AffiliateCard({
  view,
  open,
  onToggle,
  asOf,
  recording,
  onPayout,
  onExportInvoice,
}: AffiliateCardProps) {
  const { row, rating, highRisk } = view;
  const name = row.name || row.email || row.user_id;
  const headingId = `affiliate-${row.user_id}`;
  const folded = highRisk && !open;
  return (
    <article
      className={highRisk ? `${styles["affiliate-card"]} ${styles["affiliate-card-risk"]}` : styles["affiliate-card"]}
      aria-labelledby={headingId}
    >
      <header className={styles["affiliate-card-header"]}>
        <div className={styles["affiliate-card-title"]}>
          <h3 id={headingId}>{name}</h3>
          <span className={styles["affiliate-card-id"]}>
            {row.email ? `${row.email} · ` : ""}
            {row.user_id}
          </span>
        </div>
        <div className={styles["affiliate-card-badges"]}>
          {row.fraud_user ? (
            <span className={`${styles["affiliate-badge"]} ${styles["badge-suspended"]}`}>Suspended</span>
          ) : null}
          {row.payout_pending ? (
            <span className={`${styles["affiliate-badge"]} ${styles["badge-pending"]}`}>
              Payout pending{row.pending_payout === null ? "" : `: ${money(row.pending_payout)}`}
            </span>
          ) : null}
          <span className={`${styles["affiliate-badge"]} ${ratingClass[rating.label]}`}>{rating.label}</span>
          {highRisk ? (
            <Disclosure open={open} onToggle={onToggle} size="small" labels={{ open: "Collapse", closed: "Open" }} />
          ) : null}
        </div>
      </header>
      {folded ? null : (
        <>
          <dl className={styles["affiliate-stats"]}>
            <Stat label="Country">{row.country || "—"}</Stat>
            <Stat label="Company">{row.company || "—"}</Stat>
            <Stat label="Payout account">{row.paypal_payout_account || "—"}</Stat>
            <Stat label="Commission rate">{`${Math.round(row.commission_rate * 1000) / 10}%`}</Stat>
            <Stat label="Sign-ups">{row.total_sign_ups.toLocaleString("en-US")}</Stat>
            <Stat label="Earnings">{money(row.total_earnings)}</Stat>
            <Stat label="Payouts">{money(row.total_payouts)}</Stat>
            <Stat label="Refunds">{`${row.total_refunds.toLocaleString("en-US")} (${money(row.total_refunded)})`}</Stat>
            <Stat label="Balance">{money(row.required_payout)}</Stat>
            <Stat label="Last payout">{row.last_payout ? dateFormat.format(new Date(row.last_payout)) : "Never"}</Stat>
            <Stat label="Earnings per sign-up">{`${formatEarningsPerSignUp(rating)} · ${rating.label}`}</Stat>
          </dl>
          <div className={styles["affiliate-actions"]}>
            <Button
              size="small"
              disabled={recording || !canRecordPayout(row, asOf)}
              aria-busy={recording}
              onClick={onPayout}
            >
              {recording ? "Recording…" : "Payout"}
            </Button>
            <Button variant="ghost" size="small" disabled={!row.latest_invoice} onClick={onExportInvoice}>
              Export Invoice
            </Button>
          </div>
        </>
      )}
    </article>
  );
}

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles["affiliate-stat"]}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
