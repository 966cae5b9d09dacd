import { useState } from "react";
import { formatCount, formatCountOf } from "@domain/numbers";
import type { User } from "firebase/auth";
import { rowCents } from "@domain/advertiser-summary";
import { formatDollars } from "@domain/money";
import type { OverdueRefund, OverdueRefundEvent, OverdueRefunds as Overdue } from "@domain/overdue-refunds";
import { Table, type Column } from "../../components/ui/table";
import { formatMoment } from "../../lib/dates";
import { DisclosurePanel } from "./disclosure-panel";
import { useOverdueRefunds } from "./use-advertiser";
import styles from "./advertiser.module.css";

/** What the section says: how many sales have refunds waiting past the bound. */
export function overdueRefundsLead({ count: sales, older_than_days: days }: Overdue): string {
  if (sales === 0) return `No refund has waited over ${days} days for its sale.`;
  return `Refunds for ${formatCountOf(sales, "sale", "sales")} have waited over ${days} days: the ${sales === 1 ? "sale has" : "sales have"} not arrived.`;
}

function describeRefund(refund: OverdueRefundEvent): string {
  const amount = refund.amount === null ? "all that is left" : formatDollars(rowCents(refund.amount));
  return `${refund.type === "chargeback" ? "Chargeback" : "Refund"} ${refund.event_id}: ${amount}, ${formatMoment(new Date(refund.occurred_at))}`;
}

const columns: Column<OverdueRefund>[] = [
  {
    header: "First received",
    cell: (entry) =>
      entry.first_received_at === null ? "Before this was recorded" : formatMoment(new Date(entry.first_received_at)),
  },
  { header: "Advertiser", cell: (entry) => entry.advertiser_id },
  { header: "Sale", cell: (entry) => entry.sale_id },
  { header: "Affiliate", cell: (entry) => entry.uid },
  {
    header: "Refunds",
    wide: true,
    cell: (entry) => (
      <ul className={styles["overdue-refunds-events"]}>
        {entry.refunds.map((refund) => (
          <li key={refund.event_id}>{describeRefund(refund)}</li>
        ))}
      </ul>
    ),
  },
];

/**
 * Refunds and chargebacks whose sale never arrived (beyond SPEC.md): they wait, changing nothing, until it
 * does; past the bound staff see them here, to take up with the advertiser. A quiet line when there are none,
 * nothing while asking or when asking failed (only logged).
 */
export function OverdueRefunds({ user }: { user: User }) {
  const overdue = useOverdueRefunds(user);
  const [open, setOpen] = useState(false);
  if (!overdue) return null;
  const lead = overdueRefundsLead(overdue);
  if (overdue.count === 0) return <p className="muted">{lead}</p>;

  return (
    <DisclosurePanel
      id="overdue-refunds"
      heading="Refunds waiting for their sale"
      lead={<p className={styles["overdue-refunds-lead"]}>{lead}</p>}
      open={open}
      onToggle={() => setOpen(!open)}
    >
      <Table columns={columns} rows={overdue.pending} rowKey={(entry) => `${entry.advertiser_id}_${entry.sale_id}`} />
      {overdue.count > overdue.pending.length ? (
        <p className="muted">
          Showing the {formatCount(overdue.pending.length)} longest waiting of {formatCount(overdue.count)}.
        </p>
      ) : null}
    </DisclosurePanel>
  );
}
