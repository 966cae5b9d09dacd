import { useRef, type ReactNode } from "react";
import { payoutRecordRefusal, rowCents } from "@domain/advertiser-summary";
import type { PayoutDestination } from "@domain/payout-details";
import { formatDollars } from "@domain/money";
import { formatCount } from "@domain/numbers";
import { formatEarningsPerSignUp, ratingLabels, type RatingLabel } from "@domain/rating";
import { formatDay } from "../../lib/dates";
import { filteredByReason } from "../../lib/filtered-clicks";
import type { AffiliateView } from "./affiliate-view";
import { dealSummary } from "./deal-dialog";
import { ratingReason } from "./rating-reason";
import { RiskMark } from "./risk-mark";
import { SharedDestination, SharedMark } from "./shared-destination";
import { Button, ButtonLink } from "../../components/ui/button";
import { Disclosure } from "../../components/ui/disclosure";
import { CopyButton } from "../../components/ui/copy-button";
import styles from "./advertiser.module.css";

const ratingClass: Record<RatingLabel, string | undefined> = {
  [ratingLabels.none]: styles["rating-none"],
  [ratingLabels.highRisk]: styles["rating-high-risk"],
  [ratingLabels.high]: styles["rating-high"],
  [ratingLabels.neutral]: styles["rating-neutral"],
  [ratingLabels.low]: styles["rating-low"],
};

/** The rating as a badge: SPEC.md §4's label, with a mark of its own (never told apart by colour alone). */
export function RatingBadge({ label }: { label: RatingLabel }) {
  return <span className={`${styles["affiliate-badge"]} ${ratingClass[label]}`}>{label}</span>;
}

/** A summary row's dollars as the card and the table show them: "$1,234.50". */
export const money = (dollars: number) => formatDollars(rowCents(dollars));

export interface AffiliateCardProps {
  view: AffiliateView;
  /** Only HIGH RISK cards fold (SPEC.md §4); others are always open. */
  open: boolean;
  onToggle(): void;
  /** When the summary was fetched: whether the row's next payout date has come is judged from here. */
  asOf: Date;
  recording: boolean;
  onPayout(): void;
  onExportInvoice(): void;
  /** Suspend (or reinstate) the affiliate: the page asks for the reason and confirms. */
  onSuspend(): void;
  /** Move the affiliate to another commission group (issue 34): the page asks for the group and the reason. */
  onMove?: (() => void) | undefined;
  /** Staff's tools for the affiliate's terms and balance (issue 34): the page opens the tool's dialog. */
  onTool?: ((tool: StaffTool) => void) | undefined;
  /** For the admin: the affiliate's dashboard, read-only (Set Uid's view). */
  dashboardHref?: string | undefined;
}

/** The staff tools a card offers (issue 34), each a dialog the page opens. */
export type StaffTool = "adjust" | "deal" | "history";

const staffTools: { tool: StaffTool; label: string; aria: (name: string) => string }[] = [
  { tool: "adjust", label: "Adjust balance", aria: (name) => `Adjust balance of ${name}` },
  { tool: "deal", label: "Deal", aria: (name) => `Deal of ${name}` },
  { tool: "history", label: "History", aria: (name) => `History of ${name}` },
];

