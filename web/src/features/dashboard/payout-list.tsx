import { useState } from "react";
import type { User } from "firebase/auth";
import type { PayoutDoc } from "@domain/model";
import { formatDollars } from "@domain/money";
import { saveFile } from "../../lib/api";
import { Button } from "../../components/ui/button";
import { downloadInvoice } from "./dashboard-api";
import { usePayouts } from "./use-affiliate";
import styles from "./dashboard.module.css";

const pageSize = 10;

const dateFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

const statusLabel: Record<PayoutDoc["status"], string> = { pending: "Pending", paid: "Paid" };

/**
 * The affiliate's own payouts (beyond SPEC.md), newest request first, a page at a time: when each was asked
 * for and paid, how much, how, and its invoice. Who recorded a payment is staff's business and not shown.
 */
export function PayoutList({ user, uid }: { user: User; uid: string }) {
  const [count, setCount] = useState(pageSize);
  const [downloading, setDownloading] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const payouts = usePayouts(uid, count);

  async function download(invoiceNumber: string) {
    setFailure(null);
    setDownloading(invoiceNumber);
    try {
      saveFile(await downloadInvoice(user, invoiceNumber));
    } catch (error) {
      setFailure((error as Error).message);
    } finally {
      setDownloading(null);
    }
  }

  return (
    <section aria-labelledby="your-payouts" className={styles["dashboard-section"]}>
      <h2 id="your-payouts">Your Payouts</h2>
      {payouts.status === "loading" ? (
        <p className="muted">Loading your payouts…</p>
      ) : payouts.status === "error" ? (
        <p className="message message-error">Your payouts could not be loaded.</p>
      ) : payouts.data.length === 0 ? (
        <p className="muted">No payouts yet: each payout you request is listed here, with its invoice.</p>
      ) : (
        <div className={styles["table-scroll"]} tabIndex={0} aria-label="Your payouts, newest first">
          <table className={styles["payout-table"]}>
            <thead>
              <tr>
                <th scope="col">Requested</th>
                <th scope="col">Paid</th>
                <th scope="col" className={styles.number}>
                  Amount
                </th>
                <th scope="col">Method</th>
                <th scope="col">Status</th>
                <th scope="col">Invoice</th>
              </tr>
            </thead>
            <tbody>
              {payouts.data.map((payout) => {
                const number = payout.invoice.invoice_number;
                return (
                  <tr key={number}>
                    <td>{dateFormat.format(payout.requested_at)}</td>
                    <td>{payout.paid_at ? dateFormat.format(payout.paid_at) : "—"}</td>
                    <td className={styles.number}>{formatDollars(payout.amount_cents)}</td>
                    <td>{payout.method}</td>
                    <td className={payout.status === "pending" ? styles["status-pending"] : undefined}>
                      {statusLabel[payout.status]}
                    </td>
                    <td>
                      <Button
                        size="small"
                        variant="ghost"
                        onClick={() => download(number)}
                        disabled={downloading !== null}
                        aria-label={`Invoice ${number} (PDF)`}
                      >
                        {downloading === number ? "Downloading…" : number}
                      </Button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {payouts.data.length === count ? (
            <Button variant="ghost" className={styles["load-more"]} onClick={() => setCount(count + pageSize)}>
              Show older
            </Button>
          ) : null}
        </div>
      )}
      {failure ? (
        <p className="message message-error" role="alert">
          {failure}
        </p>
      ) : null}
    </section>
  );
}
