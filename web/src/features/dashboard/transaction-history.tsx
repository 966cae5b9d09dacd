import { useState } from "react";
import { getDocs, orderBy, query } from "firebase/firestore";
import { useFirestore } from "reactfire";
import { advertisers } from "@domain/advertisers";
import { ordinal } from "@domain/commission";
import type { TransactionDoc } from "@domain/model";
import { formatDollars, formatDollarsFixed } from "@domain/money";
import { saveFile } from "../../lib/api";
import { csvBlob, toCsv } from "../../lib/csv";
import { refs } from "../../lib/firestore-refs";
import { useTransactions } from "./use-affiliate";
import { Button } from "../../components/ui/button";
import { Disclosure } from "../../components/ui/disclosure";
import styles from "./dashboard.module.css";

const pageSize = 25;

const typeLabel = (entry: TransactionDoc) =>
  entry.type === "sale"
    ? entry.repeat_index
      ? `Renewal (${ordinal(entry.repeat_index)})`
      : "Sale"
    : entry.type === "refund"
      ? "Refund"
      : entry.type === "chargeback"
        ? "Chargeback"
        : "Adjustment";

const dateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** SPEC.md §2: transaction history with View/Hide and Export Data, newest first, 500px high. */
export function TransactionHistory({ uid }: { uid: string }) {
  const [open, setOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const db = useFirestore();

  // Export reads the whole ledger once, on request; the view pages through it.
  async function exportData() {
    setExporting(true);
    try {
      const all = await getDocs(query(refs.transactions(db, uid), orderBy("timestamp", "desc")));
      const rows = all.docs.map((snapshot) => {
        const entry = snapshot.data();
        return [
          entry.timestamp.toISOString(),
          entry.type,
          entry.advertiser_id,
          entry.event_id,
          entry.tracker,
          formatDollarsFixed(entry.transaction_cost_cents),
          formatDollarsFixed(entry.earnings_cents),
          entry.refunded,
          entry.repeat_index,
          entry.note,
        ];
      });
      const header = [
        "timestamp",
        "type",
        "advertiser_id",
        "id",
        "tracker",
        "transaction_cost",
        "earnings",
        "refunded",
        "repeat_index",
        "note",
      ];
      saveFile({
        blob: csvBlob(toCsv(header, rows)),
        fileName: `transactions-${new Date().toISOString().slice(0, 10)}.csv`,
      });
    } catch (error) {
      console.error("Export failed:", error);
    } finally {
      setExporting(false);
    }
  }

  return (
    <section aria-labelledby="transactions" className={styles["dashboard-section"]}>
      <div className={styles["section-header"]}>
        <h2 id="transactions">Transaction History</h2>
        <div className={styles.inline}>
          <Disclosure
            open={open}
            onToggle={() => setOpen(!open)}
            controls="transaction-list"
            labels={{ open: "Hide", closed: "View" }}
          />
          <Button variant="ghost" onClick={exportData} disabled={exporting}>
            {exporting ? "Exporting…" : "Export Data"}
          </Button>
        </div>
      </div>
      {open ? <TransactionList uid={uid} /> : null}
    </section>
  );
}

function TransactionList({ uid }: { uid: string }) {
  const [count, setCount] = useState(pageSize);
  const transactions = useTransactions(uid, count);
  if (transactions.status === "loading") return <p className="muted">Loading transactions…</p>;
  if (transactions.status === "error")
    return <p className="message message-error">Transactions could not be loaded.</p>;
  const entries = transactions.data;
  return (
    <div
      id="transaction-list"
      className={styles["transaction-scroll"]}
      tabIndex={0}
      aria-label="Transactions, newest first"
    >
      {entries.length === 0 ? (
        <p className="muted">No transactions yet: sales and refunds of your referrals appear here.</p>
      ) : (
        <table className={styles["transaction-table"]}>
          <thead>
            <tr>
              <th scope="col">Date (UTC)</th>
              <th scope="col">Type</th>
              <th scope="col">Advertiser</th>
              <th scope="col">Tracker</th>
              <th scope="col" className={styles.number}>
                Amount
              </th>
              <th scope="col" className={styles.number}>
                Earnings
              </th>
              <th scope="col">Refunded</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={`${entry.advertiser_id}_${entry.event_id}`}>
                <td>{dateTime.format(entry.timestamp)}</td>
                <td>{typeLabel(entry)}</td>
                <td>{advertisers[entry.advertiser_id]?.name ?? entry.advertiser_id}</td>
                <td>{entry.tracker || "—"}</td>
                <td className={styles.number}>{formatDollars(entry.transaction_cost_cents)}</td>
                <td className={entry.earnings_cents < 0 ? `${styles.number} ${styles.negative}` : styles.number}>
                  {formatDollars(entry.earnings_cents)}
                </td>
                <td>{entry.type === "sale" ? (entry.refunded ? "Yes" : "No") : ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {entries.length === count ? (
        <Button variant="ghost" className={styles["load-more"]} onClick={() => setCount(count + pageSize)}>
          Show older
        </Button>
      ) : null}
    </div>
  );
}