/** One affiliate on the advertiser dashboard. */
export function AffiliateCard({
  view,
  open,
  onToggle,
  asOf,
  recording,
  onPayout,
  onExportInvoice,
  onSuspend,
  onMove,
  onTool,
  dashboardHref,
}: AffiliateCardProps) {
  const { row, rating, highRisk } = view;
  const filtered = filteredByReason(row.total_filtered_clicks, row.total_datacenter_clicks);
  const name = row.name || row.email || row.user_id;
  const headingId = `affiliate-${row.user_id}`;
  const folded = highRisk && !open;
  const refusal = payoutRecordRefusal(row, asOf);
  const refusalId = `payout-refusal-${row.user_id}`;
  return (
    <article
      className={highRisk ? `${styles["affiliate-card"]} ${styles["affiliate-card-risk"]}` : styles["affiliate-card"]}
      aria-labelledby={headingId}
    >
      <AffiliateCardHeader
        id={headingId}
        name={name}
        email={row.email}
        uid={row.user_id}
        badges={
          <>
            {row.fraud_user ? <Badge className={styles["badge-suspended"]}>Suspended</Badge> : null}
            {row.payout_pending ? (
              <Badge className={styles["badge-pending"]}>
                Payout pending{row.pending_payout === null ? "" : `: ${money(row.pending_payout)}`}
              </Badge>
            ) : null}
            <RatingBadge label={rating.label} />
            <RiskMark riskCase={row.risk_case} />
            {/* Folded, the card's shared payout destination (issue 33) is a mark here; open, a line naming them. */}
            {folded ? <SharedMark others={view.sharesDestinationWith} /> : null}
            {highRisk ? (
              <Disclosure open={open} onToggle={onToggle} size="small" labels={{ open: "Collapse", closed: "Open" }} />
            ) : null}
          </>
        }
      >
        {/* Beside the rating, folded or not: why it is what it is (issue 32). */}
        <p
          className={highRisk ? `${styles["rating-reason"]} ${styles["rating-reason-risk"]}` : styles["rating-reason"]}
        >
          {ratingReason(view)}
        </p>
      </AffiliateCardHeader>
      {folded ? null : (
        <>
          <dl className={styles["affiliate-stats"]}>
            <Stat label="Country">{row.country || "—"}</Stat>
            <Stat label="Company">{row.company || "—"}</Stat>
            <Stat label="Payout method">{row.payout_method}</Stat>
            <Stat label="Group">{row.group.name}</Stat>
            {row.deal ? <Stat label="Deal">{dealSummary(row.deal)}</Stat> : null}
            <Stat label="Commission rate">{`${Math.round(row.commission_rate * 1000) / 10}%`}</Stat>
            <Stat label="Sign-ups">{formatCount(row.total_sign_ups)}</Stat>
            <Stat label="Earnings">{money(row.total_earnings)}</Stat>
            <Stat label="Payouts">{money(row.total_payouts)}</Stat>
            <Stat label="Refunds">{`${formatCount(row.total_refunds)} (${money(row.total_refunded)})`}</Stat>
            <Stat label="Balance">{money(row.required_payout)}</Stat>
            <Stat label="Last payout">{row.last_payout ? formatDay(row.last_payout) : "Never"}</Stat>
            <Stat label="Earnings per sign-up">{`${formatEarningsPerSignUp(rating)} · ${rating.label}`}</Stat>
            {/* After SPEC.md's figures: what the list can also be ordered by (issue 32). */}
            <Stat label="Clicks">{formatCount(row.total_clicks)}</Stat>
            <Stat label="Sales">{formatCount(row.total_sales)}</Stat>
            {/* Issue 33: clicks counted apart from Clicks, with no click id, by reason. */}
            <Stat label="Filtered clicks (bots)">{formatCount(filtered.bots)}</Stat>
            <Stat label="Filtered clicks (datacenter)">{formatCount(filtered.datacenter)}</Stat>
          </dl>
          <SharedDestination uid={row.user_id} others={view.sharesDestinationWith} />
          {row.pending_destination ? <PayTo destination={row.pending_destination} /> : null}
          <div className={styles["affiliate-actions"]}>
            <Button
              size="small"
              disabled={recording || refusal !== null}
              aria-busy={recording}
              aria-describedby={refusal ? refusalId : undefined}
              onClick={onPayout}
            >
              {recording ? "Recording…" : "Payout"}
            </Button>
            <Button variant="ghost" size="small" disabled={!row.latest_invoice} onClick={onExportInvoice}>
              Export Invoice
            </Button>
            <Button
              variant="ghost"
              size="small"
              onClick={onSuspend}
              aria-label={`${row.fraud_user ? "Reinstate" : "Suspend"} ${name}`}
            >
              {row.fraud_user ? "Reinstate" : "Suspend"}
            </Button>
            {onMove ? (
              <Button variant="ghost" size="small" onClick={onMove} aria-label={`Move group of ${name}`}>
                Move group
              </Button>
            ) : null}
            {onTool
              ? staffTools.map(({ tool, label, aria }) => (
                  <Button key={tool} variant="ghost" size="small" onClick={() => onTool(tool)} aria-label={aria(name)}>
                    {label}
                  </Button>
                ))
              : null}
            {dashboardHref ? (
              <ButtonLink variant="ghost" size="small" to={dashboardHref} aria-label={`View ${name}'s dashboard`}>
                View dashboard
              </ButtonLink>
            ) : null}
            {refusal ? (
              <span id={refusalId} className={styles["payout-refusal"]}>
                {refusal}
              </span>
            ) : null}
          </div>
        </>
      )}
    </article>
  );
}

/** Where the pending payout goes, as frozen on its invoice at the request: what staff pay, each value copyable. */
function PayTo({ destination }: { destination: PayoutDestination }) {
  return (
    <section className={styles["pay-to"]} aria-label="Pay to">
      <h4>Pay to: {destination.method}</h4>
      <dl>
        {destination.fields.map(([label, value]) => (
          <CopyableValue key={label} label={label} value={value} />
        ))}
      </dl>
    </section>
  );
}

function CopyableValue({ label, value }: { label: string; value: string }) {
  const text = useRef<HTMLElement>(null);
  return (
    <div className={styles["pay-to-field"]}>
      <dt>{label}</dt>
      <dd>
        <code ref={text}>{value}</code>
        <CopyButton
          value={value}
          label={`Copy ${label}`}
          from={() => text.current}
          refusalClassName={styles["payout-refusal"]}
        />
      </dd>
    </div>
  );
}

/** A card's title: the affiliate's name as its heading, then their e-mail and uid. */
interface CardHeaderProps {
  /** The heading's id, which the card is labelled by. */
  id: string;
  name: string;
  email: string;
  uid: string;
  badges: ReactNode;
  children?: ReactNode;
}

/**
 * A card's header: who it is about (name, e-mail and uid), its badges, and what follows them. The affiliate
 * list's cards and the Risk section's cases (issue 33) share it.
 */
export function AffiliateCardHeader({ id, name, email, uid, badges, children }: CardHeaderProps) {
  return (
    <header className={styles["affiliate-card-header"]}>
      <div className={styles["affiliate-card-title"]}>
        <h3 id={id}>{name}</h3>
        <span className={styles["affiliate-card-id"]}>
          {email ? `${email} · ` : ""}
          {uid}
        </span>
      </div>
      <div className={styles["affiliate-card-badges"]}>{badges}</div>
      {children}
    </header>
  );
}

/** One of a card header's badges, in the look `className` adds. */
export function Badge({ className, children }: { className: string | undefined; children: ReactNode }) {
  return (
    <span className={className ? `${styles["affiliate-badge"]} ${className}` : styles["affiliate-badge"]}>
      {children}
    </span>
  );
}

/** One figure of a card: its label and value. */
export function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles["affiliate-stat"]}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
