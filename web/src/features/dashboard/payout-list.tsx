import { useState } from "react";
import type { User } from "firebase/auth";
import type { PayoutDoc } from "@domain/model";
import { formatDollars } from "@domain/money";
import { saveFile } from "../../lib/api";
import { formatDay } from "../../lib/dates";
import { Button } from "../../components/ui/button";
import { Message } from "../../components/ui/message";
import { Table, type Column } from "../../components/ui/table";
import { useAction } from "../../components/ui/use-action";
import { downloadInvoice } from "./dashboard-api";
import { usePayouts } from "./use-affiliate";
import styles from "./dashboard.module.css";

const pageSize = 10;

const statusLabel: Record<PayoutDoc["status"], string> = { pending: "Pending", paid: "Paid" };

/**
 * The affiliate's own payouts (beyond SPEC.md), newest request first, a page at a time: when each was asked
 * for and paid, how much, how, and its invoice. Who recorded a payment is staff's business and not shown.
 */
export function PayoutList({ user, uid }: { user: User; uid: string }) {
  const [count, setCount] = useState(pageSize);
  // Downloading an invoice, named by its number while it runs.
  const downloading = useAction();
  const payouts = usePayouts(uid, count);

  const download = (invoiceNumber: string) =>
    downloading.run(async () => saveFile(await downloadInvoice(user, invoiceNumber)), { name: invoiceNumber });

  const columns: Column<PayoutDoc>[] = [
    { header: "Requested", cell: (payout) => formatDay(payout.requested_at) },
    { header: "Paid", cell: (payout) => (payout.paid_at ? formatDay(payout.paid_at) : "—") },
    { header: "Amount", number: true, cell: (payout) => formatDollars(payout.amount_cents) },
    { header: "Method", cell: (payout) => payout.method },
    {
      header: "Status",
      className: (payout) => (payout.status === "pending" ? styles["status-pending"] : undefined),
      cell: (payout) => statusLabel[payout.status],
    },
    {
      header: "Invoice",
      wide: true,
      cell: ({ invoice: { invoice_number: number } }) => (
        <Button
          size="small"
          variant="ghost"
          onClick={() => void download(number)}
          disabled={downloading.busy}
          aria-label={`Invoice ${number} (PDF)`}
        >
          {downloading.running === number ? "Downloading…" : number}
        </Button>
      ),
    },
  ];

  return (
    <section aria-labelledby="your-payouts" className={styles["dashboard-section"]}>
      <h2 id="your-payouts">Your Payouts</h2>
      {payouts.status === "loading" ? (
        <p className="muted">Loading your payouts…</p>
      ) : payouts.status === "error" ? (
        <Message tone="error" announce={false}>
          Your payouts could not be loaded.
        </Message>
      ) : payouts.data.length === 0 ? (
        <p className="muted">No payouts yet: each payout you request is listed here, with its invoice.</p>
      ) : (
        <div className={styles["table-scroll"]} tabIndex={0} aria-label="Your payouts, newest first">
          <Table columns={columns} rows={payouts.data} rowKey={(payout) => payout.invoice.invoice_number} nowrap />
          {payouts.data.length === count ? (
            <Button variant="ghost" className={styles["load-more"]} onClick={() => setCount(count + pageSize)}>
              Show older
            </Button>
          ) : null}
        </div>
      )}
      {downloading.message ? <Message tone={downloading.message.tone}>{downloading.message.text}</Message> : null}
    </section>
  );
}
