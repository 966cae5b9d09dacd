import { useState } from "react";
import { getDocs, orderBy, query, type Firestore } from "firebase/firestore";
import { useFirestore } from "reactfire";
import { advertisers } from "@domain/advertisers";
import { ordinal } from "@domain/commission";
import { commissionStatusOf, type CommissionStatus, type StatusContext } from "@domain/commission-status";
import type { TransactionDoc } from "@domain/model";
import { formatDollars, formatDollarsFixed } from "@domain/money";
import { saveFile, type DownloadedFile } from "../../lib/api";
import { csvBlob, toCsv } from "../../lib/csv";
import { refs } from "../../lib/firestore-refs";
import type { RiskCaseSummary } from "@domain/risk";
import { usePayouts, useTransactions } from "./use-affiliate";
import { Button } from "../../components/ui/button";
import { Disclosure } from "../../components/ui/disclosure";
import { Message } from "../../components/ui/message";
import { Table, type Column } from "../../components/ui/table";
import { useAction } from "../../components/ui/use-action";
import { formatDay, formatMoment } from "../../lib/dates";
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
        : entry.type === "cancellation"
          ? "Cancellation"
          : entry.type === "bonus"
            ? "Bonus"
            : "Adjustment";

/** A commission's status as the history says it (issue 33): with its date, and why where it earns nothing. */
export function statusText(status: CommissionStatus | null): string {
  if (!status) return "—";
  switch (status.kind) {
    case "in_hold":
      return `In hold until ${formatDay(status.until)}`;
    case "under_review":
      return `Under review since ${formatDay(status.since)}: ${status.reasons.join(" ")}`;
    case "cancelled":
      return `Cancelled${status.on ? ` on ${formatDay(status.on)}` : ""}: ${status.reason}`;
    case "available":
      return "Available";
    case "in_payout":
      return `In your pending payout (invoice ${status.invoiceNumber})`;
    case "paid":
      return `Paid${status.paidAt ? ` on ${formatDay(status.paidAt)}` : ""} (invoice ${status.invoiceNumber})`;
  }
}

/**
 * The ledger's columns. Read across, as a ledger: on a phone it keeps them, and scrolls in its box. After
 * SPEC.md's, each commission's status (issue 33), which wraps.
 */
const columnsWith = (context: StatusContext, now: Date): Column<TransactionDoc>[] => [
  { header: "Date", cell: (entry) => formatMoment(entry.timestamp) },
  { header: "Type", cell: typeLabel },
  { header: "Advertiser", cell: (entry) => advertisers[entry.advertiser_id]?.name ?? entry.advertiser_id },
  { header: "Tracker", cell: (entry) => entry.tracker || "—" },
  { header: "Amount", number: true, cell: (entry) => formatDollars(entry.transaction_cost_cents) },
  {
    header: "Earnings",
    number: true,
    className: (entry) => (entry.earnings_cents < 0 ? styles.negative : undefined),
    cell: (entry) => formatDollars(entry.earnings_cents),
  },
  { header: "Refunded", cell: (entry) => (entry.type === "sale" ? (entry.refunded ? "Yes" : "No") : "") },
  {
    header: "Status",
    wide: true,
    className: styles["transaction-status"],
    // An adjustment (a credit or a take-back by staff, issue 34) says why instead.
    cell: (entry) =>
      entry.type === "adjustment" && entry.note ? entry.note : statusText(commissionStatusOf(entry, context, now)),
  },
];

/** Export Data: the whole ledger as CSV, read once, on request (the view pages through it). */
async function ledgerCsv(db: Firestore, uid: string): Promise<DownloadedFile> {
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
  return {
    blob: csvBlob(toCsv(header, rows)),
    fileName: `transactions-${new Date().toISOString().slice(0, 10)}.csv`,
  };
}

/** SPEC.md §2: transaction history with View/Hide and Export Data, newest first, 500px high. */
export function TransactionHistory({ uid, riskCase }: { uid: string; riskCase: RiskCaseSummary | null }) {
  const [open, setOpen] = useState(false);
  const exporting = useAction();
  const db = useFirestore();

  // A failure to export is only logged.
  const exportData = () =>
    exporting.run(async () => saveFile(await ledgerCsv(db, uid)), {
      failure: (_, error) => {
        console.error("Export failed:", error);
        return null;
      },
    });

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
          <Button variant="ghost" onClick={() => void exportData()} disabled={exporting.busy}>
            {exporting.busy ? "Exporting…" : "Export Data"}
          </Button>
        </div>
      </div>
      {open ? <TransactionList uid={uid} riskCase={riskCase} /> : null}
    </section>
  );
}

/** The most payouts a status looks through for the one that paid a commission (one a month: years). */
const payoutsConsidered = 100;

function TransactionList({ uid, riskCase }: { uid: string; riskCase: RiskCaseSummary | null }) {
  const [count, setCount] = useState(pageSize);
  const transactions = useTransactions(uid, count);
  const payouts = usePayouts(uid, payoutsConsidered);
  if (transactions.status === "loading") return <p className="muted">Loading transactions…</p>;
  if (transactions.status === "error") {
    return (
      <Message tone="error" announce={false}>
        Transactions could not be loaded.
      </Message>
    );
  }
  const entries = transactions.data;
  // Until the payouts come (or if they cannot be read), a commission past its hold reads as available.
  const context = { riskCase, entries, payouts: payouts.status === "success" ? payouts.data : [] };
  // SPEC.md §2's 500 px box scrolls the rows; the way to older ones stays below it, always in sight.
  return (
    <>
      <div
        id="transaction-list"
        className={styles["transaction-scroll"]}
        tabIndex={0}
        aria-label="Transactions, newest first"
      >
        {entries.length === 0 ? (
          <p className="muted">No transactions yet: sales and refunds of your referrals appear here.</p>
        ) : (
          <Table
            columns={columnsWith(context, new Date())}
            rows={entries}
            rowKey={(entry) => `${entry.advertiser_id}_${entry.event_id}`}
            nowrap
            className={styles["transaction-table"]}
          />
        )}
      </div>
      {entries.length === count ? (
        <Button variant="ghost" className={styles["load-more"]} onClick={() => setCount(count + pageSize)}>
          Show older
        </Button>
      ) : null}
    </>
  );
}
