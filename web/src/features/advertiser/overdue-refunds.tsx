import { useState } from "react";
import type { User } from "firebase/auth";
import { rowCents } from "@domain/advertiser-summary";
import { formatDollars } from "@domain/money";
import type { OverdueRefundEvent, OverdueRefunds as Overdue } from "@domain/overdue-refunds";
import { DisclosurePanel, timeFormat } from "./disclosure-panel";
import { useOverdueRefunds } from "./use-advertiser";
import styles from "./advertiser.module.css";

const count = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** What the section says: how many sales have refunds waiting past the bound. */
export function overdueRefundsLead({ count: sales, older_than_days: days }: Overdue): string {
  if (sales === 0) return `No refund has waited over ${days} days for its sale.`;
  return `Refunds for ${count(sales, "sale", "sales")} have waited over ${days} days: the ${sales === 1 ? "sale has" : "sales have"} not arrived.`;
}

function describeRefund(refund: OverdueRefundEvent): string {
  const amount = refund.amount === null ? "all that is left" : formatDollars(rowCents(refund.amount));
  return `${refund.type === "chargeback" ? "Chargeback" : "Refund"} ${refund.event_id}: ${amount}, ${timeFormat.format(new Date(refund.occurred_at))}`;
}

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
      <table className={styles["advertiser-table"]}>
        <thead>
          <tr>
            <th scope="col">First received</th>
            <th scope="col">Advertiser</th>
            <th scope="col">Sale</th>
            <th scope="col">Affiliate</th>
            <th scope="col">Refunds</th>
          </tr>
        </thead>
        <tbody>
          {overdue.pending.map((entry) => (
            <tr key={`${entry.advertiser_id}_${entry.sale_id}`}>
              <td>
                {entry.first_received_at === null
                  ? "Before this was recorded"
                  : timeFormat.format(new Date(entry.first_received_at))}
              </td>
              <td>{entry.advertiser_id}</td>
              <td>{entry.sale_id}</td>
              <td>{entry.uid}</td>
              <td>
                <ul className={styles["overdue-refunds-events"]}>
                  {entry.refunds.map((refund) => (
                    <li key={refund.event_id}>{describeRefund(refund)}</li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {overdue.count > overdue.pending.length ? (
        <p className="muted">
          Showing the {overdue.pending.length.toLocaleString("en-US")} longest waiting of{" "}
          {overdue.count.toLocaleString("en-US")}.
        </p>
      ) : null}
    </DisclosurePanel>
  );
}
